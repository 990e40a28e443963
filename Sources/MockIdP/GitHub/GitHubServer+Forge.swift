import Foundation

extension GitHubServer {
    /// The OAuth app an attacker registered on GitHub, whose genuine codes ``GitHubRedirectForgery/codeOfAnotherApp``
    /// carries to the app under test.
    package static let attackerApp = GitHubApp(
        clientID: "Iv1.a77ac4e7", clientSecret: "the-attackers-own-client-secret",
        callbackURL: URL(string: "https://attacker.example/callback")!)

    /// `redirect`, genuine, spoiled by exactly one fault (see ``GitHubRedirectForgery``). What the fault names (the
    /// state, the code, where the redirect goes) differs from the genuine redirect's, every run (``Forgery``); a replay
    /// names nothing changed. Throws when the fault would change nothing of this redirect (it has no state to remove,
    /// the other request's state is its own).
    package func forge(
        _ forgery: GitHubRedirectForgery, from redirect: GitHubRedirect
    ) throws(Forgery.NotAForgery) -> URL {
        let forged: URL
        switch forgery {
        case .replayed: return redirect.url
        case .stateOffByOne:
            let state = redirect.state ?? ""
            let changed = state.isEmpty ? "A" : Forgery.changingCharacter(at: state.count - 1, of: state)
            forged = redirect.setting("state", to: changed)
        case .stateMissing: forged = redirect.setting("state", to: nil)
        case .state(let other): forged = redirect.setting("state", to: GitHubRedirect(other).state)
        case .code(let other): forged = redirect.setting("code", to: GitHubRedirect(other).code)
        case .codeOfAnotherApp: forged = redirect.setting("code", to: codeForAttackerApp(as: login(of: redirect)))
        case .redirectedTo(let uri):
            guard var components = URLComponents(url: uri, resolvingAgainstBaseURL: false) else { return uri }
            components.percentEncodedQuery =
                URLComponents(url: redirect.url, resolvingAgainstBaseURL: false)?.percentEncodedQuery
            forged = components.url ?? uri
            let (genuine, sent) = (URLComponents(url: redirect.url, resolvingAgainstBaseURL: false), components)
            guard genuine?.host != sent.host || genuine?.path != sent.path || genuine?.scheme != sent.scheme else {
                throw Forgery.NotAForgery("\(uri) is where the genuine redirect goes")
            }
            return forged
        }
        let (name, genuine) = forgery.isAboutState ? ("state", redirect.state) : ("code", redirect.code)
        let changed = forgery.isAboutState ? GitHubRedirect(forged).state : GitHubRedirect(forged).code
        guard changed == nil ? genuine != nil : Forgery.differs(changed ?? "", from: genuine ?? "") else {
            throw Forgery.NotAForgery("\(forgery) leaves the \(name) of the genuine redirect as it was")
        }
        return forged
    }

    /// Someone changed the client secret of the app `clientID` in GitHub's developer settings: the new secret, and
    /// every copy of the old one (a project's configuration) is now refused with `incorrect_client_credentials`.
    /// GitHub's token endpoint refuses the next exchange with `error`, whatever it carries: so a check can see how
    /// the implementation maps each of GitHub's token errors (OAUTH-6) where a conforming request cannot provoke it
    /// (`redirect_uri_mismatch` needs a redirect URI other than the authorization's).
    package func refuseNextExchange(with error: GitHubError) { state.withLock { $0.nextExchangeRefusal = error } }

    @discardableResult
    package func regenerateClientSecret(of clientID: String) -> String {
        let secret = random.string(length: 40, alphabet: Array("0123456789abcdef"))
        state.withLock { state in
            guard let app = state.apps[clientID] else { return }
            state.apps[clientID] = GitHubApp(clientID: app.clientID, clientSecret: secret, callbackURL: app.callbackURL)
        }
        return secret
    }

    /// The person the redirect's code was issued to (while it is unspent), or else the first account GitHub has.
    private func login(of redirect: GitHubRedirect) -> String {
        state.withLock { state in
            redirect.code.flatMap { state.codes[$0]?.login } ?? state.users.keys.sorted().first ?? ""
        }
    }

    private func codeForAttackerApp(as login: String) -> String {
        let app = Self.attackerApp
        register(app: app)
        let code = random.string(length: 20, alphabet: Array("0123456789abcdef"))
        let issued = IssuedCode(
            clientID: app.clientID, redirectURI: app.callbackURL.absoluteString, scopes: [], login: login,
            challenge: nil, issuedAt: clock.now)
        state.withLock { $0.codes[code] = issued }
        return code
    }
}
