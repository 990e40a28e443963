import MockIdP

/// A pending phone verification: the verification ID maps to one of these.
package struct PhoneVerification: Sendable {
    enum Purpose: Sendable, Equatable {
        /// Phone as the first factor.
        case signIn
        /// Enrolling a second factor for a user.
        case enrollment(uid: String)
        /// Proving a second factor for one pending sign-in.
        case secondFactor(pendingID: String, factorUID: String)

        /// The enrolled factor a second-factor code proves, if it is one.
        var factorUID: String? { if case .secondFactor(_, let factorUID) = self { factorUID } else { nil } }
    }

    package let phoneNumber: String
    package let code: String
    var expiresAt: VirtualClock.Instant?
    let isTestNumber: Bool
    let purpose: Purpose
    var isUsed = false
    var wrongAttempts = 0
    var answeredExpired = false
}
