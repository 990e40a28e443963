import Foundation
import MockIdP

/// A world with one registered OAuth app and one GitHub user, and helpers to walk the web flow.
struct GitHubFixture {
    static let callback = URL(string: "https://example.firebaseapp.com/__/auth/handler")!
    static let app = GitHubApp(clientID: "Iv1.client", clientSecret: "s3cr3t-client-secret", callbackURL: callback)
    static let octocat = GitHubUser(
        login: "octocat", id: 1, name: "The Octocat",
        emails: [
            .init("octocat@github.com", primary: true, verified: true, visibility: .public),
            .init("octo@example.com", verified: false),
        ])
    static let verifier = "dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk"
    static let challenge = "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM"

    let world = World()

    init() {
        world.github.register(app: Self.app)
        world.github.add(user: Self.octocat)
        world.github.add(user: GitHubUser(login: "hubot", id: 2))
    }

    static func authorizeURL(_ items: [(String, String)]) -> URL {
        var components = URLComponents(string: "https://github.com/login/oauth/authorize")!
        components.queryItems = items.map { URLQueryItem(name: $0.0, value: $0.1) }
        return components.url!
    }

    /// Approves as `login` and returns the code from the redirect.
    func code(
        scope: String = "user:email", redirectURI: String? = callback.absoluteString, pkce: [(String, String)] = [],
        as login: String = "octocat"
    ) -> String? {
        let items =
            [("client_id", Self.app.clientID)] + (redirectURI.map { [("redirect_uri", $0)] } ?? []) + [
                ("scope", scope), ("state", "S"),
            ] + pkce
        guard case .redirect(let url) = world.github.authorize(Self.authorizeURL(items), decision: .approve(as: login))
        else { return nil }
        return URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems?.first { $0.name == "code" }?.value
    }

    func exchange(
        _ code: String, secret: String = app.clientSecret, redirectURI: String? = nil, verifier: String? = nil,
        json: Bool = false
    ) async -> HTTPResponse {
        var fields = [("client_id", Self.app.clientID), ("client_secret", secret), ("code", code)]
        if let redirectURI { fields.append(("redirect_uri", redirectURI)) }
        if let verifier { fields.append(("code_verifier", verifier)) }
        let request = HTTPRequest.form(
            URL(string: "https://github.com/login/oauth/access_token")!, fields,
            headers: json ? ["Accept": "application/json"] : [:])
        return await world.github.handle(request)
    }

    func api(_ path: String, authorization: String?) async -> HTTPResponse {
        await world.github.handle(
            HTTPRequest(
                url: URL(string: "https://api.github.com" + path)!,
                headers: authorization.map { ["Authorization": $0] } ?? [:]))
    }
}
