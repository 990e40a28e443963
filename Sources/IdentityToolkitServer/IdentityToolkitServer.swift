import ConformanceKit
import Foundation
import HTTPMessages
import MockIdP
import PlainHTTPClient
import ReferenceAuth
import Synchronization

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The reference implementation behind the Identity Toolkit REST API, in process: the v1 `accounts:*` calls,
/// the v2 multi-factor calls, the secure-token refresh and the Auth Emulator's `/emulator/v1/…` test hooks, as
/// the REST reference (https://cloud.google.com/identity-platform/docs/reference/rest) and the Auth Emulator
/// describe them, answered by a ``ReferenceBackend`` (with its defects).
///
/// Like the emulator it does not reach anyone's world: each project has a private world whose SMS carrier and
/// mailbox are its outboxes, listed at `/emulator/v1/projects/{project}/verificationCodes` and `…/oobCodes`.
/// Unlike the emulator it isolates by project: ``newProject(_:)`` creates a project of its own (users, codes,
/// outboxes) and returns the API key that reaches it, also on the test hooks (`?key=`); any other non-empty key
/// serves the project its ID names on the hooks, or ``defaultProjectID``. Requests reach it through
/// ``urlSessionConfiguration()`` (a `URLProtocol`, no sockets).
public final class IdentityToolkitServer: Sendable {
    /// The settings every project of the server has: the standard project's, with a rate limit no check reaches.
    public static func projectSettings(projectID: String) -> ProjectConfiguration {
        ProjectConfiguration.standard.with(\.projectID, projectID).with(\.phone.verificationLimit.maxRequests, 1000)
    }

    /// The settings a new project or tenant of this server starts with: ``projectSettings(projectID:)``, with TOTP
    /// where the server enables it.
    func settings(projectID: String) -> ProjectConfiguration {
        Self.projectSettings(projectID: projectID).with(\.multiFactor.totpAdjacentIntervals, totpAdjacentIntervals)
    }

    public let defaultProjectID: String
    /// Where the server answers, e.g. `http://identity-toolkit-1.invalid:9099` (the emulator's layout below it).
    public let baseURL: URL
    public let name: String
    /// Whether the ID tokens it hands out are unsigned (`alg: none`), as the Auth Emulator's are.
    public let issuesUnsignedTokens: Bool
    /// Whether an unknown multi-factor pending credential is answered as the Auth Emulator answers it
    /// (`parsePendingCredential`, operations.ts l.3099): `((Invalid phoneVerificationInfo.mfaPendingCredential.))`,
    /// a message with no error code, which the SDK maps to `internalError`.
    public let answersUnknownPendingCredentialWithoutCode: Bool
    /// Whether each project's clock follows real time (a served server), besides the time control.
    public let followsRealTime: Bool
    /// Whether ``requests`` keeps every request: for tests of a client, not for a long-running server.
    public let recordsRequests: Bool
    /// Whether the server takes the providers' configuration call (`defaultSupportedIdpConfigs`, with the suite's
    /// `providerEndpoints`). Without, it answers that call 501 `NOT_IMPLEMENTED`, as the Auth Emulator answers the
    /// calls of its API it does not implement (`server.ts`), so a model of the emulator is judged without providers.
    public let configuresProviders: Bool
    /// Whether the server answers the emulator's test hooks (`/emulator/v1/…`: the outboxes, the reset, the time
    /// control, the service account). Without, each is a 404 `NOT_FOUND`, as on a production project, which a suite
    /// then judges through production's own routes.
    public let servesTestHooks: Bool
    /// How long the ID tokens it hands out last: Firebase's hour, or a test server's shorter lifetime, which a suite
    /// told of it (`--id-token-lifetime`) waits for in real time where there is no time control.
    public let idTokenLifetime: Duration
    /// TOTP second factors in every project and tenant the server creates, with this many adjacent intervals
    /// (`--totp-adjacent-intervals`); nil: off until the config API enables them.
    public let totpAdjacentIntervals: Int?
    let behaviour: ReferenceBehaviour
    /// The reference the server answers with: it validates a configuration set through the config API.
    let reference: ReferenceSubject
    let projects = Mutex<(byKey: [String: ServerProject], byID: [String: ServerProject])>(([:], [:]))
    private let heard = Mutex<[HTTPRequest]>([])
    /// The RS256 tokens handed out: the backend's own token each stands for, and the tenant it was issued in.
    private let publishedTokens = Mutex<[String: (token: String, tenant: String?)]>([:])
    /// The tenant of each refresh token handed out in a tenant: a refresh names its session by that token alone.
    private let refreshTokenTenants = Mutex<[String: String]>([:])
    /// The published token of each backend token signed lately (``published(_:)``).
    private let signedLately = Mutex<[String: String]>([:])
    /// The connections to the providers' endpoints the projects are pointed at (``ProviderEndpointTransport``).
    let providerConnections = HTTP1Client()

