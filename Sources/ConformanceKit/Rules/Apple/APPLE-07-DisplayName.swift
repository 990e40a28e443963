import MockIdP

extension Rule {
    public static let apple7 = Rule(
        "APPLE-7", .must, flow: .apple,
        title: "The first authorization's name becomes the display name; there is no photo URL",
        statement: """
            The full name from the first authorization is kept as the user's display name; Apple provides no photo \
            URL, so the user has none.
            """,
        sources: [
            .firebaseApple(section: "appleCredential(withIDToken:rawNonce:fullName:) with appleIDCredential.fullName"),
            .firebaseAppleWeb(section: "Apple does not provide a photo URL"),
        ],
        hint: """
            if this fails, check that the credential carries the authorization's fullName and the new user's \
            displayName is made from it
            """,
        checks: [
            Check(
                id: "display-name-no-photo",
                "Alice's first sign-in gives a display name with her given and family names, and no photo URL"
            ) { context in
                let app = try await context.launchAppleApp()
                let (authorization, credential) = try await context.appleCredential(
                    as: AppleAccounts.alice, on: app.client)
                try expect(
                    authorization.givenName != nil, "the world's Apple sent no name with the first authorization",
                    expected: "a name", actual: "none")
                let user = try await expectSuccess("signIn(with: Alice's first Apple credential)") {
                    try await app.client.signIn(with: credential)
                }.user
                let name = user.displayName ?? ""
                try expect(
                    name.contains("Alice") && name.contains("Appleseed"),
                    "the new user's display name is not the name of the first authorization",
                    expected: "a name with \"Alice\" and \"Appleseed\"", actual: shown(user.displayName as Any))
                try expectEqual(user.photoURL, nil, "the Apple user's photo URL (Apple provides none)")
            }
        ])
}
