import ConformanceKit

extension ReferenceBehaviour {
    /// How numbers are validated, for sign-in and enrollment alike (PHONE-1, PHONE-2, MFA-4).
    struct PhoneNumbers: Sendable {
        /// E.164 allows 15; a limit below it refuses real numbers.
        var maximumDigits = E164Number.maximumDigits
        /// PHONE-1 leaves numbers shorter than any in service to the implementation.
        var acceptsShortNumbers = true
        /// When set, a number (also a test number of the configuration, PHONE-12) is valid exactly when this says so,
        /// as an implementation built on one regular expression validates, instead of by ``E164Number``.
        var validator: (@Sendable (String) -> Bool)?
        /// An empty number is `missingPhoneNumber`, not `invalidPhoneNumber`.
        var reportsEmptyNumberAsMissing = true
    }

    /// Phone as the first factor: the SMS, the verification ID, the user it signs in (PHONE-3 … PHONE-19).
    struct Phone: Sendable {
        /// Characters dropped from a number before it is validated: none, E.164 has no punctuation.
        var ignoredPunctuation = ""
        var codeLength = SMSCode.length
        /// The number the SMS is sent to, from the number it verifies.
        var smsRecipient: @Sendable (String) -> String = { $0 }
        var smsCopies = 1
        var smsInUserLanguage = true
        /// The SMS names the year and ends with Apple's domain-bound AutoFill line, repeating the code.
        var smsEndsWithAutoFillLine = false
        /// The verification ID from a random string and the code it verifies: the random string alone, so the
        /// ID reveals nothing of the code (PHONE-19).
        var verificationID: @Sendable (_ random: String, _ code: String) -> String = { random, _ in random }
        /// What verification requests are counted against (PHONE-17).
        var rateLimitScopes: Set<RateLimiter.Scope> = [.number, .device]
        /// The phone number a signed-in user is stored with, from the number verified.
        var storedNumber: @Sendable (String) -> String = { $0 }
        var reportsNewUserOnlyOnFirstSignIn = true
        /// A verification ID names the backend's verification, so any client instance (a restarted app) signs in with
        /// it.
        var verificationsOutliveClient = true
        /// An empty verification ID or code is reported as missing before the backend is asked.
        var reportsEmptyCredentialInputsAsMissing = true
        /// A request is counted against the limit before its SMS is sent, so requests made at the same time count
        /// as they arrive (PHONE-17).
        var countsRequestBeforeSending = true
        /// The client keeps one slot for the verification in flight: a call whose slot a later call took over
        /// waits for it to come back, for ever (AUTH-2). The conforming client keeps none.
        var oneVerificationInFlight = false
    }

    /// The project's test phone numbers (PHONE-11 … PHONE-13).
    struct TestNumbers: Sendable {
        /// The configuration is refused unless every number is E.164, every code 6 digits, at most ten numbers.
        var configurationValidated = true
        var receiveSMS = false
        var countAgainstRateLimit = false
        var codeChecked = true
        var usersGetSignedTokens = true
    }
}