    /// A server answering with `reference`'s backend (with its defects and variations). With
    /// `issuesUnsignedTokens` it strips the signature of every ID token it answers, as the Auth Emulator issues
    /// them; only a backend that checks no signature (a defect) then accepts them back. With `idTokenLifetime`
    /// (whole seconds, at least one) its ID tokens last that long instead of an hour; with `totpAdjacentIntervals`
    /// its projects start with TOTP second factors enabled.
    public init(
        reference: ReferenceSubject = ReferenceSubject(), defaultProjectID: String = "demo-conformance",
        issuesUnsignedTokens: Bool = false, answersUnknownPendingCredentialWithoutCode: Bool = false,
        followsRealTime: Bool = false, recordsRequests: Bool = true, configuresProviders: Bool = true,
        servesTestHooks: Bool = true, idTokenLifetime: Duration = .seconds(3600), totpAdjacentIntervals: Int? = nil
    ) {
        self.totpAdjacentIntervals = totpAdjacentIntervals
        self.configuresProviders = configuresProviders
        self.servesTestHooks = servesTestHooks
        self.followsRealTime = followsRealTime
        self.recordsRequests = recordsRequests
        self.issuesUnsignedTokens = issuesUnsignedTokens
        self.answersUnknownPendingCredentialWithoutCode = answersUnknownPendingCredentialWithoutCode
        var behaviour = reference.behaviour
        // A server keeps real time, and cannot push to the app to verify it: like the emulator it takes the app's word.
        // A served project's clock is real time until its time control drives it, so it stamps times on that clock.
        behaviour.stampsRealTime = !followsRealTime
        behaviour.appVerification.backendRequiresProof = false
        // A served server answers as production where a client tested against it meets the difference: revocation by
        // whole seconds (the JS SDK keeps a refresh token whose ID token is byte-identical to the one answered) and
        // one account per email. Only on a clock that follows real time: on a clock that only the time control moves,
        // with no time control, no second would ever pass between a session and the change that must end it.
        behaviour.answersAsProduction = followsRealTime
        behaviour.idTokenLifetime = Double(max(1, idTokenLifetime.components.seconds))
        self.idTokenLifetime = .seconds(behaviour.idTokenLifetime)
        self.behaviour = behaviour
        self.reference = reference
        self.defaultProjectID = defaultProjectID
        name = reference.name
        baseURL = URL(string: "http://\(IdentityToolkitServerRegistry.nextHost()):9099")!
        IdentityToolkitServerRegistry.register(self)
    }

    /// Creates a project named `projectID` with state of its own, and returns the API key that reaches it.
    public func newProject(_ projectID: String) -> String {
        projects.withLock { projects in
            let key = "key-\(projects.byKey.count + 1)-for-\(projectID)"
            projects.byKey[key] = ServerProject(
                configuration: settings(projectID: projectID), behaviour: behaviour,
                seed: projectSeed(projects.byKey.count + projects.byID.count + 1))
            return key
        }
    }

    /// Every request the server answered, in order: what a client sent, for tests of the client.
    public var requests: [HTTPRequest] { heard.withLock { $0 } }

    func hear(_ request: HTTPRequest) {
        guard recordsRequests else { return }
        heard.withLock { $0.append(request) }
    }

    /// The path below the server's root where it publishes the key set of its RS256 ID tokens.
    public static var publishedKeysPath: String { PublishedSigningKey.path }

