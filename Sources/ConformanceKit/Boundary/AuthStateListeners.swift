/// The ID-token listeners of an adapter's client, kept as the boundary asks (``AuthClient``'s
/// `addIDTokenDidChangeListener(_:)`): each hears the current user at once when it is added, then every change, in
/// the order they were added. Kept in the adapter's actor (or under its lock); ``notify(_:)`` after each change.
public struct AuthStateListeners: Sendable {
    private var listeners: [(id: Int, listener: @Sendable (AuthUser?) -> Void)] = []
    private var lastID = 0

    public init() {}

    /// Adds `listener`, and tells it `current`, as Firebase's `addIDTokenDidChangeListener` does.
    public mutating func add(
        _ listener: @escaping @Sendable (AuthUser?) -> Void, current: AuthUser?
    ) -> ListenerRegistration {
        lastID += 1
        listeners.append((lastID, listener))
        listener(current)
        return ListenerRegistration(id: lastID)
    }

    public mutating func remove(_ registration: ListenerRegistration) {
        listeners.removeAll { $0.id == registration.id }
    }

    /// Tells every listener `user`.
    public func notify(_ user: AuthUser?) { for (_, listener) in listeners { listener(user) } }
}
