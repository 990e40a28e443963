import ConformanceKit
import MockIdP

/// The calls the server's door answers with steps of their own: `accounts:signUp` and `accounts:delete` as a raw
/// request reaches them (``ReferenceDoor`` in process, the Identity Toolkit server over HTTP).
extension ReferenceBackend {
    /// `accounts:signUp` of an email and password. Conforming, the address is checked free and the account created in
    /// one actor turn, so of two sign-ups of one address at once exactly one succeeds (AUTH-8). With the defect the
    /// check and the create are split across an await that the second sign-up of the address always reaches
    /// (``DoorRendezvous``): both pass the check, both create.
    package func signUpAtTheDoor(email: String, password: String) async throws(AuthError) -> SignInResponse {
        guard !behaviour.emailPassword.signUpChecksAndCreatesAtOnce else {
            return try signUp(email: email, password: password)
        }
        guard configuration.passwordSignInEnabled else {
            throw AuthError(.operationNotAllowed, "password sign-in is not enabled")
        }
        let address = try newAccountEmail(email, password: password)
        await doorRendezvous.meet(address, patience: behaviour.stampsRealTime ? .realTime(.seconds(2)) : .yields(1000))
        let user = UserRecord(
            uid: newUID(), email: address, password: PasswordHash(comparable(password), salt: world.random.bytes(16)),
            createdAt: world.clock.date, lastSignInAt: world.clock.date)
        return startSession(for: user, provider: ProviderID.password, isNewUser: true)
    }

    /// `accounts:delete` with an ID token: deletes the user the token stands for and ends its sessions. With the
    /// defect it reads the user from the token's payload unverified, so an edited token deletes anyone (AUTH-4).
    package func deleteAccount(idToken: String) throws(AuthError) {
        let (grant, _) = try session(idToken, verifying: behaviour.tokens.deleteVerifiesTokens)
        if behaviour.apple.deletesAppleUsers || users[grant.uid]?.oauthIdentities[ProviderID.apple] == nil {
            users[grant.uid] = nil
        }
        endSessions(of: grant.uid)
    }
}
