import MockIdP

extension Rule {
    public static let apple9 = Rule(
        "APPLE-9", .must, flow: .apple,
        title: "Linking an Apple ID in use elsewhere fails with credentialAlreadyInUse and an updated credential",
        statement: """
            Linking an Apple credential that already belongs to another account fails with credentialAlreadyInUse \
            [17025], and the error carries an updated credential (AuthErrorUserInfoUpdatedCredentialKey) that signs in \
            to that account.
            """,
        sources: [.firebaseApple(section: "AuthErrorUserInfoUpdatedCredentialKey with credentialAlreadyInUse")],
        hint: """
            if this fails, check that link(with:) looks the Apple ID up among all users and puts a credential for that \
            account in the error
            """,
        checks: [
            Check(id: "link-then-sign-in", "a user of another flow links Bob's Apple ID and signs in with it later") {
                context in
                try context.setUpApple()
                let app = try await context.signedInApp(excluding: [.apple])
                let otherUser = await app.client.currentUser
                let credential = try await context.appleCredential(as: AppleAccounts.bob, on: app.client).credential
                try await context.expectLinked(
                    credential, named: "Bob's Apple credential", provider: ProviderID.apple, on: app.client)
                try await expectSuccess("signOut()") { try await app.client.signOut() }
                let viaApple = try await context.signInWithApple(as: AppleAccounts.bob, on: app.client)
                try expectEqual(
                    viaApple.user.uid, otherUser?.uid,
                    "the user Bob's Apple ID signed in (the first user, who linked it, expected)")
            },
            Check(
                id: "in-use-updated-credential",
                """
                linking Alice's Apple ID, another user's, fails with credentialAlreadyInUse whose updated credential \
                signs her in
                """
            ) { context in
                let firstUser = try context.firstUser(excluding: [.apple])
                try context.setUpApple()
                let app = try await context.launchApp(for: firstUser)
                let alice = try await context.signInWithApple(as: AppleAccounts.alice, on: app.client).user
                try await expectSuccess("signOut()") { try await app.client.signOut() }
                let otherUser = try await firstUser.signIn(on: app.client, in: context).user
                let credential = try await context.appleCredential(as: AppleAccounts.alice, on: app.client).credential
                let error = try await expectFailure(
                    .credentialAlreadyInUse, when: "link(with: Alice's Apple credential, another user's)"
                ) { try await app.client.link(with: credential) }
                let current = await app.client.currentUser
                try expectEqual(current?.uid, otherUser.uid, "the signed-in user after the refused link")
                try expect(
                    current?.providerData.contains { $0.providerID == ProviderID.apple } != true,
                    "the refused link still added apple.com to the first user",
                    expected: "no \(ProviderID.apple) among the providers",
                    actual: "\((current?.providerData.map(\.providerID)).shown)")
                guard let updated = error.updatedCredential else {
                    throw CheckFailure(
                        "credentialAlreadyInUse carries no updated credential (AuthErrorUserInfoUpdatedCredentialKey)",
                        expected: "an updated credential", actual: "\(error)")
                }
                try await expectSuccess("signOut()") { try await app.client.signOut() }
                let signedIn = try await expectSuccess("signIn(with: the updated credential)") {
                    try await app.client.signIn(with: updated)
                }
                try expectEqual(
                    signedIn.user.uid, alice.uid, "the user the updated credential signed in (Alice's account expected)"
                )
            },
        ])
}
