import Foundation

extension GitHubServer {
    /// The authorize step once the person at the browser has decided: validates the client and the redirect URI
    /// the GitHub way and, on approval, mints a code bound to the client, redirect URI, scopes and PKCE challenge.
    public func authorize(_ url: URL, decision: Decision) -> AuthorizeOutcome {
        let request = Self.authorizeRequest(url)
        transcript.record(.github(.authorizeRequested(request)))
        return decide(request, decision)
    }

    /// The authorize step as the browser loads it: a failing GitHub shows a 503 page, and a stalling one keeps
    /// the page loading until the caller gives up (`nil`).
    func load(_ url: URL, decision: Decision) async -> AuthorizeOutcome? {
        let request = Self.authorizeRequest(url)
        do {
            try await courier.deliver(
                .github(.authorizeRequested(request)), refused: { .github(.refused(path: url.path, reason: $0)) },
                stalled: .github(.stalled(path: url.path)))
        } catch .failed(let reason) { return .page(status: 503, message: reason) } catch { return nil }
        return decide(request, decision)
    }

    private static func authorizeRequest(_ url: URL) -> GitHubAuthorizeRequest {
        GitHubAuthorizeRequest(queryItems: URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems ?? [])
    }

    private func decide(_ request: GitHubAuthorizeRequest, _ decision: Decision) -> AuthorizeOutcome {
        let outcome = outcome(of: request, decision: decision)
        switch outcome {
        case .redirect(let url): transcript.record(.github(.authorizeRedirected(to: url)))
        case .page(let status, let message):
            transcript.record(.github(.authorizePageShown(status: status, message: message)))
        }
        return outcome
    }

    private func outcome(of request: GitHubAuthorizeRequest, decision: Decision) -> AuthorizeOutcome {
        guard let clientID = request.value("client_id"), let app = state.withLock({ $0.apps[clientID] }) else {
            return .page(status: 404, message: "unknown client_id \(request.value("client_id") ?? "(none)")")
        }
        let state = request.value("state")
        let redirect: URL
        if let given = request.value("redirect_uri") {
            guard let url = URL(string: given), RedirectURIRule.accepts(url, callback: app.callbackURL) else {
                return .redirect(Self.redirect(.redirectURIMismatch, state: state, to: app.callbackURL))
            }
            redirect = url
        } else {
            redirect = app.callbackURL
        }
        // GitHub accepts only S256 (changelog 2025-07-14); a missing method means `plain` (RFC 7636 §4.3).
        var challenge: (String, PKCE.Method)?
        if let value = request.value("code_challenge") {
            let method = PKCE.Method(rawValue: request.value("code_challenge_method") ?? "plain")
            guard method == .s256, value.count == 43 else {
                return .redirect(Self.redirect(.invalidRequest, state: state, to: redirect))
            }
            challenge = (value, .s256)
        }
        switch decision {
        case .deny: return .redirect(Self.redirect(.accessDenied, state: state, to: redirect))
        case .approve(let login):
            guard self.state.withLock({ $0.users[login] }) != nil else {
                return .page(status: 404, message: "no GitHub account \(login)")
            }
            let code = random.string(length: 20, alphabet: Array("0123456789abcdef"))
            let issued = IssuedCode(
                clientID: clientID, redirectURI: redirect.absoluteString,
                scopes: GitHubScopes.normalized(request.value("scope")), login: login, challenge: challenge,
                issuedAt: clock.now)
            self.state.withLock { $0.codes[code] = issued }
            return .redirect(
                Self.appending(
                    [URLQueryItem(name: "code", value: code)]
                        + (state.map { [URLQueryItem(name: "state", value: $0)] } ?? []), to: redirect))
        }
    }

    private static func redirect(_ error: GitHubError, state: String?, to url: URL) -> URL {
        let items = error.fields(at: .authorize).map { URLQueryItem(name: $0.0, value: $0.1) }
        return appending(items + (state.map { [URLQueryItem(name: "state", value: $0)] } ?? []), to: url)
    }

    static func appending(_ items: [URLQueryItem], to url: URL) -> URL {
        guard var components = URLComponents(url: url, resolvingAgainstBaseURL: false) else { return url }
        let encoded = items.map { FormEncoding.escape($0.name) + "=" + FormEncoding.escape($0.value ?? "") }.joined(
            separator: "&")
        components.percentEncodedQuery = [components.percentEncodedQuery, encoded].compactMap { $0 }.filter {
            !$0.isEmpty
        }.joined(separator: "&")
        return components.url ?? url
    }
}
