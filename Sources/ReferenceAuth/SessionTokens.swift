import MockIdP

/// The tokens of a signed-in session, as the backend hands them to a client.
struct SessionTokens: Sendable {
    let idToken: String
    let refreshToken: String
    let expiresAt: VirtualClock.Instant
}

/// What a refresh token stands for.
struct SessionGrant: Sendable {
    let uid: String
    let provider: String
    let authTime: VirtualClock.Instant
    let secondFactor: String?
}