    /// Makes the key of the RS256 ID tokens now, unless it is made already (once per process). Otherwise the first
    /// token a server hands out makes it, on the event loop answering that request, which a key generation (20–300 ms)
    /// holds from the other connections it serves: a long-running server makes it as it starts, off its loops.
    package static func prepareSigningKey() {
        _ = PublishedSigningKey.key
        _ = ServiceAccount.key
    }

    /// Where the server publishes the key of its RS256 ID tokens (a JSON Web Key set).
    public var publishedKeysURL: URL { baseURL.appending(path: PublishedSigningKey.path) }

    /// A configuration whose sessions reach this server (and only it) instead of the network.
    public func urlSessionConfiguration() -> URLSessionConfiguration {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.protocolClasses = [IdentityToolkitURLProtocol.self] + (configuration.protocolClasses ?? [])
        return configuration
    }

    /// The token the client sees: RS256 under the published key (or unsigned, like the emulator's); the backend's
    /// own token is kept to translate it back. A token handed out again is not signed again: PKCS#1 v1.5 signatures
    /// are deterministic, so the last 4,096 tokens signed are remembered (a catalogue run signed 534 times for 238
    /// tokens, and RSA signing was a third of the served server's CPU).
    /// In a tenant the token names it (`firebase.tenant`), as production's do; `claims` are added at its top level.
    func published(_ token: String, tenant: String?, claims: [String: FixtureValue] = [:]) -> String {
        guard !issuesUnsignedTokens else { return token }
        // The same backend token with other claims (custom claims set since) is another published token.
        let signing = claims.isEmpty ? token : token + "\u{0}" + CustomClaims.text(claims)
        if let known = signedLately.withLock({ $0[signing] }) { return known }
        guard let published = PublishedSigningKey.resign(token, tenant: tenant, claims: claims) else { return token }
        publishedTokens.withLock { $0[published] = (token, tenant) }
        signedLately.withLock { signed in
            if signed.count >= 4096 { signed.removeAll(keepingCapacity: true) }
            signed[signing] = published
        }
        return published
    }

    /// The seed of a new project's world: its place in the order of projects, for a server in a test, whose runs
    /// must repeat; for a server that follows real time (`conformance serve`), unpredictable, so that no user ID,
    /// refresh token or action code of one server's life can be foretold from another's.
    func projectSeed(_ ordinal: Int) -> UInt64 { followsRealTime ? UInt64.random(in: .min ... .max) : UInt64(ordinal) }

    /// The backend's own token for one the server handed out; any other token as it is, for the backend to judge.
    func backendToken(_ token: String) -> String { publishedTokens.withLock { $0[token]?.token } ?? token }

    /// Remembers the tenant a refresh token was handed out in.
    func handedOut(refreshToken: String, inTenant tenant: String) {
        refreshTokenTenants.withLock { $0[refreshToken] = tenant }
    }

    /// The tenant a request's token was issued in, as production and the emulator take it from the token when the
    /// request names none (the iOS and JS SDKs send `getAccountInfo`, `deleteAccount`, the refresh and, from the JS
    /// SDK, `accounts:update` with the token alone): `.some(tenant)` for an ID token this server handed out (`nil`
    /// inside: the project itself) or a refresh token it handed out in a tenant; nil for a token it cannot place.
    func tenantCarried(by body: FixtureValue) -> String?? {
        if let idToken = body["idToken"]?.stringValue, let issued = publishedTokens.withLock({ $0[idToken] }) {
            return .some(issued.tenant)
        }
        if let refreshToken = body["refresh_token"]?.stringValue ?? body["refreshToken"]?.stringValue,
            let tenant = refreshTokenTenants.withLock({ $0[refreshToken] })
        {
            return .some(tenant)
        }
        return nil
    }

