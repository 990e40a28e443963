extension Rule {
    public static let oauth10 = Rule(
        "OAUTH-10", .must, flow: .oauth,
        title: "A provider that is not enabled fails with operationNotAllowed before any request",
        statement:
            "A provider that is not enabled fails with operationNotAllowed [17006] before any request reaches it.",
        sources: [.firebaseGitHub(section: "Before you begin: enable GitHub as a sign-in provider")],
        hint: "if this fails, check that the provider's console setting is read before the authorization URL is opened",
        checks: [
            Check(
                id: "disabled-not-allowed",
                "with GitHub disabled, credential(with:) fails with operationNotAllowed and nothing reaches GitHub"
            ) { context in
                let app = try await context.launchGitHubApp(
                    .standard.with(
                        \.oauthProviders[ProviderID.github], OAuthProviderSettings.github.with(\.isEnabled, false)))
                context.world.browser.script(.approve(as: "octocat"))
                try await expectFailure(.operationNotAllowed, when: "credential(with: github.com) with GitHub disabled")
                { try await app.client.credential(with: .github) }
                let reached =
                    context.world.github.authorizeRequests.map { "authorize \($0)" }
                    + context.world.github.tokenRequests.map { "token \($0)" }
                try expect(
                    reached.isEmpty, "requests reached GitHub although it is disabled", expected: "none",
                    actual: reached.joined(separator: "; "))
            }
        ])
}
