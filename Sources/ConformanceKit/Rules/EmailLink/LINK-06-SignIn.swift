import Foundation
import MockIdP

extension Rule {
    public static let link6 = Rule(
        "LINK-6", .must, flow: .emailLink,
        title: "The link signs in its address, verifies the email and creates the user if new",
        statement: """
            Signing in with the same email and the link succeeds, marks the email verified, and creates the user if new.
            """, sources: [.firebaseEmailLink(section: "Complete sign in in an Apple mobile app")],
        hint: """
            if this fails, check that signIn(withEmail:link:) consumes the oobCode, marks the email verified, and \
            creates the user on first use
            """,
        checks: [
            Check(
                id: "new-then-same-user",
                "the link signs the address in, verified, as a new user; a later link signs the same user in"
            ) { context in
                let app = try await context.launchApp()
                let first = try await context.signIn(
                    email: PasswordUser.ada.email,
                    link: try await context.requestSignInLink(for: PasswordUser.ada.email, on: app.client),
                    on: app.client)
                try expectEqual(first.user.email, PasswordUser.ada.email, "the signed-in user's email")
                try expectEqual(
                    first.user.isEmailVerified, true,
                    "isEmailVerified after signIn(withEmail:link:), which proves the address")
                try expectEqual(first.additionalUserInfo?.isNewUser, true, "isNewUser of the first email-link sign-in")
                try await expectSuccess("signOut()") { try await app.client.signOut() }
                let second = try await context.signIn(
                    email: PasswordUser.ada.email,
                    link: try await context.requestSignInLink(for: PasswordUser.ada.email, on: app.client),
                    on: app.client)
                try expectEqual(second.user.uid, first.user.uid, "the uid a later link signed in")
                try expectEqual(second.additionalUserInfo?.isNewUser, false, "isNewUser of a later email-link sign-in")
            },
            Check(id: "after-restart", "a link opened after the app restarted signs its address in") { context in
                let backend = try await context.makeBackend()
                let before = try await context.launch(backend)
                let link = try await context.requestSignInLink(for: PasswordUser.ada.email, on: before)
                let restarted = try await context.launch(backend)
                let result = try await context.signIn(email: PasswordUser.ada.email, link: link, on: restarted)
                try expectEqual(
                    result.user.email, PasswordUser.ada.email, "the email of the user a link signed in after a restart")
            },
        ])
}
