import Synchronization

/// Runs each contender in a task of its own and returns the first result. The others are cancelled and
/// left behind, so a subject that never returns (and ignores cancellation) cannot hold up the caller. Inside a
/// check the contenders stay on the check's executor, so the runner still sees them as the check's work.
package func firstFinished<T: Sendable>(_ contenders: [@Sendable () async -> T]) async -> T {
    let race = Race<T>()
    let tasks = contenders.map { contender in
        Task(executorPreference: CheckExecutor.current) { race.finish(await contender()) }
    }
    let winner = await race.value()
    for task in tasks { task.cancel() }
    return winner
}

/// The first value finished wins; later ones are dropped.
final class Race<T: Sendable>: Sendable {
    private struct State {
        var winner: T?
        var finished = false
        var waiter: CheckedContinuation<T, Never>?
    }

    private let state = Mutex(State())

    func finish(_ value: T) {
        let waiter = state.withLock { state -> CheckedContinuation<T, Never>? in
            guard !state.finished else { return nil }
            state.finished = true
            state.winner = value
            defer { state.waiter = nil }
            return state.waiter
        }
        waiter?.resume(returning: value)
    }

    func value() async -> T {
        await withCheckedContinuation { continuation in
            let winner = state.withLock { state -> T? in
                if state.finished { return state.winner }
                state.waiter = continuation
                return nil
            }
            if let winner { continuation.resume(returning: winner) }
        }
    }
}
