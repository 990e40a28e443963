import MockIdP

extension Rule {
    public static let oauth9 = Rule(
        "OAUTH-9", .must, flow: .oauth,
        title: "A GitHub credential links and re-authenticates; an identity in use elsewhere is refused",
        statement: """
            A GitHub credential can be linked to the current user and used to re-authenticate; linking an account \
            already linked to another user fails with credentialAlreadyInUse [17025]; re-authenticating with a \
            different GitHub account fails with userMismatch [17024], and creates no user for that account.
            """, sources: [.firebaseGitHub(section: "link(withCredential:), reauthenticateWithCredential")],
        hint: """
            if this fails, check that link(with:) looks the GitHub ID up among all users, and that reauthenticate \
            compares the user without creating one for an account nobody has
            """,
        checks: [
            Check(
                id: "link-sign-in-reauthenticate",
                "a user of another flow links octocat, signs in with it, re-authenticates with it but not with hubot"
            ) { context in
                context.setUpGitHub()
                let app = try await context.signedInApp(excluding: [.oauth])
                guard let user = await app.client.currentUser else {
                    throw CheckFailure(
                        "nobody is signed in after the first user's sign-in", expected: "a signed-in user",
                        actual: "nobody")
                }
                let credential = try await context.gitHubCredential(as: "octocat", on: app.client)
                try await context.expectLinked(
                    credential, named: "octocat's credential", provider: ProviderID.github, on: app.client)
                try await expectSuccess("signOut()") { try await app.client.signOut() }
                let viaGitHub = try await context.signInWithGitHub(as: "octocat", on: app.client)
                try expectEqual(viaGitHub.user.uid, user.uid, "the uid octocat signed in")
                let again = try await context.gitHubCredential(as: "octocat", on: app.client)
                try await expectSuccess("reauthenticate(with: octocat's credential)") {
                    try await app.client.reauthenticate(with: again)
                }
                let hubot = try await context.gitHubCredential(as: "hubot", on: app.client)
                try await expectFailure(.userMismatch, when: "reauthenticate(with: hubot's credential)") {
                    try await app.client.reauthenticate(with: hubot)
                }
                let current = await app.client.currentUser?.uid
                try expectEqual(current, user.uid, "the current user's uid after the refused re-authentication")
                try await expectSuccess("signOut()") { try await app.client.signOut() }
                let hubotUser = try await context.signInWithGitHub(as: "hubot", on: app.client)
                try expectEqual(
                    hubotUser.additionalUserInfo?.isNewUser, true,
                    "isNewUser of hubot's first sign-in, after the re-authentication with hubot was refused")
                try expect(
                    hubotUser.user.uid != user.uid,
                    "hubot's first sign-in signed in the user of the refused re-authentication",
                    expected: "a new user, not \(user.uid)", actual: hubotUser.user.uid)
            },
            Check(id: "already-in-use", "linking octocat, already another user's, fails with credentialAlreadyInUse") {
                context in
                let firstUser = try context.firstUser(excluding: [.oauth])
                context.setUpGitHub()
                let app = try await context.launchApp(for: firstUser)
                try await context.signInWithGitHub(as: "octocat", on: app.client)
                try await expectSuccess("signOut()") { try await app.client.signOut() }
                try await firstUser.signIn(on: app.client, in: context)
                let credential = try await context.gitHubCredential(as: "octocat", on: app.client)
                try await expectFailure(
                    .credentialAlreadyInUse, when: "link(with: octocat's credential, another user's)"
                ) { try await app.client.link(with: credential) }
            },
        ])
}
