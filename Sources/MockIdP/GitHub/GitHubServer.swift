import Foundation
import Synchronization

/// A GitHub-like OAuth 2.0 server for OAuth apps (`github.com`) and the user API (`api.github.com`), faithful to
/// GitHub's documented contract: token-endpoint errors come back with HTTP 200, codes are single use and expire
/// after 10 minutes of the world's time, and `redirect_uri` follows GitHub's sub-domain and sub-path rule.
public final class GitHubServer: Sendable {
    public static let hosts: Set<String> = ["github.com", "api.github.com"]
    public static let codeLifetime = Duration.seconds(600)

    /// What the person at the browser decided on the consent page.
    public enum Decision: Sendable, Hashable {
        case approve(as: String)
        case deny
    }

    /// How an authorize request ends: a redirect to the app, or GitHub's own page (no redirect).
    public enum AuthorizeOutcome: Sendable, Hashable {
        case redirect(URL)
        case page(status: Int, message: String)
    }

    struct IssuedCode {
        let clientID: String
        let redirectURI: String
        let scopes: [String]
        let login: String
        let challenge: (value: String, method: PKCE.Method)?
        let issuedAt: VirtualClock.Instant
    }

    struct IssuedToken {
        let login: String
        let scopes: [String]
    }

    struct State {
        var apps: [String: GitHubApp] = [:]
        var users: [String: GitHubUser] = [:]
        var codes: [String: IssuedCode] = [:]
        var tokens: [String: IssuedToken] = [:]
        /// The answer of the next exchange, whatever it carries (``refuseNextExchange(with:)``).
        var nextExchangeRefusal: GitHubError?
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
            party: "GitHub", failure: "HTTP 503 Service Unavailable", transcript: transcript, stalls: stalls)
    }

    // MARK: Set-up by a check

    package func register(app: GitHubApp) { state.withLock { $0.apps[app.clientID] = app } }

    package func add(user: GitHubUser) { state.withLock { $0.users[user.login] = user } }

    /// Whether GitHub answers requests, refuses them (HTTP 503) or never answers.
    package func set(_ mode: DeliveryMode) { courier.set(mode) }

    // MARK: What crossed the boundary

    package var authorizeRequests: [GitHubAuthorizeRequest] {
        transcript.events { if case .github(.authorizeRequested(let request)) = $0 { request } else { nil } }
    }

    package var tokenRequests: [GitHubTokenRequest] {
        transcript.events { if case .github(.tokenRequested(let request)) = $0 { request } else { nil } }
    }

    /// The redirects GitHub sent browsers back to apps with, in order: the genuine artifacts forgeries start from.
    package var redirects: [GitHubRedirect] {
        transcript.events { if case .github(.authorizeRedirected(let url)) = $0 { GitHubRedirect(url) } else { nil } }
    }

    // MARK: HTTP

    public func handle(_ request: HTTPRequest) async -> HTTPResponse {
        let path = request.url.path
        do {
            try await courier.deliver(
                recordOf(request), refused: { .github(.refused(path: path, reason: $0)) },
                stalled: .github(.stalled(path: path)))
        } catch { return .json(503, ["message": "Service Unavailable"]) }
        let response = route(request)
        transcript.record(
            .github(.responded(path: path, status: response.status, summary: GitHubEvent.masked(response.text))))
        return response
    }

    private func recordOf(_ request: HTTPRequest) -> WorldEvent {
        switch (request.url.host?.lowercased(), request.url.path) {
        case ("github.com", "/login/oauth/authorize"):
            .github(.authorizeRequested(GitHubAuthorizeRequest(queryItems: request.queryItems)))
        case ("github.com", "/login/oauth/access_token"): .github(.tokenRequested(tokenRequest(from: request)))
        default:
            .github(
                .apiRequested(
                    method: request.method, path: request.url.path, token: bearerToken(of: request).map(abbreviated)))
        }
    }

    private func route(_ request: HTTPRequest) -> HTTPResponse {
        switch (request.url.host?.lowercased(), request.method.uppercased(), request.url.path) {
        case ("github.com", "GET", "/login/oauth/authorize"):
            // The sign-in and consent page: only a person at a browser gets past it (see `Browser`).
            HTTPResponse(
                status: 200, headers: ["Content-Type": "text/html; charset=utf-8"],
                body: Data("<html>Sign in to GitHub</html>".utf8))
        case ("github.com", "POST", "/login/oauth/access_token"): exchange(tokenRequest(from: request))
        case ("api.github.com", "GET", "/user"): user(request)
        case ("api.github.com", "GET", "/user/emails"): emails(request)
        default: .json(404, ["message": "Not Found", "documentation_url": "https://docs.github.com/rest"])
        }
    }

    private func tokenRequest(from request: HTTPRequest) -> GitHubTokenRequest {
        let fields =
            request.queryItems.map { ($0.name, $0.value ?? "") } + request.formItems.map { ($0.name, $0.value) }
        let field = { (name: String) in fields.first { $0.0 == name }?.1 }
        return GitHubTokenRequest(
            clientID: field("client_id"), clientSecret: field("client_secret"), code: field("code"),
            redirectURI: field("redirect_uri"), codeVerifier: field("code_verifier"),
            wantsJSON: request.header("Accept")?.lowercased().contains("application/json") == true)
    }

    func bearerToken(of request: HTTPRequest) -> String? {
        guard let authorization = request.header("Authorization") else { return nil }
        let parts = authorization.split(separator: " ", maxSplits: 1)
        guard parts.count == 2, ["bearer", "token"].contains(parts[0].lowercased()) else { return nil }
        return String(parts[1]).trimmingCharacters(in: .whitespaces)
    }
}
