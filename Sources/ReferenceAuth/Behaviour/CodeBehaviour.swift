import ConformanceKit

extension ReferenceBehaviour {
    /// How a verification's code is checked (PHONE-5 … PHONE-8, PHONE-19).
    struct Codes: Sendable {
        /// Whether a given code is the sent one: compared whole.
        var matches: @Sendable (_ given: String, _ sent: String) -> Bool = { $0 == $1 }
        var singleUse = true
        /// The code is checked and marked used by the one request that signs in; otherwise the client first asks the
        /// backend whether the code is good, then signs in with a request that trusts that answer (PHONE-7 at once).
        var checkedWhereUsed = true
        /// The one request that signs in checks the code and marks it used in one actor turn; otherwise it checks the
        /// code, awaits its store, and only then marks it used, so a second sign-in with the code started together
        /// passes the check too (PHONE-7 at once, inside one backend call).
        var checkedAndUsedInOneTurn = true
        /// A sign-in at the door checks the code and marks it used in one actor turn; otherwise it checks, awaits, then
        /// signs in trusting that check, so a second sign-in with the code at once passes the check too (PHONE-7).
        var doorChecksAndConsumesAtOnce = true
        var expire = true
        /// A code is expired at exactly its lifetime, not one tick later.
        var expireAtDeadline = true
        var wrongAttemptsRestartLifetime = false
        /// The client sends the instant it started a phone sign-in, and the backend judges the code's expiry at that
        /// instant instead of its own (PHONE-8 judges it when the backend handles the sign-in).
        var expiryJudgedAtClientStart = false
        /// Wrong codes after which the verification is discarded (PHONE-5 allows 3 or more); nil: never.
        var wrongCodesBeforeDiscard: Int? = nil
        /// An expired verification is forgotten once it has answered `sessionExpired`: later attempts find no
        /// verification (PHONE-8 allows it).
        var forgetsExpiredVerification = false
        /// What an expired verification that already answered `sessionExpired` answers next: `sessionExpired` again.
        var expiredAgainError = AuthErrorCode.sessionExpired
        /// Wrong codes for a number after which every code for it is refused; nil: never.
        var wrongCodesBeforeNumberLockout: Int? = nil
        var unknownVerificationIDError = AuthErrorCode.invalidVerificationID
        /// The message of a wrong code, from the sent code: it never names it (PHONE-19).
        var wrongCodeMessage: @Sendable (_ sent: String) -> String = { _ in "the SMS verification code is invalid" }
    }
}
