import ConformanceKit

/// What a signed-in user does to its own account: link another provider, delete itself.
extension ReferenceBackend {
    /// Adds a credential's provider to a user (`User.link(with:)`): a phone number or an email and password that
    /// no other user has. Returns the user and the session's new tokens.
    package func link(
        _ credential: AuthCredential, toUser uid: String, refreshToken: String
    ) async throws(AuthError) -> (AuthUser, SessionTokens) {
        guard var user = users[uid] else { throw AuthError(.userNotFound, "the user no longer exists") }
        switch credential {
        case .phone(let verificationID, let code):
            guard user.phoneNumber == nil else {
                throw AuthError(.providerAlreadyLinked, "the user already has a phone number")
            }
            let verification = try consumeCode(verificationID, code: code) { $0 == .signIn }
            guard !users.values.contains(where: { $0.phoneNumber == verification.phoneNumber }) else {
                throw AuthError(.credentialAlreadyInUse, "this phone number already belongs to another user")
            }
            user.phoneNumber = verification.phoneNumber
        case .emailLink(let email, let link):
            let code = try EmailSignInLink.oobCode(of: link)
            let linked = try consumeEmailLinkCode(code, for: email, checkingEmail: behaviour.emailLink.linkChecksEmail)
            guard user.email == nil || user.email == linked else {
                throw AuthError(.providerAlreadyLinked, "the user already has another email address")
            }
            guard !users.values.contains(where: { $0.email == linked && $0.uid != uid }) else {
                throw AuthError(.emailAlreadyInUse, "this email address already belongs to another user")
            }
            user.email = linked
            user.isEmailVerified = true
            user.usedEmailLink = true
        case .oauth(let providerID, let accessToken, _):
            let identity = try await oauthIdentity(providerID: providerID, accessToken: accessToken)
            guard users[uid]?.oauthIdentities[providerID] == nil else {
                throw AuthError(.providerAlreadyLinked, "the user already has a \(providerID) account")
            }
            guard
                !users.values.contains(where: { $0.uid != uid && $0.oauthIdentities[providerID] == identity.id })
                    || !behaviour.oauth.linkChecksOtherAccounts
            else {
                throw AuthError(.credentialAlreadyInUse, "this \(providerID) account already belongs to another user")
            }
            user = users[uid] ?? user
            user.oauthIdentities[providerID] = identity.id
        case .oauthResponse:
            throw AuthError(.invalidCredential, "the provider's redirect was not exchanged before the link")
        case .apple(let idToken, let rawNonce, _):
            let sub = try await appleIdentity(toLink: credential, idToken: idToken, rawNonce: rawNonce, toUser: uid)
            user = users[uid] ?? user
            user.oauthIdentities[ProviderID.apple] = sub
        case .password(let email, let password):
            guard user.password == nil else {
                throw AuthError(.providerAlreadyLinked, "the user already has a password")
            }
            let email = try newAccountEmail(email, password: password)
            user.email = email
            setPassword(password, of: &user)
        }
        users[uid] = user
        return (user.snapshot, try refresh(refreshToken))
    }

    /// Deletes the session's user (`User.delete()`) and ends every session of it.
    package func deleteUser(_ uid: String, idToken: String) throws(AuthError) {
        let (grant, _) = try session(idToken)
        guard grant.uid == uid else { throw AuthError(.userMismatch, "the ID token belongs to another user") }
        if behaviour.apple.deletesAppleUsers || users[uid]?.oauthIdentities[ProviderID.apple] == nil {
            users[uid] = nil
        }
        endSessions(of: uid)
    }
}
