import MockIdP

extension Rule {
    public static let oauth6 = Rule(
        "OAUTH-6", .must, flow: .oauth, title: "The code is exchanged once; provider errors are invalidCredential",
        statement: """
            The code is exchanged once, with the client credentials; provider errors (bad_verification_code, \
            redirect_uri_mismatch, incorrect_client_credentials) surface as invalidCredential [17004].
            """, sources: [.githubAuthorizingOAuthApps(section: "2. Users are redirected back to your site by GitHub")],
        hint: """
            if this fails, check that the token endpoint is called once per code and that an HTTP 200 body with error \
            becomes invalidCredential
            """,
        checks: [
            Check(id: "code-exchanged-once", "one sign-in exchanges its code once, with the client ID and secret") {
                context in
                let app = try await context.launchGitHubApp()
                try await context.signInWithGitHub(as: "octocat", on: app.client)
                let requests = context.world.github.tokenRequests
                let settings = OAuthProviderSettings.github
                try expect(
                    requests.count == 1, "one sign-in did not send exactly one request to GitHub's token endpoint",
                    expected: "one token request", actual: "\(requests.count): \(requests)")
                try expectEqual(requests[0].clientID, settings.clientID, "the client_id of the token request")
                try expect(
                    requests[0].clientSecret == settings.clientSecret,
                    "the token request's client_secret is not the app's", expected: "the app's client secret",
                    actual: "\(requests[0])")
            },
            Check(
                id: "bad-client-credentials",
                "incorrect_client_credentials from GitHub fails with invalidCredential, and nobody is signed in"
            ) { context in
                context.setUpGitHub()
                context.world.github.regenerateClientSecret(of: OAuthProviderSettings.github.clientID)
                let app = try await context.launchApp()
                context.world.browser.script(.approve(as: "octocat"))
                try await context.expectExchangeFailure(
                    .invalidCredential, "with a wrong client secret", on: app.client)
            },
            Check(
                id: "redirect-uri-mismatch",
                "redirect_uri_mismatch from GitHub's token endpoint fails with invalidCredential"
            ) { context in
                context.setUpGitHub()
                let app = try await context.launchApp()
                context.world.github.refuseNextExchange(with: .redirectURIMismatch)
                context.world.browser.script(.approve(as: "octocat"))
                try await context.expectExchangeFailure(
                    .invalidCredential, "GitHub answering redirect_uri_mismatch", on: app.client)
            },
            Check(
                id: "bad-verification-code",
                """
                bad_verification_code from GitHub's token endpoint, for a code that reached the exchange at GitHub's \
                ten minutes, fails with invalidCredential
                """, requires: [.worldNetwork]
            ) { context in
                context.setUpGitHub()
                let app = try await context.launchApp()
                let (clock, network) = (context.world.clock, context.world.network)
                // The time passes after the browser handed the redirect over and before the app's next request: the
                // code is late at the exchange, and no deadline of the app's own (its browser page's) is in the way.
                context.world.browser.afterNextRedirect { _ in
                    network.beforeNextRequest { clock.advance(by: GitHubServer.codeLifetime) }
                }
                context.world.browser.script(.approve(as: "octocat"))
                try await context.expectExchangeFailure(
                    .invalidCredential,
                    "the code reaching the exchange ten minutes after GitHub issued it (bad_verification_code)",
                    on: app.client)
            },
        ])
}

extension CheckContext {
    /// The code's exchange fails with `code` wherever the implementation makes it: in `credential(with:)`, or at the
    /// credential's first use, `signIn(with:)`, as the iOS SDK hands the redirect to `signInWithIdp`, where the server
    /// exchanges it (``AuthCredential/oauthResponse(providerID:sessionID:responseURL:)``). Either way the failure comes
    /// before any session: nobody is signed in after it.
    fileprivate func expectExchangeFailure(
        _ code: AuthErrorCode, _ what: String, on client: any AuthClient, filePath: String = #filePath,
        line: Int = #line
    ) async throws {
        try await expectFailure(
            code, when: "credential(with: github.com) \(what), or signIn(with:) with its credential",
            filePath: filePath, line: line
        ) { try await client.signIn(with: try await client.credential(with: .github)) }
        let user = await client.currentUser
        try expectEqual(
            user?.uid, nil, "the uid signed in after the failed exchange (\(what))", filePath: filePath, line: line)
    }
}
