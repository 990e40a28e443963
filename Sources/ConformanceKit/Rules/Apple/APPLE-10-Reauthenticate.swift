import MockIdP

extension Rule {
    public static let apple10 = Rule(
        "APPLE-10", .must, flow: .apple,
        title: "A fresh Apple credential re-authenticates; another Apple ID's fails with userMismatch",
        statement: """
            Re-authentication with a fresh Apple credential (new nonce) succeeds and refreshes the sign-in time; \
            re-authenticating with another Apple account fails with userMismatch [17024].
            """, sources: [.firebaseApple(section: "Reauthentication and account linking: reauthenticate(with:)")],
        hint: """
            if this fails, check that reauthenticate(with:) verifies the new token, compares its user with the current \
            one and stamps the sign-in
            """,
        checks: [
            Check(
                id: "fresh-credential-reauthenticates",
                "Alice re-authenticates with a fresh credential a minute later, and her last sign-in moves",
                requires: [.worldClock]
            ) { context in
                let app = try await context.launchAppleApp()
                let first = try await context.signInWithApple(as: AppleAccounts.alice, on: app.client).user
                try context.advanceClock(by: .seconds(60))
                let credential = try await context.appleCredential(as: AppleAccounts.alice, on: app.client).credential
                let again = try await expectSuccess("reauthenticate(with: Alice's fresh Apple credential)") {
                    try await app.client.reauthenticate(with: credential)
                }
                try expectEqual(again.user.uid, first.uid, "the user re-authentication answered")
                let current = await app.client.currentUser
                let before = first.metadata.lastSignInDate
                try expect(
                    (current?.metadata.lastSignInDate ?? .distantPast) > before,
                    "the last sign-in did not move when Alice re-authenticated a minute later",
                    expected: "later than \(before)", actual: "\((current?.metadata.lastSignInDate).shown)")
            },
            Check(
                id: "other-user-mismatch",
                "re-authenticating Alice with Bob's Apple credential fails with userMismatch; Alice stays signed in"
            ) { context in
                let app = try await context.launchAppleApp()
                let alice = try await context.signInWithApple(as: AppleAccounts.alice, on: app.client).user
                try await expectSuccess("signOut()") { try await app.client.signOut() }
                try await context.signInWithApple(as: AppleAccounts.bob, on: app.client)
                try await expectSuccess("signOut()") { try await app.client.signOut() }
                try await context.signInWithApple(as: AppleAccounts.alice, on: app.client)
                let bob = try await context.appleCredential(as: AppleAccounts.bob, on: app.client).credential
                try await expectFailure(
                    .userMismatch, when: "reauthenticate(with: Bob's Apple credential) while Alice is signed in"
                ) { try await app.client.reauthenticate(with: bob) }
                let current = await app.client.currentUser
                try expectEqual(
                    current?.uid, alice.uid, "the signed-in user after the refused re-authentication (Alice expected)")
            },
        ])
}
