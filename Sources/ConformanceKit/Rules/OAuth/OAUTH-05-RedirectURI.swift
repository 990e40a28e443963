extension Rule {
    public static let oauth5 = Rule(
        "OAUTH-5", .must, flow: .oauth, title: "The redirect_uri is the project's auth handler",
        statement: """
            The redirect_uri is the project's auth handler (https://<project>.firebaseapp.com/__/auth/handler, as \
            registered with the provider).
            """,
        sources: [.firebaseGitHub(section: "Authorization callback URL my-app-12345.firebaseapp.com/__/auth/handler")],
        hint: """
            if this fails, check that redirect_uri is built from the project ID as \
            https://<project>.firebaseapp.com/__/auth/handler
            """,
        checks: [
            Check(id: "redirect-uri-is-handler", "the authorization request's redirect_uri is exactly the auth handler")
            { context in
                let app = try await context.launchGitHubApp()
                _ = try await context.gitHubCredential(as: "octocat", on: app.client)
                let request = try context.lastAuthorizeRequest()
                let handler = context.servedAuthHandlerURL().absoluteString
                try expectEqual(request.value("redirect_uri"), handler, "the authorization request's redirect_uri")
            }
        ])
}
