import ConformanceKit
import MockIdP

/// A pending phone verification: the verification ID maps to one of these.
struct PhoneVerification: Sendable {
    enum Purpose: Sendable, Equatable {
        /// Phone as the first factor.
        case signIn
        /// Enrolling a second factor for a user.
        case enrollment(uid: String)
        /// Proving a second factor for one pending sign-in.
        case secondFactor(pendingID: String, factorUID: String)
    }

    let phoneNumber: String
    let code: String
    let expiresAt: VirtualClock.Instant?
    let isTestNumber: Bool
    let purpose: Purpose
    var isUsed = false
}

/// A first factor that succeeded for a multi-factor user, waiting for the second (the resolver's session).
struct PendingSignIn: Sendable {
    let uid: String
    let provider: String
    let expiresAt: VirtualClock.Instant?
}

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

/// What a successful sign-in returns to the client.
struct SignInResponse: Sendable {
    let user: AuthUser
    let tokens: SessionTokens
    let isNewUser: Bool
    let providerID: String
}

/// A first-factor sign-in either signs the user in or asks for a second factor (MFA-6).
enum SignInOutcome: Sendable {
    case signedIn(SignInResponse)
    case secondFactorRequired(pendingID: String, hints: [MultiFactorInfo], message: String)
}
