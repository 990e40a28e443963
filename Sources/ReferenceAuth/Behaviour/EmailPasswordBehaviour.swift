extension ReferenceBehaviour {
    /// Email and password users (AUTH-5).
    struct EmailPassword: Sendable {
        var checksPassword = true
        /// The password as it is hashed and compared: exactly as typed.
        var comparablePassword: @Sendable (String) -> String = { $0 }
        /// A wrong password and an unknown email both answer `invalidCredential`.
        var enumerationProtection = false
        /// The verification email is HTML: a single-quoted `href`, and the link again in text before a full stop.
        var verificationMailIsHTML = false
    }
}
