import Synchronization

/// Collects what a listener receives, for a check to read, and lets the check wait for an event without
/// depending on when the subject's notifier is scheduled: a subject that notifies asynchronously (as
/// Firebase does, on the main queue) is waited for as long as it takes; one that never notifies is
/// reported by the runner's watchdog with what the check was waiting for.
package final class EventLog<Event: Sendable>: Sendable {
    private struct State {
        var events: [Event] = []
        var waiters: [Int: CheckedContinuation<Void, Never>] = [:]
        var nextWaiter = 0
    }

    private let state = Mutex(State())

    package init() {}

    package func append(_ event: Event) {
        let waiters = state.withLock { state in
            state.events.append(event)
            defer { state.waiters = [:] }
            return state.waiters.values
        }
        for waiter in waiters { waiter.resume() }
    }

    package var all: [Event] { state.withLock { $0.events } }

    package var count: Int { state.withLock { $0.events.count } }

    /// The first event after the first `skipping` that matches `predicate`, once it has arrived.
    @discardableResult
    package func next(after skipping: Int = 0, where predicate: (Event) -> Bool = { _ in true }) async throws -> Event {
        while true {
            let (events, seen) = state.withLock { ($0.events, $0.events.count) }
            if let match = events.dropFirst(skipping).first(where: predicate) { return match }
            try Task.checkCancellation()
            await arrival(after: seen)
        }
    }

    /// Returns once more than `count` events have arrived, or the task is cancelled.
    private func arrival(after count: Int) async {
        let id = state.withLock { state in
            state.nextWaiter += 1
            return state.nextWaiter
        }
        await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                let arrived = state.withLock { state in
                    if state.events.count > count || Task.isCancelled { return true }
                    state.waiters[id] = continuation
                    return false
                }
                if arrived { continuation.resume() }
            }
        } onCancel: {
            state.withLock { $0.waiters.removeValue(forKey: id) }?.resume()
        }
    }
}
