import Synchronization

/// Collects what a listener receives, for a check to read afterwards.
public final class EventLog<Event: Sendable>: Sendable {
    private let events = Mutex<[Event]>([])

    public init() {}

    public func append(_ event: Event) { events.withLock { $0.append(event) } }

    public var all: [Event] { events.withLock { $0 } }

    /// Whether an event after the first `skipping` matches `predicate`, giving a subject that notifies
    /// asynchronously (as Firebase does, on the main queue) a bounded number of scheduling turns to deliver it.
    /// No time passes: the check only yields.
    public func contains(after skipping: Int = 0, turns: Int = 100, where predicate: (Event) -> Bool) async -> Bool {
        for _ in 0..<turns {
            if all.dropFirst(skipping).contains(where: predicate) { return true }
            await Task.yield()
        }
        return all.dropFirst(skipping).contains(where: predicate)
    }
}
