import MockIdP

extension Rule {
    public static let apple12 = Rule(
        "APPLE-12", .must, flow: .apple, title: "Later sign-ins keep the name and email of the first",
        statement:
            "Name and email come only with the first authorization; later sign-ins keep the stored name and email.",
        sources: [
            .appleUserObject(section: "Apple only returns the user object the first time the user authorizes the app"),
            .firebaseAppleWeb(
                section: """
                    Apple only shares user information such as the display name with apps the first time a user signs \
                    in
                    """),
        ],
        hint:
            "if this fails, check that a later sign-in without fullName leaves the stored display name and email alone",
        checks: [
            Check(
                id: "name-and-email-kept",
                "Alice signs in again, on the same and on another device, and keeps her name and email"
            ) { context in
                try context.setUpApple()
                let backend = try await context.makeBackend()
                let first = try await context.launch(backend, on: .primary)
                let user = try await context.signInWithApple(as: AppleAccounts.alice, on: first).user
                try await expectSuccess("signOut()") { try await first.signOut() }
                let second = try await context.launch(backend, on: .secondary)
                try await expectEveryCase(
                    [(first, "again on the same device"), (second, "on another device")], "later sign-ins"
                ) { client, place in
                    let (authorization, credential) = try await context.appleCredential(
                        as: AppleAccounts.alice, on: client)
                    try expectEqual(
                        authorization.givenName, nil, "the name the world's Apple sent with a later authorization")
                    let later = try await expectSuccess("signIn(with: Alice's later Apple credential) \(place)") {
                        try await client.signIn(with: credential)
                    }.user
                    try expectEqual(later.uid, user.uid, "the user Alice's later sign-in \(place) reached")
                    try expectEqual(later.displayName, user.displayName, "the display name after signing in \(place)")
                    try expectEqual(later.email, user.email, "the email after signing in \(place)")
                    try await expectSuccess("signOut()") { try await client.signOut() }
                }
            }
        ])
}
