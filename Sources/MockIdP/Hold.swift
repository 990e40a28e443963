import Synchronization

/// Calls to a party accepted and kept waiting until the check releases them: the window in which calls made at
/// the same time overlap, held open by the world instead of left to scheduling (PHONE-7, PHONE-17, AUTH-2, AUTH-3,
/// AUTH-6). Each call held is reported to `onHeld`, with its number (1, 2, …), the moment it arrives, so a check
/// waits for the calls it started, never for time.
package final class Hold: Sendable {
    private struct State {
        var held = 0
        /// No call is held any more: every waiting one went on, and later ones pass.
        var released = false
        /// Later calls pass; the ones already held stay until released.
        var holdsLaterCalls = true
        var waiters: [Int: CheckedContinuation<Void, Never>] = [:]
        /// Numbers released before their call got as far as waiting.
        var releasedEarly: Set<Int> = []
    }

    private let state = Mutex(State())
    private let onHeld: @Sendable (Int) -> Void

    init(onHeld: @escaping @Sendable (Int) -> Void) { self.onHeld = onHeld }

    /// How many calls arrived while the hold was on.
    package var count: Int { state.withLock { $0.held } }

    /// Lets every held call go on, oldest first, and every later one pass.
    package func release() {
        let waiters = state.withLock { state in
            state.released = true
            defer { state.waiters = [:] }
            return state.waiters.sorted { $0.key < $1.key }.map(\.value)
        }
        for waiter in waiters { waiter.resume() }
    }

    /// Lets the call numbered `number` go on; the others stay held.
    package func release(_ number: Int) {
        let waiter = state.withLock { state in
            let waiter = state.waiters.removeValue(forKey: number)
            if waiter == nil { state.releasedEarly.insert(number) }
            return waiter
        }
        waiter?.resume()
    }

    /// From now on calls pass; the ones held stay held until released.
    package func passLaterCalls() { state.withLock { $0.holdsLaterCalls = false } }

    /// Keeps the calling party waiting until it is released; false if its caller gave up (cancelled) first.
    /// `recording` notes the call's number in the transcript before anyone hears of it.
    func wait(recording: (Int) -> Void = { _ in }) async -> Bool {
        let number: Int? = state.withLock { state in
            guard !state.released, state.holdsLaterCalls else { return nil }
            state.held += 1
            return state.held
        }
        guard let number else { return true }
        recording(number)
        onHeld(number)
        await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                let go = state.withLock { state in
                    if state.released || Task.isCancelled || state.releasedEarly.remove(number) != nil { return true }
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
