import MockIdP

extension Rule {
    public static let oauth11 = Rule(
        "OAUTH-11", .should, flow: .oauth, title: "The authorization request uses PKCE with S256",
        statement: """
            The authorization request uses PKCE with S256 where the provider supports it; the verifier never reaches \
            the provider before the token exchange.
            """,
        sources: [
            .rfc7636(section: "4.2 S256"),
            .githubAuthorizingOAuthApps(section: "code_challenge, code_challenge_method"),
        ],
        hint: """
            if this fails, check that a random verifier is kept by the backend and only its S256 hash is sent with the \
            authorization request
            """,
        checks: [
            Check(
                id: "s256-challenge-and-verifier",
                "the request carries an S256 challenge, and the exchange the verifier that hashes to it"
            ) { context in
                let app = try await context.launchGitHubApp()
                // GitHub may refuse a request without S256: the request is judged first, so the failure names it. The
                // flow goes to the sign-in, where an implementation may exchange the code (signInWithIdp).
                let flowError: (any Error)?
                do {
                    try await context.signInWithGitHub(as: "octocat", on: app.client)
                    flowError = nil
                } catch { flowError = error }
                let request = try context.lastAuthorizeRequest()
                try expectEqual(
                    request.value("code_challenge_method"), "S256",
                    "the code_challenge_method of the authorization request to GitHub")
                if let flowError { throw flowError }
                let verifier = context.world.github.tokenRequests.last?.codeVerifier
                try expect(
                    verifier.map { PKCE.verify($0, against: request.value("code_challenge") ?? "", method: .s256) }
                        == true,
                    "the token exchange's code_verifier does not hash (S256) to the request's code_challenge",
                    expected: "S256(code_verifier) = \(request.value("code_challenge").shown)",
                    actual: "code_verifier \(verifier.shown)")
                try expect(
                    !request.description.contains(verifier ?? "-"),
                    "the verifier reached GitHub with the authorization request",
                    expected: "no code_verifier in the request", actual: request.description)
            }
        ])
}