    /// The project a key made by ``newProject(_:)`` reaches; otherwise the project named `projectID`.
    /// With `tenant`, that tenant of the project, created empty the first time it is named (as the emulator does),
    /// with the project's authorized domains, which production's tenants share (a tenant has no list of its own).
    func project(forAPIKey key: String?, projectID: String? = nil, tenant: String? = nil) -> ServerProject {
        let project = projects.withLock { projects in
            if tenant == nil, let key, let project = projects.byKey[key] { return project }
            let projectID = projectID ?? defaultProjectID
            let name = tenant.map { "\(projectID)/tenants/\($0)" } ?? projectID
            if let project = projects.byID[name] { return project }
            var settings = settings(projectID: projectID)
            if tenant != nil, let parent = projects.byID[projectID] {
                settings.emailLink.authorizedDomains = parent.backend.configuration.emailLink.authorizedDomains
            }
            let project = ServerProject(
                configuration: settings, behaviour: behaviour,
                seed: projectSeed(projects.byKey.count + projects.byID.count + 1), tenant: tenant)
            projects.byID[name] = project
            return project
        }
        if followsRealTime { project.catchUpWithRealTime() }
        return project
    }

    /// The project ``project(forAPIKey:projectID:tenant:)`` finds, started afresh with `configuration` (its accounts,
    /// codes, outboxes and clock new), unless it already has that configuration: the config API's update.
    func reconfigure(
        forAPIKey key: String?, projectID: String? = nil, tenant: String? = nil, to configuration: ProjectConfiguration,
        protectingEmailEnumeration protects: Bool? = nil
    ) {
        let current = project(forAPIKey: key, projectID: projectID, tenant: tenant)
        let protects = protects ?? current.protectsEmailEnumeration
        guard current.backend.configuration != configuration || current.protectsEmailEnumeration != protects else {
            return
        }
        projects.withLock { projects in
            let fresh = ServerProject(
                configuration: configuration, behaviour: behaviour,
                seed: projectSeed(projects.byKey.count + projects.byID.count + 1), tenant: tenant,
                protectsEmailEnumeration: protects)
            if tenant == nil, let key, projects.byKey[key] != nil {
                projects.byKey[key] = fresh
            } else {
                let projectID = projectID ?? defaultProjectID
                projects.byID[tenant.map { "\(projectID)/tenants/\($0)" } ?? projectID] = fresh
            }
        }
    }
}

/// One project of the server: its backend, the private world it sends texts and emails into, and the
/// texts attributed to verification requests so far.
final class ServerProject: Sendable {
    let backend: ReferenceBackend
    let world: World
    /// The tenant this is, nil for the project itself: its action links name it (`tenantId=`), as production's do,
    /// and the SDKs refuse a tenant's link without it.
    let tenant: String?
    /// Email enumeration protection (`emailPrivacyConfig.enableImprovedEmailPrivacy`), as the config API set it.
    let protectsEmailEnumeration: Bool
    private let texts = Mutex<(entries: [FixtureValue], attributed: Set<Int>)>(([], []))
    /// The administrator's `validSince` per user, in seconds since 1970 (``validSince(of:)`` answers it).
    private let revocations = Mutex<[String: Int]>([:])
    /// The custom claims of each user, and the developer claims of each session begun with a custom token
    /// (``CustomClaims``).
    private let claims = Mutex<(byUser: [String: [String: FixtureValue]], bySession: [String: [String: FixtureValue]])>(
        ([:], [:]))
    /// The real time the clock last caught up with, for a server whose projects follow real time.
    private let lastRealTime = Mutex<Date>(Date())
    /// The provider endpoints the project was pointed at (``IdentityToolkitServer/configureIdp(_:_:)``), if any.
    private let providers = Mutex<ProviderEndpointTransport?>(nil)

    var providerEndpoints: ProviderEndpointTransport? { providers.withLock { $0 } }

    func pointAtProviders(_ transport: ProviderEndpointTransport?) { providers.withLock { $0 = transport } }
    /// The `oobCodes` outbox listed so far, and how many transcript entries it was read from.
    private let mailed = Mutex<(read: Int, entries: [FixtureValue])>((0, []))
    /// Whether a client drives the clock through the time control: from then on it no longer follows real time, so a
    /// check's verdict never depends on how long its calls took.
    private let isDriven = Mutex(false)

