import Foundation
import MockIdP

extension Rule {
    public static let oauth8 = Rule(
        "OAUTH-8", .must, flow: .oauth,
        title: "A GitHub sign-in gives github.com, the profile and the token; isNewUser only the first time",
        statement: """
            A successful sign-in gives provider ID github.com, the provider's profile in additionalUserInfo.profile, \
            and the provider's access token on the OAuth credential; isNewUser is true only the first time.
            """, sources: [.firebaseGitHub(section: "IdP data available in authResult.additionalUserInfo.profile")],
        hint: """
            if this fails, check that signInWithIdp returns the provider's profile and token and finds the user by its \
            GitHub ID
            """,
        checks: [
            Check(
                id: "new-then-same-user",
                "the first sign-in is new with octocat's profile and a working token; the second finds the same user"
            ) { context in
                let app = try await context.launchGitHubApp()
                let first = try await context.signInWithGitHub(as: "octocat", on: app.client)
                try expectEqual(
                    first.additionalUserInfo?.providerID, ProviderID.github,
                    "additionalUserInfo.providerID of octocat's first GitHub sign-in")
                try await context.expectProfileAndToken(of: first, "octocat's first GitHub sign-in")
                try expectEqual(
                    first.additionalUserInfo?.isNewUser, true,
                    "additionalUserInfo.isNewUser of octocat's first GitHub sign-in")
                try await expectSuccess("signOut()") { try await app.client.signOut() }
                let second = try await context.signInWithGitHub(as: "octocat", on: app.client)
                try expectEqual(second.user.uid, first.user.uid, "the uid of octocat's second GitHub sign-in")
                try expectEqual(
                    second.additionalUserInfo?.isNewUser, false,
                    "additionalUserInfo.isNewUser of octocat's second GitHub sign-in")
            },
            Check(
                id: "every-later-sign-in",
                """
                every later GitHub sign-in of octocat, on this device and another, carries his profile and a working \
                token
                """
            ) { context in
                let app = try await context.launchGitHubApp()
                try await context.signInWithGitHub(as: "octocat", on: app.client)
                try await expectSuccess("signOut()") { try await app.client.signOut() }
                let other = try await context.launch(app.backend, on: .secondary)
                let returns: [(String, any AuthClient)] = [
                    ("octocat's second GitHub sign-in, on the same device", app.client),
                    ("octocat's third GitHub sign-in, on another device", other),
                ]
                try await expectEveryCase(returns, "later GitHub sign-ins") { name, client in
                    let result = try await context.signInWithGitHub(as: "octocat", on: client)
                    try expectEqual(
                        result.additionalUserInfo?.providerID, ProviderID.github,
                        "additionalUserInfo.providerID of \(name)")
                    try await context.expectProfileAndToken(of: result, name)
                }
            },
        ])
}

extension CheckContext {
    /// A GitHub sign-in of octocat carries GitHub's profile of him in `additionalUserInfo.profile` and, on its OAuth
    /// credential, an access token GitHub accepts for him.
    fileprivate func expectProfileAndToken(of result: AuthDataResult, _ name: String) async throws {
        try expect(
            result.additionalUserInfo?.profile?["login"] == "octocat",
            "\(name) did not carry GitHub's profile of the user",
            expected: "additionalUserInfo.profile with login \"octocat\"",
            actual: (result.additionalUserInfo?.profile).shown)
        guard case .oauth(_, let token, _) = result.credential else {
            throw CheckFailure(
                "\(name) carries no OAuth credential", expected: "an OAuth credential with GitHub's token",
                actual: result.credential.shown)
        }
        let user = await world.github.handle(
            HTTPRequest(url: URL(string: "https://api.github.com/user")!, headers: ["Authorization": "Bearer \(token)"])
        )
        try expect(
            user.status == 200 && user.jsonObject?["login"] as? String == "octocat",
            "GitHub did not accept the access token of \(name) for GET https://api.github.com/user",
            expected: "200 with octocat's login",
            actual: "\(user.status) with login \((user.jsonObject?["login"] as? String).shown)")
    }
}
