import ConformanceKit

extension ReferenceBehaviour {
    /// How a verification's code is checked (PHONE-5 … PHONE-8, PHONE-19).
    struct Codes: Sendable {
        /// Whether a given code is the sent one: compared whole.
        var matches: @Sendable (_ given: String, _ sent: String) -> Bool = { $0 == $1 }
        var singleUse = true
        var expire = true
        /// A code is expired at exactly its lifetime, not one tick later.
        var expireAtDeadline = true
        var wrongAttemptsRestartLifetime = false
        /// A wrong code leaves the verification usable for the right one.
        var wrongCodeKeepsVerification = true
        /// Wrong codes for a number after which every code for it is refused; nil: never.
        var wrongCodesBeforeNumberLockout: Int? = nil
        var unknownVerificationIDError = AuthErrorCode.invalidVerificationID
        /// The message of a wrong code, from the sent code: it never names it (PHONE-19).
        var wrongCodeMessage: @Sendable (_ sent: String) -> String = { _ in "the SMS verification code is invalid" }
    }
}
