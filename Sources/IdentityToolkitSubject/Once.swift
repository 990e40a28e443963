import Synchronization

/// A value worked out once, by the work of the first caller that asks; callers at the same time wait for that work,
/// and later ones get its value. What a subject or a backend asks a server only once: a new tenant's settings, the
/// pointing at the check's providers.
final class Once<Value: Sendable>: Sendable {
    private let started = Mutex<Task<Value, Never>?>(nil)

    func value(_ work: @escaping @Sendable () async -> Value) async -> Value {
        let task = started.withLock { started in
            if let started { return started }
            let task = Task { await work() }
            started = task
            return task
        }
        return await task.value
    }
}
