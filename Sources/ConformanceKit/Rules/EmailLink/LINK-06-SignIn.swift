import Foundation
import MockIdP

extension Rule {
    public static let link6 = Rule(
        "LINK-6", .must, flow: .emailLink,
        title: "The link signs in its address, verifies the email and creates the user if new",
        statement: """
            Signing in with the same email and the link succeeds, marks the email verified, and creates the user if new.
            """,
        sources: [.firebaseEmailLink(section: "Complete sign in in an Apple mobile app")],
        hint: "if this fails, check that signIn(withEmail:link:) consumes the oobCode, marks the email verified, and creates the user on first use",
        checks: [
            Check("the link signs the address in, verified, as a new user; a later link signs the same user in") { context in
                let app = try await context.launchApp()
                let first = try await context.signIn(email: PasswordUser.ada.email, link: try await context.requestSignInLink(for: PasswordUser.ada.email, on: app.client), on: app.client)
                try expect(first.user.email == PasswordUser.ada.email, "the signed-in user's email is \(first.user.email.shown)")
                try expect(first.user.isEmailVerified, "signIn(withEmail:link:) signed in \(first.user.email.shown) with isEmailVerified false; expected true: the link proves the address")
                try expect(first.additionalUserInfo?.isNewUser == true, "the first email-link sign-in reports isNewUser \((first.additionalUserInfo?.isNewUser).shown)")
                try await expectSuccess("signOut()") { try await app.client.signOut() }
                let second = try await context.signIn(email: PasswordUser.ada.email, link: try await context.requestSignInLink(for: PasswordUser.ada.email, on: app.client), on: app.client)
                try expect(second.user.uid == first.user.uid, "a later link signed in uid \(second.user.uid); expected the same user \(first.user.uid)")
                try expect(second.additionalUserInfo?.isNewUser == false, "a later sign-in reports isNewUser \((second.additionalUserInfo?.isNewUser).shown)")
            },
            Check("a link opened after the app restarted signs its address in") { context in
                let backend = try await context.makeBackend()
                let before = try await context.launch(backend)
                let link = try await context.requestSignInLink(for: PasswordUser.ada.email, on: before)
                let restarted = try await context.launch(backend)
                let result = try await context.signIn(email: PasswordUser.ada.email, link: link, on: restarted)
                try expect(result.user.email == PasswordUser.ada.email, "after a restart the link signed in \(result.user.email.shown)")
            },
        ])
}
