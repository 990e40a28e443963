import ConformanceKit
import Foundation
import MockIdP

/// The calls the server's door answers with steps of their own: `accounts:signUp` and `accounts:delete` as a raw
/// request reaches them (``ReferenceDoor`` in process, the Identity Toolkit server over HTTP).
extension ReferenceBackend {
    /// Answers one door request with `call`, as one of the pair `pair` when the request carries the pair marker
    /// (``DoorRequest/pair``, over HTTP the `X-Conformance-Pair` header): the reference's race defects then wait at
    /// their meeting point for the pair's other request (``DoorRendezvous``), so their race window is certain whatever
    /// the load. Unmarked requests are answered as they are. A conforming backend never reads the marker; a real server
    /// ignores the header, and its verdict never depends on it. A wait ends with the call's task: over HTTP the served
    /// server cancels it when the request's connection closes or the server stops.
    package nonisolated func answering<T: Sendable>(
        pair: String?, _ call: () async throws(AuthError) -> T
    ) async throws(AuthError) -> T {
        guard let pair, !pair.isEmpty else { return try await call() }
        defer { doorRendezvous.leave(pair) }
        let outcome: Result<T, AuthError> = await DoorPair.$current.withValue(DoorPair(id: pair)) {
            do throws(AuthError) { return .success(try await call()) } catch { return .failure(error) }
        }
        return try outcome.get()
    }

    /// Waits at meeting point `point` for the other request of this call's pair, and says whether it came there too;
    /// false at once for a request sent alone (no pair marker), which never waits.
    @discardableResult
    func meetPartner(at point: String) async -> Bool {
        guard let pair = DoorPair.current else { return false }
        return await doorRendezvous.meet(pair, at: point)
    }

    /// `accounts:signUp` of an email and password. Conforming, the address is checked free and the account created in
    /// one actor turn, so of two sign-ups of one address at once exactly one succeeds (AUTH-8). With the defect the
    /// check and the create are split across the pair's meeting point (``DoorRendezvous``), which the second sign-up
    /// of the pair always reaches: both pass the check, both create.
    package func signUpAtTheDoor(email: String, password: String) async throws(AuthError) -> SignInResponse {
        guard !behaviour.emailPassword.signUpChecksAndCreatesAtOnce else {
            return try signUp(email: email, password: password)
        }
        guard configuration.passwordSignInEnabled else {
            throw AuthError(.operationNotAllowed, "password sign-in is not enabled")
        }
        let address = try newAccountEmail(email, password: password)
        await meetPartner(at: "sign-up checked")
        return startSession(
            for: newPasswordUser(email: address, password: password), provider: ProviderID.password, isNewUser: true)
    }

    /// `accounts:signInWithPhoneNumber` with a `sessionInfo` and `code`. Conforming, the code is checked and marked
    /// used in one actor turn, so of two sign-ins with one code at once exactly one succeeds (PHONE-7). With the defect
    /// the check and the use are split across the pair's meeting point (``DoorRendezvous``), which the second sign-in
    /// of the pair always reaches: both pass the check, both sign in.
    package func signInWithPhoneNumberAtTheDoor(
        verificationID: String, code: String, creatingUser: Bool = true
    ) async throws(AuthError) -> SignInResponse {
        guard !behaviour.codes.doorChecksAndConsumesAtOnce else {
            return try signInWithPhoneNumber(verificationID: verificationID, code: code, creatingUser: creatingUser)
        }
        try checkCode(verificationID: verificationID, code: code)
        await meetPartner(at: "code checked")
        return try signInWithPhoneNumber(
            verificationID: verificationID, code: code, creatingUser: creatingUser, checked: true)
    }

    /// `securetoken.googleapis.com/v1/token` with a refresh token. Conforming, the session is read and its ID token
    /// minted in one actor turn, so a revocation lands wholly before or after it (AUTH-7). With the defect it reads the
    /// session, awaits, and saves it back before minting (a lost update): a password change of the user that completed
    /// in between is undone, and the old refresh token goes on minting. The pair's two meetings (``DoorRendezvous``)
    /// make the order certain when the change is sent at once: the session is read before the change ends it, and
    /// saved back after, in every round.
    package func refreshAtTheDoor(_ refreshToken: String) async throws(AuthError) -> SessionTokens {
        guard !behaviour.session.doorRefreshIsOneStep, let grant = refreshTokens[refreshToken] else {
            return try refresh(refreshToken)
        }
        // A lone refresh (no change of the user at once) goes on at once.
        guard await meetPartner(at: "session read") else { return try refresh(refreshToken) }
        await meetPartner(at: "sessions ended")
        refreshTokens[refreshToken] = grant
        return try refresh(refreshToken)
    }

