import ConformanceKit
import Crypto
import Foundation
import MockIdP

/// The reference backend: the project's users, verifications and sessions. It reaches the outside world only
/// through the world's parties and measures time only on the world's clock.
actor ReferenceBackend: AuthBackend {
    let configuration: ProjectConfiguration
    let world: World
    let defects: Set<Defect>
    let signer: IDTokenSigner
    let testCodes: [String: String]
    var users: [String: UserRecord] = [:]
    var verifications: [String: PhoneVerification] = [:]
    var pendingSignIns: [String: PendingSignIn] = [:]
    var refreshTokens: [String: SessionGrant] = [:]
    var emailVerificationCodes: [String: String] = [:]
    var pushSecrets: [String: String] = [:]
    var rateLimiter: RateLimiter

    init(configuration: ProjectConfiguration, world: World, defects: Set<Defect>) {
        self.configuration = configuration
        self.world = world
        self.defects = defects
        signer = IDTokenSigner(projectID: configuration.projectID, key: SymmetricKey(data: world.random.bytes(32)))
        rateLimiter = RateLimiter(configuration.phone.verificationLimit)
        testCodes = Dictionary(configuration.phone.testPhoneNumbers.map { ($0.phoneNumber, $0.verificationCode) }) { first, _ in first }
    }

    func makeClient(on device: Device) async throws -> any AuthClient {
        ReferenceClient(backend: self, device: device)
    }

    func verifyIDToken(_ idToken: String) async throws -> IDTokenClaims {
        try signer.verify(idToken, at: world.clock.date).claims
    }

    func user(_ uid: String) -> AuthUser? { users[uid]?.snapshot }

    // MARK: Sessions

    /// Signs `user` in: a new ID token and refresh token for the session.
    func startSession(for user: UserRecord, provider: String, isNewUser: Bool, secondFactor: String? = nil) -> SignInResponse {
        var user = user
        user.lastSignInAt = world.clock.date
        users[user.uid] = user
        let grant = SessionGrant(uid: user.uid, provider: provider, authTime: world.clock.now, secondFactor: secondFactor)
        let refreshToken = world.random.string(length: 48)
        refreshTokens[refreshToken] = grant
        return SignInResponse(user: user.snapshot, tokens: tokens(for: grant, refreshToken: refreshToken), isNewUser: isNewUser, providerID: provider)
    }

    /// A fresh ID token for a refresh token (`securetoken.googleapis.com/v1/token`).
    func refresh(_ refreshToken: String) throws -> SessionTokens {
        guard let grant = refreshTokens[refreshToken], users[grant.uid] != nil else {
            throw AuthError(.userTokenExpired, "the session has ended; sign in again")
        }
        return tokens(for: grant, refreshToken: refreshToken)
    }

    /// Replaces a session's grant (after enrolling or unenrolling a factor) and returns its new tokens.
    func renew(_ refreshToken: String, secondFactor: String?) throws -> SessionTokens {
        guard let grant = refreshTokens[refreshToken] else { throw AuthError(.userTokenExpired, "the session has ended; sign in again") }
        let renewed = SessionGrant(uid: grant.uid, provider: grant.provider, authTime: grant.authTime, secondFactor: secondFactor)
        refreshTokens[refreshToken] = renewed
        return tokens(for: renewed, refreshToken: refreshToken)
    }

    /// The session an ID token stands for, with its user.
    func session(_ idToken: String) throws -> (grant: SessionGrant, user: UserRecord) {
        let verified = try signer.verify(idToken, at: world.clock.date)
        guard let user = users[verified.claims.uid] else { throw AuthError(.userNotFound, "the user no longer exists") }
        let authTime = VirtualClock.Instant(offset: .seconds(verified.authTime.timeIntervalSince(world.clock.epoch)))
        return (SessionGrant(uid: user.uid, provider: verified.claims.signInProvider, authTime: authTime, secondFactor: verified.claims.secondFactor), user)
    }

    private func tokens(for grant: SessionGrant, refreshToken: String) -> SessionTokens {
        let user = users[grant.uid]
        let claims = signer.claims(
            uid: grant.uid, signInProvider: grant.provider, phoneNumber: user?.phoneNumber, email: user?.email,
            authTime: world.clock.date(at: grant.authTime), secondFactor: grant.secondFactor, at: world.clock.date)
        let idToken = defects.contains(.testNumberUsersGetUnsignedTokens) && isTestNumberUser(user) ? signer.unsigned(claims) : signer.sign(claims)
        return SessionTokens(idToken: idToken, refreshToken: refreshToken, expiresAt: world.clock.now.advanced(by: .seconds(IDTokenSigner.lifetime)))
    }

    private func isTestNumberUser(_ user: UserRecord?) -> Bool {
        user?.phoneNumber.map { testCodes[$0] != nil } ?? false
    }

    // MARK: The outside world

    /// Calls a party of the world within the network timeout, turning its failures into `networkError` (AUTH-1, AUTH-2).
    func callOutsideParty(_ party: String, _ call: @escaping @Sendable () async throws(PartyError) -> Void) async throws {
        if defects.contains(.leaksPartyErrors) || (party == "SMS carrier" && defects.contains(.waitsForeverForTheSMSCarrier)) {
            do { return try await call() } catch {
                if defects.contains(.leaksPartyErrors) { throw error }
                throw AuthError(.networkError, "the \(party) failed: \(error)")
            }
        }
        let clock = world.clock
        let deadline = clock.now.advanced(by: configuration.networkTimeout)
        let timeout = configuration.networkTimeout
        let outcome = await withTaskGroup(of: AuthError??.self) { group in
            group.addTask {
                do { try await call(); return .some(nil) } catch { return .some(AuthError(.networkError, "the \(party) failed: \(error)")) }
            }
            group.addTask {
                do { try await clock.wait(until: deadline) } catch { return nil }
                return .some(AuthError(.networkError, "the \(party) did not answer within \(timeout)"))
            }
            defer { group.cancelAll() }
            while let next = await group.next() {
                if let finished = next { return finished }
            }
            return AuthError(.networkError, "the call to the \(party) was cancelled")
        }
        if let error = outcome { throw error }
    }

    func newUID() -> String { world.random.string(length: 28, alphabet: RandomSource.alphanumerics) }

    func isExpired(_ deadline: VirtualClock.Instant?) -> Bool {
        deadline.map { world.clock.now >= $0 } ?? false
    }
}
