import ConformanceKit
import MockIdP

/// What ends a user's sessions: a new password or email, the administrator's revocation, disabling (AUTH-7).
/// Deleting the user ends them too (``deleteUser(_:idToken:)``).
extension ReferenceBackend {
    /// `accounts:update` with `password`: the caller's session goes on with new tokens; every other ends.
    package func changePassword(idToken: String, to newPassword: String) throws(AuthError) -> SessionTokens {
        var (grant, user) = try session(idToken)
        try requireAllowedByPolicy(newPassword)
        guard newPassword.count >= configuration.passwordMinimumLength else {
            throw AuthError(
                .weakPassword, "the password must be \(configuration.passwordMinimumLength) characters long or more")
        }
        setPassword(newPassword, of: &user)
        users[user.uid] = user
        if behaviour.session.passwordChangeEndsSessions { endSessions(of: user.uid) }
        grant = SessionGrant(
            uid: grant.uid, provider: grant.provider, authTime: world.clock.now, secondFactor: grant.secondFactor,
            secondFactorIdentifier: grant.secondFactorIdentifier)
        return newSession(grant)
    }

    /// `accounts:update` with `email`: the new address, not verified; every other session ends.
    package func changeEmail(idToken: String, to newEmail: String) throws(AuthError) -> SessionTokens {
        var (grant, user) = try session(idToken)
        user.email = try newAddress(newEmail, for: user.uid)
        user.isEmailVerified = false
        users[user.uid] = user
        if behaviour.session.emailChangeEndsSessions { endSessions(of: user.uid) }
        grant = SessionGrant(
            uid: grant.uid, provider: grant.provider, authTime: world.clock.now, secondFactor: grant.secondFactor,
            secondFactorIdentifier: grant.secondFactorIdentifier)
        return newSession(grant)
    }

    /// The address `newEmail` may become `uid`'s: well-formed, and no other user's in any letter case (lowercased).
    func newAddress(_ newEmail: String, for uid: String) throws(AuthError) -> String {
        guard behaviour.emailPassword.isWellFormedEmail(newEmail) else {
            throw AuthError(.invalidEmail, "\"\(newEmail)\" is not an email address")
        }
        let email = newEmail.lowercased()
        guard !users.values.contains(where: { $0.email == email && $0.uid != uid }) else {
            throw AuthError(.emailAlreadyInUse, "the email address is already in use")
        }
        return email
    }

    /// Mails the user with this address a link that resets its password (`Auth.sendPasswordReset(withEmail:)`).
    package func sendPasswordReset(email: String, apiKey: String = ReferenceBackend.apiKey) async throws(AuthError) {
        guard let user = users.values.first(where: { $0.email == email.lowercased() }), let address = user.email else {
            throw AuthError(.userNotFound, "there is no user with this email address")
        }
        let code = world.random.string(length: 54)
        passwordResetCodes[code] = user.uid
        let link = actionLink(mode: "resetPassword", code: code, apiKey: apiKey)
        let subject = "Reset your password for \(configuration.appName)"
        let body = """
            Hello,\n\nFollow this link to reset your password.\n\n\(link)\n\nIf you didn't ask to reset your password, \
            you can ignore this email.
            """
        let mail = world.mail
        try await callOutsideParty(.mailServer) { () async throws(PartyError) in
            try await mail.send(to: address, subject: subject, body: body)
        }
    }

    /// `Auth.confirmPasswordReset(withCode:newPassword:)`: a reset is a password change, so every session ends.
    package func confirmPasswordReset(oobCode: String, newPassword: String) throws(AuthError) {
        guard let uid = passwordResetCodes[oobCode], var user = users[uid] else {
            throw AuthError(.invalidActionCode, "the action code is invalid, expired or already used")
        }
        try requireAllowedByPolicy(newPassword)
        guard newPassword.count >= configuration.passwordMinimumLength else {
            throw AuthError(
                .weakPassword, "the password must be \(configuration.passwordMinimumLength) characters long or more")
        }
        passwordResetCodes[oobCode] = nil
        if behaviour.session.resetStoresNewPassword { setPassword(newPassword, of: &user) }
        users[uid] = user
        if behaviour.session.passwordChangeEndsSessions { endSessions(of: uid) }
    }

    /// A client's sign-out that ends its own session at the backend: its refresh token mints nothing more.
    func endSession(_ refreshToken: String) { refreshTokens[refreshToken] = nil }

    /// The administrator's `revokeRefreshTokens(uid)`.
    package func revokeSessions(of uid: String) throws(AuthError) {
        guard users[uid] != nil else { throw AuthError(.userNotFound, "there is no user \(uid)") }
        endSessions(of: uid)
    }

    /// The administrator's `updateUser(uid, disabled:)`: a disabled user's sessions end.
    func setDisabled(_ disabled: Bool, uid: String) throws(AuthError) {
        guard var user = users[uid] else { throw AuthError(.userNotFound, "there is no user \(uid)") }
        user.isDisabled = disabled
        users[uid] = user
        if disabled { endSessions(of: uid) }
    }
}
