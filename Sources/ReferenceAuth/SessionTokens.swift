import MockIdP

/// The tokens of a signed-in session, as the backend hands them to a client.
package struct SessionTokens: Sendable {
    package let idToken: String
    package let refreshToken: String
    let expiresAt: VirtualClock.Instant
    /// The ID token's lifetime in seconds, as the server's `expiresIn` says it.
    package let expiresIn: Int
}

/// What a refresh token stands for.
package struct SessionGrant: Sendable {
    package let uid: String
    let provider: String
    let authTime: VirtualClock.Instant
    let secondFactor: String?
    /// The enrollment ID of that second factor (`firebase.second_factor_identifier`).
    var secondFactorIdentifier: String? = nil
}
