import MockIdP

extension Rule {
    public static let apple13 = Rule(
        "APPLE-13", .should, flow: .apple, title: "A used identity token and nonce pair is refused",
        statement: """
            An identity token and raw nonce pair that already signed someone in is refused when presented again \
            (replay).
            """, sources: [.openIDConnectCore(section: "15.5.2 Nonce Implementation Notes")],
        hint: """
            if this fails, check that the backend remembers the identity tokens (or nonces) that signed someone in \
            until they expire
            """,
        checks: [
            Check(
                id: "credential-single-use",
                """
                Alice's credential signs in once; presented again before its exp, on the same device or another, it is \
                refused
                """
            ) { context in
                try context.setUpApple()
                let backend = try await context.makeBackend()
                let client = try await context.launch(backend)
                let credential = try await context.appleCredential(as: AppleAccounts.alice, on: client).credential
                try await expectSuccess("signIn(with: Alice's Apple credential)") {
                    try await client.signIn(with: credential)
                }
                try await expectSuccess("signOut()") { try await client.signOut() }
                let other = try await context.launch(backend, on: .secondary)
                try await expectEveryCase([(client, "on the same device"), (other, "on another device")], "replays") {
                    replayer, place in
                    _ = try await expectAuthError(when: "signIn(with: the same Apple credential) again \(place)") {
                        try await replayer.signIn(with: credential)
                    }
                    try await context.expectSignedOut(replayer, after: "the credential replayed \(place)")
                }
            }
        ])
}