    /// `accounts:update` with a new password: the user's other sessions end (AUTH-7). With the defect of
    /// ``refreshAtTheDoor(_:)`` it meets the refresh of its pair on both sides of the change.
    package func changePasswordAtTheDoor(idToken: String, to password: String) async throws(AuthError) -> SessionTokens
    {
        guard !behaviour.session.doorRefreshIsOneStep else { return try changePassword(idToken: idToken, to: password) }
        let paired = await meetPartner(at: "session read")
        let tokens = try changePassword(idToken: idToken, to: password)
        if paired { await meetPartner(at: "sessions ended") }
        return tokens
    }

    /// `accounts:signInWithEmailLink` with an `email` and `oobCode`. Conforming, the link's code is checked and used up
    /// in one actor turn, so of two sign-ins with one link at once exactly one succeeds (LINK-8). With the defect the
    /// code is read, the call waits at the pair's meeting point (``DoorRendezvous``), and the code is written back as
    /// it was read before it is used (a lost update): both sign-ins of the pair find it unused, both sign in.
    package func signInWithEmailLinkAtTheDoor(
        email: String, oobCode: String, creatingUser: Bool = true
    ) async throws(AuthError) -> SignInOutcome {
        if !behaviour.emailLink.doorRedeemsAtOnce, let read = emailLinkCodes[oobCode] {
            await meetPartner(at: "link code read")
            emailLinkCodes[oobCode] = read
        }
        return try signInWithEmailLink(email: email, oobCode: oobCode, creatingUser: creatingUser)
    }

    /// `accounts:resetPassword` with an `oobCode` and `newPassword`. Conforming, the reset code is checked and used up
    /// in one actor turn, so of two resets with one code at once exactly one sets its password. With the defect the
    /// code is read, the call waits at the pair's meeting point, and the code is written back as it was read before it
    /// is used (a lost update): both resets of the pair find it unused, both set their password.
    package func confirmPasswordResetAtTheDoor(oobCode: String, newPassword: String) async throws(AuthError) {
        if !behaviour.session.doorResetsAtOnce, let read = passwordResetCodes[oobCode] {
            await meetPartner(at: "reset code read")
            passwordResetCodes[oobCode] = read
        }
        try confirmPasswordReset(oobCode: oobCode, newPassword: newPassword)
    }

    /// The ID token a call at the door goes on with (look-up, update, delete, enrollment). Conforming, the token as
    /// given, which the call then verifies, expiry included (AUTH-4). With `acceptsExpiredTokenAtTheDoor` a genuine
    /// token past its expiry is signed again for another hour first, so the call honours it; with
    /// `trustsPhoneTokensAtTheDoor` a token whose payload says phone is signed as it reads, edited or not; with
    /// `trustsEmailLinkUsersTokensAtTheDoor` likewise a token whose payload names a user who signs in by email link
    /// alone (no password; such a token says `password` like any email user's, as the Auth Emulator's does).
    package func idTokenAtTheDoor(_ idToken: String) -> String {
        let now = behaviour.tokens.onSystemClock ? Date() : world.clock.date
        if !behaviour.tokens.doorVerifiesPhoneTokens,
            let trusted = signer.signedAsItReads(
                idToken, at: now, if: { $0.firebase.sign_in_provider == ProviderID.phone })
        {
            return trusted
        }
        if !behaviour.tokens.doorVerifiesEmailLinkUsersTokens,
            let trusted = signer.signedAsItReads(
                idToken, at: now, if: { users[$0.sub].map { $0.usedEmailLink && $0.password == nil } ?? false })
        {
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
    /// `token` signed again with its lifetime starting at `date`, when it is this project's own token and past its
    /// expiry (only the defect `acceptsExpiredTokenAtTheDoor` asks); nil otherwise.
    func reissuedIfExpired(_ token: String, at date: Date) -> String? {
        var lenient = self
        lenient.checks.expiry = false
        guard (try? lenient.verify(token, at: date)) != nil, (try? verify(token, at: date)) == nil else { return nil }
        let parts = CompactJWS.segments(of: token)
        guard parts.count == 3, let payload = Base64URL.decode(parts[1]),
            var claims = try? JSONDecoder().decode(Claims.self, from: payload)
        else { return nil }
        claims.iat = Int(date.timeIntervalSince1970)
        claims.exp = claims.iat + Int(lifetime)
        return sign(claims)
    }

    /// `token`'s payload signed as it reads, when `trusted` says its claims are to be taken as they read and this
    /// project did not sign it as it is (only the defects `trustsPhoneTokensAtTheDoor` and
    /// `trustsEmailLinkUsersTokensAtTheDoor` ask); nil otherwise.
    func signedAsItReads(_ token: String, at date: Date, if trusted: (Claims) -> Bool) -> String? {
        let parts = CompactJWS.segments(of: token)
        guard parts.count == 3, let payload = Base64URL.decode(parts[1]),
            let claims = try? JSONDecoder().decode(Claims.self, from: payload), trusted(claims),
            (try? verify(token, at: date)) == nil
        else { return nil }
        return sign(claims)
    }
}
