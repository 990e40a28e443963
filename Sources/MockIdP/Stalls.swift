import Synchronization

/// A stall that ran out of budget: its caller never gave up.
package enum StallEvent: Sendable, Hashable, CustomStringConvertible {
    case exhausted(party: String, after: Swift.Duration)

    package var description: String {
        switch self {
        case .exhausted(let party, let after):
            "\(party) kept the caller waiting for \(after.formatted) of virtual time without being abandoned"
        }
    }
}

/// How parties of the world fail to answer. A stalling party keeps its caller waiting while the world's time
/// moves from one pending deadline to the next: after each, it waits until the woken sleeper has reacted
/// (cancelled the stalled call, or set a new deadline) before it moves time again. So a caller that times
/// out on the world's clock gives up at exactly its deadline, whatever the machine's load, and one whose
/// deadline lies beyond the ``budget`` is reported instead of hanging the run. A caller that sets no
/// deadline at all never lets time move: the runner's watchdog reports it.
package final class Stalls: Sendable {
    /// How long a stalling party waits, in virtual time, before it reports its caller as hung.
    package let budget: Swift.Duration
    private let clock: VirtualClock
    private let transcript: Transcript

    private struct Stall {
        let party: String
        let start: VirtualClock.Instant
    }

    private struct State {
        var active: [UInt64: Stall] = [:]
        var nextID: UInt64 = 0
        /// The stall that last moved time, and the clock's generation then: until the generation moves on
        /// (a new deadline) or that stall ends, nobody moves time again.
        var awaitingReaction: (stall: UInt64, generation: UInt64)?
        var exhausted = false
        var exhaustionWaiters: [CheckedContinuation<Void, Never>] = []
    }

    private let state = Mutex(State())

    init(clock: VirtualClock, transcript: Transcript, budget: Swift.Duration) {
        self.clock = clock
        self.transcript = transcript
        self.budget = budget
    }

    /// Keeps the caller waiting until its task is cancelled, moving the world's time to each deadline the
    /// subject sets. Past ``budget`` the stall is recorded as exhausted and ``waitForExhaustion()`` returns;
    /// the caller still waits.
    func stall(party: String) async throws(PartyError) {
        let start = clock.now
        let id = state.withLock { state in
            state.nextID += 1
            state.active[state.nextID] = Stall(party: party, start: start)
            return state.nextID
        }
        defer {
            state.withLock { state in
                state.active[id] = nil
                if state.awaitingReaction?.stall == id { state.awaitingReaction = nil }
            }
            clock.signal()
        }
        while !Task.isCancelled {
            let generation = clock.generation
            if claimTurn(for: id, at: generation) {
                switch clock.advanceToEarliestDeadline(ifGeneration: generation, notBeyond: start.advanced(by: budget))
                {
                case .advanced: continue
                case .stale:
                    yieldTurn(of: id)
                    continue
                case .noDeadline: yieldTurn(of: id)
                case .beyondLimit:
                    clock.advance(to: start.advanced(by: budget))
                    exhaust(party: party)
                    await clock.change(after: .max)
                    continue
                }
            }
            await clock.change(after: generation)
        }
        throw .abandoned
    }

    /// Whether this stall may move time now: nobody is exhausted, and no earlier move awaits its reaction.
    private func claimTurn(for id: UInt64, at generation: UInt64) -> Bool {
        state.withLock { state in
            guard !state.exhausted else { return false }
            if let pending = state.awaitingReaction, pending.generation == generation,
                state.active[pending.stall] != nil
            {
                return false
            }
            state.awaitingReaction = (id, generation)
            return true
        }
    }

    private func yieldTurn(of id: UInt64) {
        state.withLock { state in if state.awaitingReaction?.stall == id { state.awaitingReaction = nil } }
    }

    private func exhaust(party: String) {
        transcript.record(.stall(.exhausted(party: party, after: budget)))
        let waiters = state.withLock { state in
            state.exhausted = true
            defer { state.exhaustionWaiters = [] }
            return state.exhaustionWaiters
        }
        for waiter in waiters { waiter.resume() }
    }

    /// Returns once some party has stalled for its whole budget: the caller it kept waiting never gave up.
    package func waitForExhaustion() async {
        await withCheckedContinuation { continuation in
            let exhausted = state.withLock { state in
                if !state.exhausted { state.exhaustionWaiters.append(continuation) }
                return state.exhausted
            }
            if exhausted { continuation.resume() }
        }
    }

    /// The parties stalling right now, with the time each started: evidence for a check that hangs.
    package var pending: [(party: String, since: VirtualClock.Instant)] {
        state.withLock { $0.active.sorted { $0.key < $1.key }.map { ($0.value.party, $0.value.start) } }
    }
}
