import Synchronization

/// Calls to a party accepted and kept waiting until the check releases them: the window in which calls made at
/// the same time overlap, held open by the world instead of left to scheduling (PHONE-17, AUTH-2). Each call
/// held is reported to `onHeld` the moment it arrives, so a check waits for the calls it started, never for time.
public final class Hold: Sendable {
    private struct State {
        var held = 0
        var released = false
        var waiters: [Int: CheckedContinuation<Void, Never>] = [:]
    }

    private let state = Mutex(State())
    private let onHeld: @Sendable (Int) -> Void

    init(onHeld: @escaping @Sendable (Int) -> Void) {
        self.onHeld = onHeld
    }

    /// How many calls arrived while the hold was on.
    public var count: Int { state.withLock { $0.held } }

    /// Lets every held call go on, and every later one pass.
    public func release() {
        let waiters = state.withLock { state in
            state.released = true
            defer { state.waiters = [:] }
            return state.waiters.values
        }
        for waiter in waiters { waiter.resume() }
    }

    /// Keeps the calling party waiting until ``release()``; false if its caller gave up (cancelled) first.
    func wait() async -> Bool {
        let number: Int? = state.withLock { state in
            guard !state.released else { return nil }
            state.held += 1
            return state.held
        }
        guard let number else { return true }
        onHeld(number)
        await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                let go = state.withLock { state in
                    if state.released || Task.isCancelled { return true }
                    state.waiters[number] = continuation
                    return false
                }
                if go { continuation.resume() }
            }
        } onCancel: {
            state.withLock { $0.waiters.removeValue(forKey: number) }?.resume()
        }
        return !Task.isCancelled
    }
}