    /// A project with `configuration`; with `drivenClock`, one restored whose clock the time control drove: it stands
    /// at that date and moves only through the time control.
    init(
        configuration: ProjectConfiguration, behaviour: ReferenceBehaviour, seed: UInt64, tenant: String? = nil,
        protectsEmailEnumeration: Bool = false, drivenClock: Date? = nil
    ) {
        self.tenant = tenant
        self.protectsEmailEnumeration = protectsEmailEnumeration
        var behaviour = behaviour
        behaviour.protectsEmailEnumeration = behaviour.protectsEmailEnumeration || protectsEmailEnumeration
        // The world's clock stands at the real time the project was created (whole seconds, as tokens keep it).
        let epoch = drivenClock ?? Date(timeIntervalSince1970: Date().timeIntervalSince1970.rounded(.down))
        world = World(seed: seed, epoch: epoch)
        backend = ReferenceBackend(configuration: configuration, world: world, behaviour: behaviour)
        isDriven.withLock { $0 = drivenClock != nil }
    }

    /// Every user's `validSince`, and every user's custom claims: what of the project outlasts a restart besides its
    /// backend's accounts.
    var revocationsAndClaims: (validSince: [String: Int], claims: [String: [String: FixtureValue]]) {
        get async {
            let ended = await backend.sessionsValidSince
            return (revocations.withLock { $0 }.merging(ended, uniquingKeysWith: max), claims.withLock { $0.byUser })
        }
    }

    /// Takes the `validSince` and custom claims of a restored project.
    func restore(validSince: [String: Int], claims byUser: [String: [String: FixtureValue]]) {
        revocations.withLock { $0 = validSince }
        claims.withLock { $0.byUser = byUser }
    }

    /// Whether the time control drives the clock (it then no longer follows real time).
    var clockIsDriven: Bool { isDriven.withLock { $0 } }

    /// Records in the `verificationCodes` outbox the texts the backend sent for `sessionInfo`: the messages of the
    /// private carrier that hold its code, each with the number it went to and the code as the text shows it.
    func recordTexts(for sessionInfo: String) async {
        guard let verification = await backend.verification(sessionInfo) else { return }
        let messages = world.transcript.events { if case .sms(.delivered(let message)) = $0 { message } else { nil } }
        texts.withLock { texts in
            for (index, message) in messages.enumerated()
            where !texts.attributed.contains(index) && message.text.contains(verification.code) {
                texts.attributed.insert(index)
                texts.entries.append(
                    .object([
                        "code": .string(SMSCode.extract(from: message.text) ?? verification.code),
                        "phoneNumber": .string(message.to), "sessionInfo": .string(sessionInfo),
                    ]))
            }
        }
    }

    var verificationCodes: [FixtureValue] { texts.withLock { $0.entries } }

    /// A user's `validSince`: the later of the administrator's (`accounts:update` with `validSince`, kept as sent) and
    /// the last change that ended the user's sessions (a new password or email, a reset, disabling), which production
    /// advances too, so that `verifyIdToken(checkRevoked:)` refuses the ID tokens from before it.
    func validSince(of uid: String) async -> Int? {
        let ended = await backend.sessionsValidSince[uid]
        return [revocations.withLock { $0[uid] }, ended].compactMap(\.self).max()
    }

    func setValidSince(_ seconds: Int, of uid: String) { revocations.withLock { $0[uid] = seconds } }

    func customClaims(of uid: String) -> [String: FixtureValue] { claims.withLock { $0.byUser[uid] ?? [:] } }

    func setCustomClaims(_ custom: [String: FixtureValue], of uid: String) {
        claims.withLock { $0.byUser[uid] = custom.isEmpty ? nil : custom }
    }

    func setDeveloperClaims(_ custom: [String: FixtureValue], ofSession refreshToken: String) {
        guard !custom.isEmpty else { return }
        claims.withLock { $0.bySession[refreshToken] = custom }
    }

    /// The claims an ID token of `uid`'s session `refreshToken` carries beside its own: the user's custom claims, and
    /// the session's developer claims.
    func claims(of uid: String, session refreshToken: String?) -> [String: FixtureValue] {
        claims.withLock { claims in
            (claims.byUser[uid] ?? [:]).merging(refreshToken.flatMap { claims.bySession[$0] } ?? [:]) { user, _ in user
            }
        }
    }

