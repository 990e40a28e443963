extension ReferenceBehaviour {
    /// Email and password users (AUTH-5, AUTH-8).
    struct EmailPassword: Sendable {
        /// Whether a sign-up address is well-formed: one `@` with something on each side, no spaces.
        var isWellFormedEmail: @Sendable (String) -> Bool = { email in
            let parts = email.split(separator: "@", omittingEmptySubsequences: false)
            return parts.count == 2 && parts.allSatisfy { !$0.isEmpty } && !email.contains(" ")
        }
        /// How far below the project's minimum a sign-up password may be.
        var passwordMinimumSlack = 0
        /// The address as the in-use check compares it (stored addresses are lowercase).
        var comparableSignUpEmail: @Sendable (String) -> String = { $0.lowercased() }
        /// A sign-up with an address in use is refused; otherwise a second account gets it.
        var refusesAddressInUse = true
        /// The account is created only once the sign-up passed every check; otherwise before the password is judged.
        var createsAfterChecks = true
        var checksPassword = true
        /// The password as it is hashed and compared: exactly as typed.
        var comparablePassword: @Sendable (String) -> String = { $0 }
        /// A wrong password and an unknown email both answer `invalidCredential`.
        var enumerationProtection = false
        /// The verification email is HTML: a single-quoted `href`, and the link again in text before a full stop.
        var verificationMailIsHTML = false
        /// An empty password (or none, or one of another JSON type, which the server reads as empty) fails like any
        /// wrong one; otherwise it passes (AUTH-5).
        var refusesEmptyPassword = true
        /// A sign-up at the door checks the address is free and creates the account in one step; otherwise it awaits
        /// between the two, so a second sign-up of the address at once passes the check too (AUTH-8).
        var signUpChecksAndCreatesAtOnce = true
    }
}
