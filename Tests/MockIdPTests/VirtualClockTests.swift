import Foundation
import MockIdP
import Synchronization
import Testing

@Suite("The virtual clock")
struct VirtualClockTests {
    @Test("a sleeper wakes only when time is advanced to its deadline")
    func sleeper() async throws {
        let clock = VirtualClock(epoch: World.defaultEpoch)
        let woke = Mutex(false)
        let sleeper = Task {
            try await clock.sleep(until: VirtualClock.Instant(offset: .seconds(10)))
            woke.withLock { $0 = true }
        }
        while clock.generation == 0 { await Task.yield() }
        clock.advance(by: .seconds(9))
        #expect(woke.withLock { $0 } == false)
        clock.advance(by: .seconds(1))
        try await sleeper.value
        #expect(woke.withLock { $0 })
        #expect(clock.date == World.defaultEpoch.addingTimeInterval(10))
    }

    @Test("a deadline in the past wakes at once; a cancelled sleeper throws")
    func pastAndCancelled() async throws {
        let clock = VirtualClock(epoch: World.defaultEpoch)
        clock.advance(by: .seconds(5))
        try await clock.sleep(until: VirtualClock.Instant(offset: .seconds(1)))
        let sleeper = Task { try await clock.sleep(for: .seconds(60)) }
        sleeper.cancel()
        await #expect(throws: CancellationError.self) { try await sleeper.value }
    }

    @Test("it is a Clock: code written for any Clock<Duration> runs on virtual time")
    func anyClock() async throws {
        func pause(on clock: some Clock<Duration>) async throws { try await clock.sleep(for: .seconds(3)) }
        let clock = VirtualClock(epoch: World.defaultEpoch)
        let paused = Task { try await pause(on: clock) }
        while clock.generation == 0 { await Task.yield() }
        clock.advance(by: .seconds(3))
        try await paused.value
        #expect(clock.now == VirtualClock.Instant(offset: .seconds(3)))
    }

    @Test("withTimeout returns the operation's value, or gives up at its deadline and cancels the operation")
    func timeout() async throws {
        let world = World()
        #expect(try await world.clock.withTimeout(.seconds(5)) { 42 } == 42)
        world.sms.set(.stalling)
        let start = world.clock.now
        await #expect(throws: TimeoutError(timeout: .seconds(20))) {
            try await world.clock.withTimeout(.seconds(20)) { try await world.sms.send(to: "+16505550101", text: "x", language: nil) }
        }
        #expect(start.duration(to: world.clock.now) == .seconds(20))
    }
}

@Suite("Stalling parties move time from deadline to deadline")
struct StallTests {
    @Test("a caller's timeout fires at exactly its deadline, run after run", arguments: 1...20)
    func exactDeadline(run: Int) async throws {
        let world = World()
        world.mail.set(.stalling)
        let timeout = Duration.seconds(17 + run)
        await #expect(throws: TimeoutError.self) {
            try await world.clock.withTimeout(timeout) { try await world.mail.send(to: "a@example.com", subject: "s", body: "b") }
        }
        #expect(world.clock.now == VirtualClock.Instant(offset: timeout))
    }

    @Test("a deadline set only after the party began to stall is still met exactly")
    func lateDeadline() async throws {
        let world = World()
        world.sms.set(.stalling)
        let outcome = await withTaskGroup(of: String.self) { group in
            group.addTask {
                do { try await world.sms.send(to: "+16505550101", text: "x", language: nil) } catch { return "call: \(error)" }
                return "call answered"
            }
            group.addTask {
                while world.transcript.all.isEmpty { await Task.yield() }
                do { try await world.clock.sleep(for: .seconds(30)) } catch { return "timer cancelled" }
                return "timed out"
            }
            let first = await group.next() ?? ""
            group.cancelAll()
            return first
        }
        #expect(outcome == "timed out")
        #expect(world.clock.now == VirtualClock.Instant(offset: .seconds(30)))
    }

    @Test("a caller whose deadline lies beyond the stall budget is reported at the budget")
    func exhausted() async {
        let world = World(stallBudget: .seconds(5))
        world.sms.set(.stalling)
        let call = Task { try await world.clock.withTimeout(.seconds(60)) { try await world.sms.send(to: "+16505550101", text: "x", language: nil) } }
        await world.stalls.waitForExhaustion()
        #expect(world.transcript.all.last?.description.contains("kept the caller waiting for 5s") == true)
        #expect(world.clock.now == VirtualClock.Instant(offset: .seconds(5)))
        call.cancel()
        _ = await call.result
    }

    @Test("a stalling party is listed as pending until its caller gives up")
    func pending() async throws {
        let world = World()
        world.sms.set(.stalling)
        await #expect(throws: TimeoutError.self) {
            try await world.clock.withTimeout(.seconds(1)) {
                #expect(world.stalls.pending.isEmpty)
                try await world.sms.send(to: "+16505550101", text: "x", language: nil)
            }
        }
        #expect(world.stalls.pending.isEmpty)
    }
}
