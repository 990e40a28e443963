import Foundation
import Synchronization

/// An Apple-like ID provider: the Sign in with Apple system sheet and `appleid.apple.com` (`/auth/keys`,
/// `/auth/token`, `/auth/revoke`), faithful to Apple's documented contract: RS256 identity tokens chosen by
/// `kid` from a rotatable key set, the nonce copied unchanged, name and email only on the first authorization,
/// codes single use for five minutes of the world's time, `client_secret` an ES256 JWT, and revocation that
/// answers 200 even for tokens it does not know.
public final class AppleIDProvider: Sendable {
    public static let hosts: Set<String> = ["appleid.apple.com"]
    public static let codeLifetime = Duration.seconds(300)
    /// `exp − iat` of Apple's identity tokens (forum thread 124175).
    public static let identityTokenLifetime = 600
    public static let accessTokenLifetime = 3600
    /// The longest a client secret may still be valid for (about six months).
    public static let clientSecretMaximumLifetime = 15_777_000
    public static let relayDomain = "privaterelay.appleid.com"
    static let hex = Array("0123456789abcdef")

    struct GrantKey: Hashable {
        let userID: String
        let clientID: String
    }

    /// A person's standing authorization of an app: what the first sheet settled.
    struct Grant {
        let emailChoice: AppleEmailChoice
        let scopes: [AppleScope]
    }

    struct IssuedCode {
        let grant: GrantKey
        let nonce: String?
        let authTime: Int
        let issuedAt: VirtualClock.Instant
        var redeemed = false
        var revoked = false
    }

    enum TokenKind: String {
        case refresh = "refresh_token"
        case access = "access_token"
    }

    struct IssuedToken {
        let grant: GrantKey
        let kind: TokenKind
        let authTime: Int
        var revoked = false
    }

    struct State {
        var apps: [String: AppleDeveloperApp] = [:]
        var accounts: [String: AppleIDAccount] = [:]
        var grants: [GrantKey: Grant] = [:]
        /// Hide-my-email addresses by user and team.
        var relays: [String: String] = [:]
        var codes: [String: IssuedCode] = [:]
        var tokens: [String: IssuedToken] = [:]
        var script: [AppleSheetDecision] = []
        /// Indices into ``JSONWebKeySet/appleTestKeys``.
        var published = [0, 1]
        var signing = 0
        /// Apple's dates (token stamps, client-secret checks) are real time instead of the world's.
        var keepsRealTime = false
    }

    let state = Mutex(State())
    let transcript: Transcript
    let clock: VirtualClock
    let random: RandomSource
    let courier: Courier

    init(transcript: Transcript, clock: VirtualClock, random: RandomSource, stalls: Stalls) {
        self.transcript = transcript
        self.clock = clock
        self.random = random
        courier = Courier(
            party: "Apple", failure: "HTTP 503 Service Unavailable", transcript: transcript, stalls: stalls)
    }

    // MARK: Set-up by a check

    package func register(app: AppleDeveloperApp) { state.withLock { $0.apps[app.clientID] = app } }

    package func add(user: AppleIDAccount) { state.withLock { $0.accounts[user.id] = user } }

    /// From now on Apple dates its tokens and judges client secrets in real time, not on the world's clock: for a
    /// subject that verifies Apple's tokens with a library that reads the system clock (vapor/jwt-kit's
    /// `AppleIdentityToken`). Apple's time then no longer moves with the world's.
    package func keepRealTime() { state.withLock { $0.keepsRealTime = true } }

    /// Apple's notion of now: the world's date, or real time once `keepRealTime()` was called.
    public var date: Date { state.withLock { $0.keepsRealTime } ? Date() : clock.date }

    /// Queues what the person does on the next sheet; sheets take the decisions in order.
    package func script(_ decision: AppleSheetDecision) { state.withLock { $0.script.append(decision) } }

    /// Whether Apple answers (sheet and HTTP), refuses (sheet `.failed`, HTTP 503) or never answers.
    package func set(_ mode: DeliveryMode) { courier.set(mode) }

    // MARK: What crossed the boundary

    package var authorizationRequests: [AppleAuthorizationRequest] {
        transcript.events { if case .apple(.authorizationRequested(let request, _)) = $0 { request } else { nil } }
    }

