import ConformanceKit
import Foundation
import MockIdP

/// Email and password users, email verification, anonymous users.
extension ReferenceBackend {
    package func signUp(email: String, password: String) throws(AuthError) -> SignInResponse {
        guard configuration.passwordSignInEnabled else {
            throw AuthError(.operationNotAllowed, "password sign-in is not enabled")
        }
        let email = try newAccountEmail(email, password: password)
        return startSession(
            for: newPasswordUser(email: email, password: password), provider: ProviderID.password, isNewUser: true)
    }

    func newPasswordUser(email: String, password: String) -> UserRecord {
        var user = UserRecord(uid: newUID(), email: email, createdAt: world.clock.date, lastSignInAt: world.clock.date)
        setPassword(password, of: &user)
        return user
    }

    /// Sets `user`'s password, salted anew, and the time it was set (`passwordUpdatedAt`); the user's `validSince`
    /// becomes this second, as the emulator's does whenever a password is set (`operations.ts` `signUp`,
    /// `setAccountInfoImpl`).
    func setPassword(_ password: String, of user: inout UserRecord) {
        user.password = PasswordHash(comparable(password), salt: world.random.bytes(16))
        user.passwordUpdatedAt = world.clock.date
        validFromNow(user.uid)
    }

    /// The address a new password account gets (AUTH-8): well-formed, with a password of at least the project's
    /// minimum length, and not in use in any letter case.
    func newAccountEmail(_ email: String, password: String) throws(AuthError) -> String {
        let rules = behaviour.emailPassword
        guard rules.isWellFormedEmail(email) else {
            throw AuthError(.invalidEmail, "\"\(email)\" is not an email address")
        }
        let inUse = rules.comparableSignUpEmail(email)
        guard !users.values.contains(where: { $0.email == inUse }) || !rules.refusesAddressInUse else {
            throw AuthError(.emailAlreadyInUse, "the email address is already in use by another account")
        }
        try requireAllowedByPolicy(password)
        guard password.count >= configuration.passwordMinimumLength - rules.passwordMinimumSlack else {
            if !rules.createsAfterChecks {
                let user = newPasswordUser(email: email.lowercased(), password: password)
                users[user.uid] = user
            }
            throw AuthError(
                .weakPassword, "the password must be \(configuration.passwordMinimumLength) characters long or more")
        }
        return email.lowercased()
    }

    /// Password sign-in; a user with second factors gets a pending sign-in instead (MFA-6).
    package func signIn(email: String, password: String) throws(AuthError) -> SignInOutcome {
        guard configuration.passwordSignInEnabled else {
            throw AuthError(.operationNotAllowed, "password sign-in is not enabled")
        }
        let protected = behaviour.emailPassword.enumerationProtection
        guard let user = users.values.first(where: { $0.email == email.lowercased() }) else {
            throw protected ? Self.invalidLogin : AuthError(.userNotFound, "there is no user with this email address")
        }
        let skipsCheck =
            !behaviour.emailPassword.checksPassword
            || (password.isEmpty && !behaviour.emailPassword.refusesEmptyPassword)
        guard user.password?.matches(comparable(password)) == true || skipsCheck else {
            throw protected ? Self.invalidLogin : AuthError(.wrongPassword, "the password is invalid")
        }
        guard !user.isDisabled || !behaviour.administrator.refusesDisabledUsers else {
            throw AuthError(.userDisabled, "the user account has been disabled")
        }
        return firstFactorSucceeded(for: user, provider: ProviderID.password)
    }

    /// With email enumeration protection, one answer for a wrong password and an unknown email.
    private static let invalidLogin = AuthError(.invalidCredential, "the email or the password is not correct")

    /// The password as it is hashed and compared.
    func comparable(_ password: String) -> String { behaviour.emailPassword.comparablePassword(password) }

    package func signInAnonymously() -> SignInResponse {
        let user = UserRecord(
            uid: newUID(), isAnonymous: true, createdAt: world.clock.date, lastSignInAt: world.clock.date)
        return startSession(for: user, provider: ProviderID.anonymous, isNewUser: true)
    }

    /// Mails the session's user a link that verifies its email address.
    package func sendEmailVerification(
        idToken: String, apiKey: String = ReferenceBackend.apiKey
    ) async throws(AuthError) {
        let (_, user) = try session(idToken)
        try await mailVerification(to: user, apiKey: apiKey)
    }

    /// The administrator's verification link for the user with `email` (the Admin SDKs'
    /// `generateEmailVerificationLink`: `sendOobCode` `VERIFY_EMAIL` with the address and no ID token).
    package func sendEmailVerification(toUserWithEmail email: String, apiKey: String) async throws(AuthError) {
        guard let user = users.values.first(where: { $0.email == email.lowercased() }) else {
            throw AuthError(.userNotFound, "there is no user with this email address")
        }
        try await mailVerification(to: user, apiKey: apiKey)
    }

    private func mailVerification(to user: UserRecord, apiKey: String) async throws(AuthError) {
        guard let email = user.email else { throw AuthError(.missingEmail, "the user has no email address") }
        let code = world.random.string(length: 54)
        emailVerificationCodes[code] = user.uid
        let link = actionLink(mode: "verifyEmail", code: code, apiKey: apiKey)
        let subject = "Verify your email for \(configuration.appName)"
        let body =
            behaviour.emailPassword.verificationMailIsHTML
            ? """
            <p>Hello,</p><p>Follow <a class='button' \
            href='\(link.replacingOccurrences(of: "&", with: "&amp;"))'>this link</a> to verify your email \
            address.</p>
            """ + "<p>Or open \(link).</p>"
            : """
            Hello,\n\nFollow this link to verify your email address.\n\n\(link)\n\nIf you didn't ask to verify \
            this address, you can ignore this email.
            """
        let mail = world.mail
        try await callOutsideParty(.mailServer) { () async throws(PartyError) in
            try await mail.send(to: email, subject: subject, body: body)
        }
    }

    /// Applies an email-verification code (`Auth.applyActionCode`).
    package func applyActionCode(_ code: String) throws(AuthError) {
        if try applyEmailChange(code) { return }
        guard let uid = emailVerificationCodes.removeValue(forKey: code), var user = users[uid] else {
            throw AuthError(.invalidActionCode, "the action code is invalid, expired or already used")
        }
        user.isEmailVerified = true
        users[uid] = user
    }

    /// Where the project enforces a password policy (``PasswordPolicy/isEnforced``), a password it does not allow is
    /// refused at sign-up, a password change and a reset with production's `PASSWORD_DOES_NOT_MEET_REQUIREMENTS :
    /// Missing password requirements: [...]` (the JS SDK maps it to `auth/password-does-not-meet-requirements` and
    /// fetches the policy again, firebase-js-sdk `packages/auth/src/core/errors.ts`); without one, the minimum length
    /// alone is `WEAK_PASSWORD`.
    func requireAllowedByPolicy(_ password: String) throws(AuthError) {
        guard let policy = configuration.passwordPolicy, policy.isEnforced else { return }
        let missing = policy.unmetRequirements(of: password, minimumLength: configuration.passwordMinimumLength)
        guard missing.isEmpty else {
            throw AuthError(
                .passwordDoesNotMeetRequirements, "Missing password requirements: [\(missing.joined(separator: ", "))]")
        }
    }
}
