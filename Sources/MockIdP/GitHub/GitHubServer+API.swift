import Foundation

extension GitHubServer {
    private static let emailsDocumentation =
        "https://docs.github.com/rest/users/emails#list-email-addresses-for-the-authenticated-user"

    func user(_ request: HTTPRequest) -> HTTPResponse {
        authorized(request, accepting: []) { user, _ in
            .json(
                200,
                [
                    "login": user.login, "id": user.id, "node_id": Base64URL.encode(Data("04:User\(user.id)".utf8)),
                    "avatar_url": "https://avatars.githubusercontent.com/u/\(user.id)?v=4", "gravatar_id": "",
                    "url": "https://api.github.com/users/\(user.login)", "html_url": "https://github.com/\(user.login)",
                    "type": "User", "site_admin": false, "name": orNull(user.name), "email": orNull(user.publicEmail),
                ])
        }
    }

    func emails(_ request: HTTPRequest) -> HTTPResponse {
        authorized(request, accepting: ["user", "user:email"]) { user, _ in
            .json(
                200,
                user.emails.map { email -> [String: Any] in
                    [
                        "email": email.address, "primary": email.primary, "verified": email.verified,
                        "visibility": orNull(email.visibility?.rawValue),
                    ]
                })
        }
    }

    /// Runs `body` for the token's user when the token is valid and has one of `accepted` (none needed when empty).
    /// A bad token is 401; a missing scope is 404 "Not Found", as GitHub answers it, with `X-Accepted-OAuth-Scopes`.
    private func authorized(
        _ request: HTTPRequest, accepting accepted: [String], _ body: (GitHubUser, [String]) -> HTTPResponse
    ) -> HTTPResponse {
        guard let token = bearerToken(of: request) else {
            return .json(
                401,
                [
                    "message": "Requires authentication", "documentation_url": "https://docs.github.com/rest",
                    "status": "401",
                ])
        }
        guard
            let found = state.withLock({ state in
                state.tokens[token].flatMap { issued in state.users[issued.login].map { (issued, $0) } }
            })
        else {
            return .json(
                401,
                ["message": "Bad credentials", "documentation_url": "https://docs.github.com/rest", "status": "401"])
        }
        let (issued, user) = found
        let headers = [
            "X-OAuth-Scopes": issued.scopes.joined(separator: ", "),
            "X-Accepted-OAuth-Scopes": accepted.joined(separator: ", "),
        ]
        guard accepted.isEmpty || GitHubScopes.grants(issued.scopes, any: accepted) else {
            return .json(
                404, ["message": "Not Found", "documentation_url": Self.emailsDocumentation, "status": "404"],
                headers: headers)
        }
        var response = body(user, issued.scopes)
        response.headers.merge(headers) { $1 }
        return response
    }
}

/// JSON's `null` for a missing value.
private func orNull(_ value: String?) -> Any { value.map { $0 as Any } ?? NSNull() }
