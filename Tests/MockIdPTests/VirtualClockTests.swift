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
            try await world.clock.withTimeout(.seconds(20)) {
                try await world.sms.send(to: "+16505550101", text: "x", language: nil)
            }
        }
        #expect(start.duration(to: world.clock.now) == .seconds(20))
    }
}