    package var tokenRequests: [AppleTokenRequest] {
        transcript.events { if case .apple(.tokenRequested(let request)) = $0 { request } else { nil } }
    }

    package var revokeRequests: [AppleRevokeRequest] {
        transcript.events { if case .apple(.revokeRequested(let request)) = $0 { request } else { nil } }
    }

    package var keyFetchCount: Int {
        transcript.events { if case .apple(.keysRequested) = $0 { () } else { nil } }.count
    }

    /// Whether `refreshToken` was issued and has since been revoked (directly, or with the rest of its grant).
    package func isRevoked(refreshToken: String) -> Bool { isRevoked(refreshToken, kind: .refresh) }

    package func isRevoked(accessToken: String) -> Bool { isRevoked(accessToken, kind: .access) }

    private func isRevoked(_ token: String, kind: TokenKind) -> Bool {
        state.withLock { $0.tokens[token].map { $0.kind == kind && $0.revoked } ?? false }
    }

    /// The refresh tokens of `userID` for `clientID` that are still good.
    package func activeGrants(userID: String, clientID: String) -> [String] {
        let key = GrantKey(userID: userID, clientID: clientID)
        return state.withLock { state in
            state.tokens.filter { $0.value.grant == key && $0.value.kind == .refresh && !$0.value.revoked }.keys
                .sorted()
        }
    }

    /// Whether the person's authorization of the app stands, so the next sheet shares no name or email.
    package func isAuthorized(userID: String, clientID: String) -> Bool {
        state.withLock { $0.grants[GrantKey(userID: userID, clientID: clientID)] != nil }
    }

    // MARK: HTTP

    public func handle(_ request: HTTPRequest) async -> HTTPResponse {
        let path = request.url.path
        do {
            try await courier.deliver(
                recordOf(request), refused: { .apple(.refused(path: path, reason: $0)) },
                stalled: .apple(.stalled(path: path)))
        } catch { return HTTPResponse(status: 503) }
        let response = route(request)
        transcript.record(.apple(.responded(path: path, status: response.status, summary: Self.summary(of: response))))
        return response
    }

    private func recordOf(_ request: HTTPRequest) -> WorldEvent? {
        switch (request.method.uppercased(), request.url.path) {
        case ("GET", "/auth/keys"): .apple(.keysRequested)
        case ("POST", "/auth/token"): .apple(.tokenRequested(tokenRequest(from: request)))
        case ("POST", "/auth/revoke"): .apple(.revokeRequested(revokeRequest(from: request)))
        default: nil
        }
    }

    private func route(_ request: HTTPRequest) -> HTTPResponse {
        guard request.url.host.map({ Self.hosts.contains($0.lowercased()) }) == true else {
            return HTTPResponse(status: 404)
        }
        switch (request.method.uppercased(), request.url.path) {
        case ("GET", "/auth/keys"):
            // The set's own JSON (its members in key order, as `.json` writes them), not read and written again.
            return HTTPResponse(
                status: 200, headers: ["Content-Type": "application/json; charset=utf-8"], body: publishedKeys.json)
        case ("POST", "/auth/token"): return exchange(tokenRequest(from: request))
        case ("POST", "/auth/revoke"): return revoke(revokeRequest(from: request))
        default: return HTTPResponse(status: 404)
        }
    }

    /// A response for the transcript: JSON members in key order, tokens abbreviated.
    static func summary(of response: HTTPResponse) -> String {
        guard let object = response.jsonObject else {
            return response.body.isEmpty ? "(empty body)" : "\(response.body.count) bytes"
        }
        if let keys = object["keys"] as? [[String: Any]] {
            return "keys " + keys.map { "\($0["kid"] ?? "?")" }.joined(separator: ", ")
        }
        let secrets: Set<String> = ["access_token", "refresh_token", "id_token"]
        return object.keys.sorted().map { key in
            let value = "\(object[key] ?? "")"
            return "\(key)=\(secrets.contains(key) ? abbreviated(value) : value)"
        }.joined(separator: " ")
    }
}

extension HTTPRequest {
    /// The last value of the form field `name` in the body.
    func formField(_ name: String) -> String? { formItems.last { $0.name == name }?.value }
}
