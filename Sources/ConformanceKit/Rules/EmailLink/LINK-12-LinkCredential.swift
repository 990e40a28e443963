import Foundation
import MockIdP

extension Rule {
    public static let link12 = Rule(
        "LINK-12", .must, flow: .emailLink,
        title: "An email-link credential links to the current user and re-authenticates it",
        statement: """
            An email-link credential can be linked to the current user (a user of any other flow the implementation \
            offers), who can then sign in with either; it can re-authenticate the current user; linking with an email \
            that differs from the link's fails.
            """, sources: [.firebaseEmailLink(section: "Link/re-authenticate with email link")],
        hint: """
            if this fails, check that link(with:) and reauthenticate(with:) accept the email-link credential, consume \
            its code, and compare its email with the link's
            """,
        checks: [
            Check(
                id: "link-sign-in-reauthenticate",
                """
                a user of another flow links an email-link credential, then signs in with either, and a link \
                re-authenticates it
                """
            ) { context in
                let firstUser = try context.firstUser(excluding: passwordFlows)
                let app = try await context.launchApp(for: firstUser)
                let user = try await firstUser.signIn(on: app.client, in: context).user
                let email = linkEmail(for: user)
                let link = try await context.requestSignInLink(for: email, on: app.client)
                let linked = try await expectSuccess("link(with: an email-link credential for \(email))") {
                    try await app.client.link(with: .emailLink(email: email, link: link))
                }
                try expectEqual(linked.user.uid, user.uid, "the uid of the user after linking")
                try expectEqual(linked.user.email, email, "the email of the user after linking")
                try await expectSuccess("signOut()") { try await app.client.signOut() }
                let viaLink = try await context.signIn(
                    email: email, link: try await context.requestSignInLink(for: email, on: app.client), on: app.client)
                try expectEqual(viaLink.user.uid, user.uid, "the uid the link signed in")
                try await expectSuccess("signOut()") { try await app.client.signOut() }
                let viaFirst = try await firstUser.signIn(on: app.client, in: context)
                try expectEqual(viaFirst.user.uid, user.uid, "the uid \(firstUser) signed in")
                let fresh = try await context.requestSignInLink(for: email, on: app.client)
                let reauthenticated = try await expectSuccess("reauthenticate(with: a fresh email-link credential)") {
                    try await app.client.reauthenticate(with: .emailLink(email: email, link: fresh))
                }
                try expectEqual(reauthenticated.user.uid, user.uid, "the uid re-authenticating gave")
            },
            Check(
                id: "other-address-links-nothing",
                "linking a link with another address than the one it was sent to fails and links nothing"
            ) { context in
                let app = try await context.signedInApp(excluding: passwordFlows)
                let before = await app.client.currentUser
                let email = linkEmail(for: before)
                let other = "x" + email.dropFirst()
                let link = try await context.requestSignInLink(for: email, on: app.client)
                _ = try await expectAuthError(when: "link(with: the link mailed to \(email) and the address \(other))")
                { try await app.client.link(with: .emailLink(email: other, link: link)) }
                let after = await app.client.currentUser
                try expectEqual(after?.uid, before?.uid, "the uid of the current user after a refused link")
                try expectEqual(after?.email, before?.email, "the email of the current user after a refused link")
                let providers = after?.providerData.map(\.providerID) ?? []
                try expect(
                    !providers.contains(ProviderID.password), "after a refused link the user has the password provider",
                    expected: "no \(ProviderID.password)", actual: "\(providers)")
            },
        ])
}

/// The flows whose users are password-provider users already, as an email-link user is: the user a link is linked
/// to is one of another flow.
private let passwordFlows: Set<Flow> = [.emailLink, .multiFactor, .password]

/// The address the link is mailed to: the user's own, when the first user's flow gave it one (a GitHub or Apple user),
/// so that the link adds a way to sign in rather than another address; otherwise Ada's.
private func linkEmail(for user: AuthUser?) -> String { user?.email ?? PasswordUser.ada.email }