    /// Moves the project's clock on by the whole seconds of real time passed since it last did (tokens keep whole
    /// seconds, so the clock does too): a served project's codes and sessions expire in real time, and the time
    /// control (``advanceClock(by:)``) adds to it.
    func catchUpWithRealTime() {
        guard !isDriven.withLock({ $0 }) else { return }
        let now = Date()
        let seconds = lastRealTime.withLock { last -> Int64 in
            let whole = Int64(now.timeIntervalSince(last).rounded(.down))
            if whole > 0 { last = last.addingTimeInterval(Double(whole)) }
            return whole
        }
        if seconds > 0 { world.clock.advance(by: .seconds(seconds)) }
    }

    /// The time control: the project's clock moves on by `seconds` (whole seconds) at once, and from then on only
    /// through the time control.
    func advanceClock(by seconds: Int64) {
        isDriven.withLock { $0 = true }
        world.clock.advance(by: .seconds(seconds))
    }

    /// The `oobCodes` outbox: every action link the backend mailed, with its address, mode and code. The world's
    /// transcript only grows, so each listing reads only the entries recorded since the last one: a project shared
    /// by a whole run (one check at a time) lists its outbox after every email, and re-reading every email it ever
    /// mailed made the listing most of the run's time.
    var oobCodes: [FixtureValue] {
        let transcript = world.transcript.all
        return mailed.withLock { mailed in
            guard transcript.count > mailed.read else { return mailed.entries }
            mailed.entries += transcript[mailed.read...].flatMap { entry -> [FixtureValue] in
                if case .mail(.delivered(let email)) = entry.event {
                    Self.outboxEntries(of: email, tenant: tenant)
                } else {
                    []
                }
            }
            mailed.read = transcript.count
            return mailed.entries
        }
    }

    /// The outbox's entries of one email: each action link with its code and mode, in a tenant with `tenantId=` (the
    /// JS SDK's `ActionCodeURL` reads the tenant from the link, and `signInWithEmailLink` refuses a tenant's link
    /// without it: `auth/tenant-id-mismatch`).
    private static func outboxEntries(of email: Email, tenant: String?) -> [FixtureValue] {
        email.links.compactMap { mailed -> FixtureValue? in
            var components = URLComponents(url: mailed, resolvingAgainstBaseURL: false)
            if let tenant, components?.queryItems?.contains(where: { $0.name == "tenantId" }) == false {
                // Appended to the query as it is written, which keeps the continue URL's own escapes.
                let value = tenant.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? tenant
                components?.percentEncodedQueryItems?.append(URLQueryItem(name: "tenantId", value: value))
            }
            let link = components?.url ?? mailed
            let query = components?.queryItems ?? []
            guard let code = query.first(where: { $0.name == "oobCode" })?.value else { return nil }
            let mode = query.first { $0.name == "mode" }?.value ?? ""
            let requestType =
                [
                    "signIn": "EMAIL_SIGNIN", "verifyEmail": "VERIFY_EMAIL", "resetPassword": "PASSWORD_RESET",
                    "verifyAndChangeEmail": "VERIFY_AND_CHANGE_EMAIL",
                ][mode] ?? mode
            return .object([
                "email": .string(email.to), "requestType": .string(requestType), "oobCode": .string(code),
                "oobLink": .string(link.absoluteString),
            ])
        }
    }
}

/// The servers a URL protocol may route to, held weakly and keyed by the host each one answers at: the only
/// process-wide state the in-process server needs (the pattern of MockIdP's `WorldRegistry`).
enum IdentityToolkitServerRegistry {
    private struct Entry { weak var server: IdentityToolkitServer? }

    static let hostSuffix = ".identity-toolkit.invalid"
    private static let entries = Mutex<(next: Int, byHost: [String: Entry])>((0, [:]))

    static func nextHost() -> String {
        entries.withLock { entries in
            entries.next += 1
            return "server-\(entries.next)\(hostSuffix)"
        }
    }

    static func register(_ server: IdentityToolkitServer) {
        entries.withLock { entries in
            entries.byHost = entries.byHost.filter { $0.value.server != nil }
            entries.byHost[server.baseURL.host ?? ""] = Entry(server: server)
        }
    }

    static func server(at host: String) -> IdentityToolkitServer? { entries.withLock { $0.byHost[host]?.server } }
}
