import ConformanceKit

/// What a successful sign-in returns to the client.
struct SignInResponse: Sendable {
    let user: AuthUser
    let tokens: SessionTokens
    let isNewUser: Bool
    let providerID: String
    /// The provider's profile and credential, for an OAuth sign-in.
    var profile: [String: String]? = nil
    var credential: AuthCredential? = nil
}

/// A first-factor sign-in either signs the user in or asks for a second factor (MFA-6).
enum SignInOutcome: Sendable {
    case signedIn(SignInResponse)
    case secondFactorRequired(pendingID: String, hints: [MultiFactorInfo], message: String)
}
