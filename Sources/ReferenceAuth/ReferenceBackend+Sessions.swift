import ConformanceKit

/// What ends a user's sessions: a new password or email, the administrator's revocation, disabling (AUTH-7).
/// Deleting the user ends them too (``deleteUser(_:idToken:)``).
extension ReferenceBackend {
    /// `accounts:update` with `password`: the caller's session goes on with new tokens; every other ends.
    func changePassword(idToken: String, to newPassword: String) throws(AuthError) -> SessionTokens {
        var (grant, user) = try session(idToken)
        guard newPassword.count >= 6 else { throw AuthError(.weakPassword, "the password must be 6 characters long or more") }
        user.password = PasswordHash(comparable(newPassword), salt: world.random.bytes(16))
        users[user.uid] = user
        if behaviour.session.passwordChangeEndsSessions { endSessions(of: user.uid) }
        grant = SessionGrant(uid: grant.uid, provider: grant.provider, authTime: world.clock.now, secondFactor: grant.secondFactor)
        return newSession(grant)
    }

    /// `accounts:update` with `email`: the new address, not verified; every other session ends.
    func changeEmail(idToken: String, to newEmail: String) throws(AuthError) -> SessionTokens {
        var (grant, user) = try session(idToken)
        guard newEmail.split(separator: "@").count == 2, !newEmail.contains(" ") else {
            throw AuthError(.invalidEmail, "\"\(newEmail)\" is not an email address")
        }
        let email = newEmail.lowercased()
        guard !users.values.contains(where: { $0.email == email && $0.uid != user.uid }) else {
            throw AuthError(.emailAlreadyInUse, "the email address is already in use")
        }
        user.email = email
        user.isEmailVerified = false
        users[user.uid] = user
        if behaviour.session.emailChangeEndsSessions { endSessions(of: user.uid) }
        grant = SessionGrant(uid: grant.uid, provider: grant.provider, authTime: world.clock.now, secondFactor: grant.secondFactor)
        return newSession(grant)
    }

    /// The administrator's `revokeRefreshTokens(uid)`.
    func revokeSessions(of uid: String) throws(AuthError) {
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
