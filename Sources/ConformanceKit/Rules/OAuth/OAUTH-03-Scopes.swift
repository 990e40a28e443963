extension Rule {
    public static let oauth3 = Rule(
        "OAUTH-3", .must, flow: .oauth, title: "Requested scopes reach the provider in scope",
        statement: "Requested scopes (e.g. user:email) reach the provider in the scope parameter.",
        sources: [
            .firebaseGitHub(section: "provider.scopes = [\"user:email\"]"),
            .githubAuthorizingOAuthApps(section: "scope"),
        ], hint: "if this fails, check that provider.scopes are joined with spaces into the scope parameter",
        checks: [
            Check(id: "scopes-reach-github", "scopes user:email and read:user reach GitHub in scope") { context in
                let app = try await context.launchGitHubApp()
                var provider = OAuthProvider.github
                provider.scopes = ["user:email", "read:user"]
                _ = try await context.gitHubCredential(as: "octocat", provider: provider, on: app.client)
                let request = try context.lastAuthorizeRequest()
                let scopes = Set(
                    (request.value("scope") ?? "").split(whereSeparator: { $0 == " " || $0 == "," }).map(String.init))
                try expect(
                    scopes == ["user:email", "read:user"],
                    "the scope GitHub received does not hold exactly the requested scopes",
                    expected: "user:email and read:user", actual: request.value("scope").shown)
            }
        ])
}
