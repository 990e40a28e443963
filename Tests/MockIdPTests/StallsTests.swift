import MockIdP
import Testing

@Suite("Stalling parties move time from deadline to deadline")
struct StallTests {
    @Test("a caller's timeout fires at exactly its deadline, run after run", arguments: 1...20)
    func exactDeadline(run: Int) async throws {
        let world = World()
        world.mail.set(.stalling)
        let timeout = Duration.seconds(17 + run)
        await #expect(throws: TimeoutError.self) {
            try await world.clock.withTimeout(timeout) {
                try await world.mail.send(to: "a@example.com", subject: "s", body: "b")
            }
        }
        #expect(world.clock.now == VirtualClock.Instant(offset: timeout))
    }

    @Test("a deadline set only after the party began to stall is still met exactly")
    func lateDeadline() async throws {
        let world = World()
        world.sms.set(.stalling)
        let outcome = await withTaskGroup(of: String.self) { group in
            group.addTask {
                do { try await world.sms.send(to: "+16505550101", text: "x", language: nil) } catch {
                    return "call: \(error)"
                }
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
        let call = Task {
            try await world.clock.withTimeout(.seconds(60)) {
                try await world.sms.send(to: "+16505550101", text: "x", language: nil)
            }
        }
        await world.stalls.waitForExhaustion()
        #expect(world.transcript.all.last?.description.contains("kept the caller waiting for 5s") == true)
        #expect(world.clock.now == VirtualClock.Instant(offset: .seconds(5)))
        call.cancel()
        _ = await call.result
    }

    @Test("while a party stalls it is listed as pending, with its name and when it began")
    func pendingWhileStalling() async throws {
        let world = World()
        world.clock.advance(by: .seconds(7))
        world.sms.set(.stalling)
        let call = Task { try await world.sms.send(to: "+16505550101", text: "x", language: nil) }
        while world.stalls.pending.isEmpty { await Task.yield() }
        let pending = world.stalls.pending
        #expect(pending.count == 1 && pending.first?.since == VirtualClock.Instant(offset: .seconds(7)))
        #expect(pending.first?.party.isEmpty == false)
        call.cancel()
        _ = await call.result
        #expect(world.stalls.pending.isEmpty)
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
