import ConformanceKit

/// What a successful sign-in returns to the client.
package struct SignInResponse: Sendable {
    package let user: AuthUser
    package let tokens: SessionTokens
    package let isNewUser: Bool
    package let providerID: String
    /// The provider's profile and credential, for an OAuth sign-in.
    package var profile: [String: String]? = nil
    package var credential: AuthCredential? = nil
}

/// A first-factor sign-in either signs the user in or asks for a second factor (MFA-6).
package enum SignInOutcome: Sendable {
    case signedIn(SignInResponse)
    case secondFactorRequired(pendingID: String, hints: [MultiFactorInfo], message: String)
}
