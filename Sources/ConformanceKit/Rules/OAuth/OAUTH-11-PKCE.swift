import MockIdP

extension Rule {
    public static let oauth11 = Rule(
        "OAUTH-11", .should, flow: .oauth,
        title: "The authorization request uses PKCE with S256",
        statement: """
            The authorization request uses PKCE with S256 where the provider supports it; the verifier never reaches the provider \
            before the token exchange.
            """,
        sources: [.rfc7636(section: "4.2 S256"), .githubAuthorizingOAuthApps(section: "code_challenge, code_challenge_method")],
        hint: "if this fails, check that a random verifier is kept by the backend and only its S256 hash is sent with the authorization request",
        checks: [
            Check("the request carries an S256 challenge, and the exchange the verifier that hashes to it") { context in
                let app = try await context.launchGitHubApp()
                _ = try await context.gitHubCredential(as: "octocat", on: app.client)
                let request = try context.lastAuthorizeRequest()
                try expect(request.value("code_challenge_method") == "S256", "code_challenge_method was \(request.value("code_challenge_method").shown)")
                let verifier = context.world.github.tokenRequests.last?.codeVerifier
                try expect(verifier.map { PKCE.verify($0, against: request.value("code_challenge") ?? "", method: .s256) } == true, "the verifier does not match the challenge")
                try expect(!request.description.contains(verifier ?? "-"), "the verifier reached GitHub with the authorization request")
            },
        ])
}
