import Synchronization

/// How parties of the world fail to answer. A stalling party keeps its caller waiting while virtual time
/// passes (one second per step), so a caller that measures its timeout on the world's clock gives up in
/// time, and one that never gives up is reported instead of hanging the run.
public final class Stalls: Sendable {
    /// How long a stalling party waits, in virtual time, before it reports its caller as hung.
    public let budget: Swift.Duration
    private let clock: VirtualClock
    private let transcript: Transcript
    private let state = Mutex<(exhausted: Bool, waiters: [CheckedContinuation<Void, Never>])>((false, []))

    init(clock: VirtualClock, transcript: Transcript, budget: Swift.Duration) {
        self.clock = clock
        self.transcript = transcript
        self.budget = budget
    }

    /// Keeps the caller waiting until its task is cancelled. After ``budget`` without cancellation the
    /// stall is recorded as exhausted and ``waitForExhaustion()`` returns; the caller still waits.
    func stall(party: String) async throws(PartyError) {
        var waited = Swift.Duration.zero
        while waited < budget {
            if Task.isCancelled { throw .abandoned }
            clock.advance(by: .seconds(1))
            waited += .seconds(1)
            await Task.yield()
        }
        if Task.isCancelled { throw .abandoned }
        transcript.record(.stallExhausted(party: party, after: waited))
        let waiters = state.withLock { state in
            state.exhausted = true
            defer { state.waiters = [] }
            return state.waiters
        }
        for waiter in waiters { waiter.resume() }
        await CancellationGate().waitUntilCancelled()
        throw .abandoned
    }

    /// Returns once some party has stalled for its whole budget: the caller it kept waiting never gave up.
    public func waitForExhaustion() async {
        await withCheckedContinuation { continuation in
            let exhausted = state.withLock { state in
                if !state.exhausted { state.waiters.append(continuation) }
                return state.exhausted
            }
            if exhausted { continuation.resume() }
        }
    }
}

/// Suspends until the current task is cancelled.
private final class CancellationGate: Sendable {
    private let slot = Mutex<CheckedContinuation<Void, Never>?>(nil)

    func waitUntilCancelled() async {
        await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                let cancelled = slot.withLock { slot -> Bool in
                    if Task.isCancelled { return true }
                    slot = continuation
                    return false
                }
                if cancelled { continuation.resume() }
            }
        } onCancel: {
            slot.withLock { slot in
                slot?.resume()
                slot = nil
            }
        }
    }
}
