import ConformanceKit
import Crypto
import Foundation
import MockIdP

/// The reference backend: the project's users, verifications and sessions. It reaches the outside world only
/// through the world's parties and measures time only on the world's clock.
package actor ReferenceBackend: AuthBackend {
    nonisolated package let configuration: ProjectConfiguration
    let world: World
    let behaviour: ReferenceBehaviour
    let signer: IDTokenSigner
    let testCodes: [String: String]
    var users: [String: UserRecord] = [:]
    var verifications: [String: PhoneVerification] = [:]
    var pendingSignIns: [String: PendingSignIn] = [:]
    /// TOTP enrollments started and not yet finalized, by `sessionInfo`.
    var totpEnrollments: [String: PendingTOTPEnrollment] = [:]
    var emailLinkCodes: [String: EmailLinkCode] = [:]
    /// Authorization requests sent to OAuth providers, by state.
    var oauthRequests: [String: OAuthRequest] = [:]
    var oauthRequestCount = 0
    /// Apple's published keys, as last fetched.
    var appleKeys: JSONWebKeySet?
    /// Identity token and raw nonce pairs that signed someone in (APPLE-13).
    var usedAppleCredentials: Set<String> = []
    var refreshTokens: [String: SessionGrant] = [:]
    /// For each user whose password was set or whose sessions a change ended, the second (since 1970, on the clock ID
    /// tokens are stamped with) from which the user's ID tokens are valid: production's `validSince`, which the Admin
    /// SDKs' `verifyIdToken(checkRevoked:)` compares with a token's `iat` (``validFromNow(_:)``).
    package private(set) var sessionsValidSince: [String: Int] = [:]
    var emailVerificationCodes: [String: String] = [:]
    /// Password-reset codes, by code: the user they reset.
    var passwordResetCodes: [String: String] = [:]
    /// Email-change codes (`VERIFY_AND_CHANGE_EMAIL`): the user and the address the code makes its email.
    var emailChangeCodes: [String: (uid: String, newEmail: String)] = [:]
    var pushSecrets: [String: (secret: String, deviceToken: String)] = [:]
    var rateLimiter: RateLimiter
    /// Wrong codes per number, for a lockout (``ReferenceBehaviour/Codes/wrongCodesBeforeNumberLockout``).
    var wrongCodes: [String: Int] = [:]
    /// How the backend reaches GitHub and Apple when not through its world's parties in process: over HTTP, at the
    /// provider endpoints a served server is pointed at (``reachProviders(through:)``).
    var providerTransport: ProviderTransport?
    /// Where a defective door sign-up waits between its check and its create (``DoorRendezvous``).
    let doorRendezvous = DoorRendezvous()

    package init(configuration: ProjectConfiguration, world: World, behaviour: ReferenceBehaviour) {
        self.configuration = configuration
        self.world = world
        self.behaviour = behaviour
        let key = behaviour.tokens.keyPerProject ? world.random.bytes(32) : [UInt8](repeating: 7, count: 32)
        signer = IDTokenSigner(
            projectID: configuration.projectID, secret: Data(key), checks: behaviour.tokens.checks,
            lifetime: behaviour.tokens.lifetime)
        rateLimiter = RateLimiter(configuration.phone.verificationLimit, scopes: behaviour.phone.rateLimitScopes)
        testCodes = Dictionary(configuration.phone.testPhoneNumbers.map { ($0.phoneNumber, $0.verificationCode) }) {
            first, _ in first
        }
    }

    package func makeClient(on device: Device) async throws(AuthError) -> any AuthClient {
        let client = ReferenceClient(backend: self, device: device)
        await client.restoreSignedInUser()
        return client
    }

    package func verifyIDToken(_ idToken: String) async throws(AuthError) -> IDTokenClaims {
        try signer.verify(idToken, at: idTokenNow).claims
    }

    func user(_ uid: String) -> AuthUser? { users[uid]?.snapshot }

    // MARK: Sessions

    /// Signs `user` in: a new ID token and refresh token for the session.
    func startSession(
        for user: UserRecord, provider: String, isNewUser: Bool, secondFactor: String? = nil,
        secondFactorIdentifier: String? = nil
    ) -> SignInResponse {
        var user = user
        user.lastSignInAt = world.clock.date
        users[user.uid] = user
        let grant = SessionGrant(
            uid: user.uid, provider: provider, authTime: world.clock.now, secondFactor: secondFactor,
            secondFactorIdentifier: secondFactorIdentifier)
        return SignInResponse(
            user: user.snapshot, tokens: newSession(grant), isNewUser: isNewUser, providerID: provider)
    }

    /// A new refresh token for `grant`, and its first tokens.
    func newSession(_ grant: SessionGrant) -> SessionTokens {
        let refreshToken =
            behaviour.session.refreshTokensNameTheirUser
            ? SelfDescribingToken.encode(
                uid: grant.uid, provider: grant.provider, nonce: world.random.string(length: 16))
            : world.random.string(length: 48)
        refreshTokens[refreshToken] = grant
        return tokens(for: grant, refreshToken: refreshToken)
    }

    /// A fresh ID token for a refresh token (`securetoken.googleapis.com/v1/token`): only for a session this backend
    /// started and has not ended (AUTH-7).
    package func refresh(_ refreshToken: String) throws(AuthError) -> SessionTokens {
        guard let grant = refreshTokens[refreshToken] ?? selfDescribedGrant(refreshToken), let user = users[grant.uid]
        else { throw AuthError(.userTokenExpired, "the session has ended; sign in again") }
        guard !user.isDisabled else { throw AuthError(.userDisabled, "the user account has been disabled") }
        let kept =
            behaviour.session.refreshKeepsSecondFactor
            ? grant
            : SessionGrant(uid: grant.uid, provider: grant.provider, authTime: grant.authTime, secondFactor: nil)
        return tokens(for: kept, refreshToken: refreshToken)
    }

    /// With a defect, the session a refresh token names by itself.
    private func selfDescribedGrant(_ refreshToken: String) -> SessionGrant? {
        guard behaviour.session.refreshTokensNameTheirUser, let named = SelfDescribingToken.decode(refreshToken) else {
            return nil
        }
        return SessionGrant(uid: named.uid, provider: named.provider, authTime: world.clock.now, secondFactor: nil)
    }

    /// Ends every session of `uid`: its refresh tokens mint nothing more; revoking by whole seconds, every session
    /// begun before the current second. The user's `validSince` becomes the current second.
    func endSessions(of uid: String) {
        validFromNow(uid)
        guard behaviour.session.revokesByWholeSeconds else {
            refreshTokens = refreshTokens.filter { $0.value.uid != uid }
            return
        }
        let validSince = world.clock.date.timeIntervalSince1970.rounded(.down)
        refreshTokens = refreshTokens.filter { _, grant in
            grant.uid != uid || world.clock.date(at: grant.authTime).timeIntervalSince1970.rounded(.down) >= validSince
        }
    }

    /// The user's `validSince` becomes the current second, as production's does when a password is set or sessions
    /// end: ID tokens issued from this second on stay valid.
    func validFromNow(_ uid: String) { sessionsValidSince[uid] = Int(idTokenNow.timeIntervalSince1970.rounded(.down)) }

    /// Replaces a session's grant (after enrolling or unenrolling a factor) and returns its new tokens.
    func renew(
        _ refreshToken: String, secondFactor: String?, secondFactorIdentifier: String? = nil
    ) throws(AuthError) -> SessionTokens {
        guard let grant = refreshTokens[refreshToken] else {
            throw AuthError(.userTokenExpired, "the session has ended; sign in again")
        }
        let renewed = SessionGrant(
            uid: grant.uid, provider: grant.provider, authTime: grant.authTime, secondFactor: secondFactor,
            secondFactorIdentifier: secondFactorIdentifier)
        refreshTokens[refreshToken] = renewed
        return tokens(for: renewed, refreshToken: refreshToken)
    }

    /// The session an ID token stands for, with its user.
    package func session(
        _ idToken: String, verifying: Bool = true
    ) throws(AuthError) -> (grant: SessionGrant, user: UserRecord) {
        let verifier = behaviour.tokens.accountCallsVerifyTokens && verifying ? signer : signer.trustingPayload
        let verified = try verifier.verify(idToken, at: idTokenNow)
        guard let user = users[verified.claims.uid] else { throw AuthError(.userNotFound, "the user no longer exists") }
        guard !user.isDisabled else { throw AuthError(.userDisabled, "the user account has been disabled") }
        let authTime = VirtualClock.Instant(offset: .seconds(verified.authTime.timeIntervalSince(world.clock.epoch)))
        return (
            SessionGrant(
                uid: user.uid, provider: verified.claims.signInProvider, authTime: authTime,
                secondFactor: verified.claims.secondFactor, secondFactorIdentifier: verified.secondFactorIdentifier),
            user
        )
    }

    /// The time ID tokens are stamped and verified with: the world's, or the system clock's.
    private var idTokenNow: Date { behaviour.tokens.onSystemClock ? Date() : world.clock.date }

    /// The session's next tokens; the user's `lastRefreshAt` becomes now.
    private func tokens(for grant: SessionGrant, refreshToken: String) -> SessionTokens {
        users[grant.uid]?.lastRefreshAt = world.clock.date
        let user = users[grant.uid]
        let claims = signer.claims(
            uid: grant.uid, signInProvider: grant.provider, user: user, authTime: world.clock.date(at: grant.authTime),
            secondFactor: grant.secondFactor, secondFactorIdentifier: grant.secondFactorIdentifier, at: idTokenNow)
        let idToken =
            !behaviour.testNumbers.usersGetSignedTokens && isTestNumberUser(user)
            ? signer.unsigned(claims) : signer.sign(claims)
        return SessionTokens(
            idToken: idToken, refreshToken: refreshToken,
            expiresAt: world.clock.now.advanced(by: .seconds(signer.lifetime)), expiresIn: Int(signer.lifetime))
    }

    private func isTestNumberUser(_ user: UserRecord?) -> Bool {
        user?.phoneNumber.map { testCodes[$0] != nil } ?? false
    }

    // MARK: The outside world

    /// Calls a party of the world within the network timeout, on the world's clock, turning its failures into
    /// `networkError` (AUTH-1, AUTH-2).
    func callOutsideParty(
        _ party: OutsideParty, _ call: @escaping @Sendable () async throws(PartyError) -> Void
    ) async throws(AuthError) {
        let parties = behaviour.outsideParties
        guard parties.timed.contains(party) else {
            do { return try await call() } catch { throw parties.failure("the \(party) failed: \(error)") }
        }
        do {
            try await world.clock.withTimeout(configuration.networkTimeout * parties.timeoutMultiplier) {
                try await call()
            }
        } catch let error as TimeoutError { throw parties.failure("the \(party) did not answer: \(error)") } catch {
            throw parties.failure("the \(party) failed: \(error)")
        }
    }

    func newUID() -> String { world.random.string(length: 28, alphabet: RandomSource.alphanumerics) }

    /// Whether `deadline` has passed: at it, or with `atDeadline` false only after it.
    /// Whether `deadline` has passed at `instant` (the world's now unless given).
    func isExpired(
        _ deadline: VirtualClock.Instant?, atDeadline: Bool = true, at instant: VirtualClock.Instant? = nil
    ) -> Bool {
        let now = instant ?? world.clock.now
        return deadline.map { atDeadline ? now >= $0 : now > $0 } ?? false
    }

    /// The date the backend stamps on what it records: the world's, or real time for a server that keeps it.
    var stampedNow: Date { behaviour.stampsRealTime ? Date() : world.clock.date }
}

/// The parties of the outside world the reference calls.
enum OutsideParty: String, CustomStringConvertible {
    case smsCarrier = "SMS carrier"
    case mailServer = "mail server"
    case github = "GitHub"
    case apple = "Apple"

    var description: String { rawValue }
}
