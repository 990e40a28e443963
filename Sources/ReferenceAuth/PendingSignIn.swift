import MockIdP

/// A first factor that succeeded for a multi-factor user, waiting for the second (the resolver's session).
struct PendingSignIn: Sendable {
    let uid: String
    let provider: String
    var expiresAt: VirtualClock.Instant?
}
