import Synchronization

/// Collects what a listener receives, for a check to read afterwards.
public final class EventLog<Event: Sendable>: Sendable {
    private let events = Mutex<[Event]>([])

    public init() {}

    public func append(_ event: Event) { events.withLock { $0.append(event) } }

    public var all: [Event] { events.withLock { $0 } }
}
