import ConformanceKit
import Foundation
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

    /// `accounts:signInWithPhoneNumber` with a `sessionInfo` and `code`. Conforming, the code is checked and marked
    /// used in one actor turn, so of two sign-ins with one code at once exactly one succeeds (PHONE-7). With the defect
    /// the check and the use are split across an await that the second sign-in with the code always reaches
    /// (``DoorRendezvous``): both pass the check, both sign in.
    package func signInWithPhoneNumberAtTheDoor(
        verificationID: String, code: String, creatingUser: Bool = true
    ) async throws(AuthError) -> SignInResponse {
        guard !behaviour.codes.doorChecksAndConsumesAtOnce else {
            return try signInWithPhoneNumber(verificationID: verificationID, code: code, creatingUser: creatingUser)
        }
        try checkCode(verificationID: verificationID, code: code)
        await doorRendezvous.meet("code:" + verificationID, patience: doorPatience)
        return try signInWithPhoneNumber(
            verificationID: verificationID, code: code, creatingUser: creatingUser, checked: true)
    }

    /// `securetoken.googleapis.com/v1/token` with a refresh token. Conforming, the session is read and its ID token
    /// minted in one actor turn, so a revocation lands wholly before or after it (AUTH-7). With the defect it reads the
    /// session, awaits, and saves it back before minting (a lost update): a password change of the user that completed
    /// in between is undone, and the old refresh token goes on minting. The two ``DoorRendezvous`` meetings make the
    /// order certain when the change arrives at once: the session is read before the change ends it, and saved back
    /// after.
    package func refreshAtTheDoor(_ refreshToken: String) async throws(AuthError) -> SessionTokens {
        guard !behaviour.session.doorRefreshIsOneStep, let grant = refreshTokens[refreshToken] else {
            return try refresh(refreshToken)
        }
        // A lone refresh (no change of the user at once) goes on at once after the first meeting.
        guard await doorRendezvous.meet("session read:" + grant.uid, patience: doorPatience) else {
            return try refresh(refreshToken)
        }
        await doorRendezvous.meet("sessions ended:" + grant.uid, patience: doorPatience)
        refreshTokens[refreshToken] = grant
        return try refresh(refreshToken)
    }

    /// `accounts:update` with a new password: the user's other sessions end (AUTH-7). With the defect of
    /// ``refreshAtTheDoor(_:)`` it meets a refresh of the user at once on both sides of the change.
    package func changePasswordAtTheDoor(idToken: String, to password: String) async throws(AuthError) -> SessionTokens
    {
        guard !behaviour.session.doorRefreshIsOneStep else { return try changePassword(idToken: idToken, to: password) }
        let uid = try session(idToken).grant.uid
        let paired = await doorRendezvous.meet("session read:" + uid, patience: doorPatience)
        let tokens = try changePassword(idToken: idToken, to: password)
        if paired { await doorRendezvous.meet("sessions ended:" + uid, patience: doorPatience) }
        return tokens
    }

    /// How long a defective door call waits for its partner: a bounded number of yields in process (no time passes),
    /// real time at a server whose partner is still on the network.
    private var doorPatience: DoorRendezvous.Patience {
        behaviour.stampsRealTime ? .realTime(.seconds(2)) : .yields(1000)
    }

    /// The ID token a call at the door goes on with (look-up, update, delete, enrollment). Conforming, the token as
    /// given, which the call then verifies, expiry included (AUTH-4). With `acceptsExpiredTokenAtTheDoor` a genuine
    /// token past its expiry is signed again for another hour first, so the call honours it; with
    /// `trustsPhoneTokensAtTheDoor` a token whose payload says phone is signed as it reads, edited or not.
    package func idTokenAtTheDoor(_ idToken: String) -> String {
        let now = behaviour.tokens.onSystemClock ? Date() : world.clock.date
        if !behaviour.tokens.doorVerifiesPhoneTokens, let trusted = signer.signedIfPhoneToken(idToken, at: now) {
            return trusted
        }
        guard !behaviour.tokens.doorChecksExpiry else { return idToken }
        return signer.reissuedIfExpired(idToken, at: now) ?? idToken
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

extension IDTokenSigner {
    /// `token` signed again with its hour starting at `date`, when it is this project's own token and past its expiry
    /// (only the defect `acceptsExpiredTokenAtTheDoor` asks); nil otherwise.
    func reissuedIfExpired(_ token: String, at date: Date) -> String? {
        var lenient = self
        lenient.checks.expiry = false
        guard (try? lenient.verify(token, at: date)) != nil, (try? verify(token, at: date)) == nil else { return nil }
        let parts = token.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3, let payload = Base64URL.decode(parts[1]),
            var claims = try? JSONDecoder().decode(Claims.self, from: payload)
        else { return nil }
        claims.iat = Int(date.timeIntervalSince1970)
        claims.exp = claims.iat + Int(Self.lifetime)
        return sign(claims)
    }

    /// `token`'s payload signed as it reads, when it says its user signed in by phone and this project did not sign it
    /// as it is (only the defect `trustsPhoneTokensAtTheDoor` asks); nil otherwise.
    func signedIfPhoneToken(_ token: String, at date: Date) -> String? {
        let parts = token.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3, let payload = Base64URL.decode(parts[1]),
            let claims = try? JSONDecoder().decode(Claims.self, from: payload),
            claims.firebase.sign_in_provider == ProviderID.phone, (try? verify(token, at: date)) == nil
        else { return nil }
        return sign(claims)
    }
}
