extension Rule {
    public static let oauth2 = Rule(
        "OAUTH-2", .must, flow: .oauth, title: "Other custom parameters reach the provider unchanged",
        statement: "Every other custom parameter (allow_signup, login, prompt, …) reaches the provider unchanged.",
        sources: [.firebaseGitHub(section: "provider.customParameters = [\"allow_signup\": \"false\"]")],
        hint:
            "if this fails, check that every non-reserved custom parameter is added to the authorization URL as given",
        checks: [
            Check(
                id: "other-parameters-unchanged",
                "every case of oauth/custom-parameters.json reaches GitHub with its other parameters unchanged"
            ) { context in try await context.checkCustomParameterCases(for: "OAUTH-2") },
            Check(id: "github-parameters", "allow_signup, login and prompt reach GitHub with their values") { context in
                let app = try await context.launchGitHubApp()
                var provider = OAuthProvider.github
                let custom = ["allow_signup": "false", "login": "octocat", "prompt": "select_account"]
                provider.customParameters = custom
                _ = try await context.gitHubCredential(as: "octocat", provider: provider, on: app.client)
                let request = try context.lastAuthorizeRequest()
                try await expectEveryCase(custom.sorted(by: { $0.key < $1.key }), "custom parameters") { name, value in
                    try expectEqual(request.value(name), value, "the custom parameter \(name) as it reached GitHub")
                }
            },
        ])
}
