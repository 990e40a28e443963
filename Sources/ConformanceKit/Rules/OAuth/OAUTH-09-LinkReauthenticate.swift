import MockIdP

extension Rule {
    public static let oauth9 = Rule(
        "OAUTH-9", .must, flow: .oauth,
        title: "A GitHub credential links and re-authenticates; an identity in use elsewhere is refused",
        statement: """
            A GitHub credential can be linked to the current user and used to re-authenticate; linking an account already linked to \
            another user fails with credentialAlreadyInUse [17025]; re-authenticating with a different GitHub account fails with \
            userMismatch [17024], and creates no user for that account.
            """,
        sources: [.firebaseGitHub(section: "link(withCredential:), reauthenticateWithCredential")],
        hint: """
            if this fails, check that link(with:) looks the GitHub ID up among all users, and that reauthenticate compares the user \
            without creating one for an account nobody has
            """,
        checks: [
            Check("a phone user links octocat, signs in with it, re-authenticates with it but not with hubot", requires: [.flow(.phone)]) { context in
                let app = try await context.launchGitHubApp()
                let phoneUser = try await context.signInWithSMS(PhoneNumbers.us, on: app.client).user
                let credential = try await context.gitHubCredential(as: "octocat", on: app.client)
                let linked = try await expectSuccess("link(with: octocat's credential)") { try await app.client.link(with: credential) }
                try expect(linked.user.providerData.contains { $0.providerID == ProviderID.github }, "after linking the providers are \(linked.user.providerData.map(\.providerID))")
                try await expectSuccess("signOut()") { try await app.client.signOut() }
                let viaGitHub = try await context.signInWithGitHub(as: "octocat", on: app.client)
                try expect(viaGitHub.user.uid == phoneUser.uid, "octocat signed in \(viaGitHub.user.uid); expected \(phoneUser.uid)")
                let again = try await context.gitHubCredential(as: "octocat", on: app.client)
                try await expectSuccess("reauthenticate(with: octocat's credential)") { try await app.client.reauthenticate(with: again) }
                let hubot = try await context.gitHubCredential(as: "hubot", on: app.client)
                try await expectFailure(.userMismatch, when: "reauthenticate(with: hubot's credential)") { try await app.client.reauthenticate(with: hubot) }
                let current = await app.client.currentUser?.uid
                try expect(current == phoneUser.uid, "after the refused re-authentication the current user is \(current.shown); expected \(phoneUser.uid)")
                try await expectSuccess("signOut()") { try await app.client.signOut() }
                let hubotUser = try await context.signInWithGitHub(as: "hubot", on: app.client)
                try expect(
                    hubotUser.additionalUserInfo?.isNewUser == true && hubotUser.user.uid != phoneUser.uid,
                    """
                    hubot's first sign-in, after the re-authentication with hubot was refused, gave uid \(hubotUser.user.uid) with isNewUser \
                    \((hubotUser.additionalUserInfo?.isNewUser).shown): the refused re-authentication created hubot's user
                    """)
            },
            Check("linking octocat, already another user's, fails with credentialAlreadyInUse", requires: [.flow(.phone)]) { context in
                let app = try await context.launchGitHubApp()
                try await context.signInWithGitHub(as: "octocat", on: app.client)
                try await expectSuccess("signOut()") { try await app.client.signOut() }
                try await context.signInWithSMS(PhoneNumbers.us, on: app.client)
                let credential = try await context.gitHubCredential(as: "octocat", on: app.client)
                try await expectFailure(.credentialAlreadyInUse, when: "link(with: octocat's credential, another user's)") { try await app.client.link(with: credential) }
            },
        ])
}
