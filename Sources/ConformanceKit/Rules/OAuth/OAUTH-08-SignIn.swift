import Foundation
import MockIdP

extension Rule {
    public static let oauth8 = Rule(
        "OAUTH-8", .must, flow: .oauth,
        title: "A GitHub sign-in gives github.com, the profile and the token; isNewUser only the first time",
        statement: """
            A successful sign-in gives provider ID github.com, the provider's profile in additionalUserInfo.profile, and the provider's \
            access token on the OAuth credential; isNewUser is true only the first time.
            """,
        sources: [.firebaseGitHub(section: "IdP data available in authResult.additionalUserInfo.profile")],
        hint: "if this fails, check that signInWithIdp returns the provider's profile and token and finds the user by its GitHub ID",
        checks: [
            Check("the first sign-in is new with octocat's profile and a working token; the second finds the same user") { context in
                let app = try await context.launchGitHubApp()
                let first = try await context.signInWithGitHub(as: "octocat", on: app.client)
                try expect(
                    first.additionalUserInfo?.providerID == ProviderID.github,
                    "octocat's first GitHub sign-in gave additionalUserInfo.providerID \((first.additionalUserInfo?.providerID).shown); expected \(ProviderID.github)")
                try expect(
                    first.additionalUserInfo?.profile?["login"] == "octocat",
                    "octocat's first GitHub sign-in gave additionalUserInfo.profile \((first.additionalUserInfo?.profile).shown); expected GitHub's profile of the user, with login \"octocat\"")
                try expect(
                    first.additionalUserInfo?.isNewUser == true,
                    "octocat's first GitHub sign-in gave additionalUserInfo.isNewUser \((first.additionalUserInfo?.isNewUser).shown); expected true")
                guard case .oauth(_, let token, _) = first.credential else { throw CheckFailure("the result carries credential \(first.credential.shown)") }
                let user = await context.world.github.handle(HTTPRequest(url: URL(string: "https://api.github.com/user")!, headers: ["Authorization": "Bearer \(token)"]))
                try expect(user.status == 200 && user.jsonObject?["login"] as? String == "octocat", "GET https://api.github.com/user with the sign-in credential's access token answered \(user.status); expected 200 with octocat's login: the credential must carry GitHub's token")
                try await expectSuccess("signOut()") { try await app.client.signOut() }
                let second = try await context.signInWithGitHub(as: "octocat", on: app.client)
                try expect(second.user.uid == first.user.uid, "octocat's second GitHub sign-in gave user \(second.user.uid); expected the first sign-in's \(first.user.uid)")
                try expect(second.additionalUserInfo?.isNewUser == false, "octocat's second GitHub sign-in gave additionalUserInfo.isNewUser \((second.additionalUserInfo?.isNewUser).shown); expected false")
            },
        ])
}
