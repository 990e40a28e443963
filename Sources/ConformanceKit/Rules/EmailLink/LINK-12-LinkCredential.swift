import Foundation
import MockIdP

extension Rule {
    public static let link12 = Rule(
        "LINK-12", .must, flow: .emailLink,
        title: "An email-link credential links to the current user and re-authenticates it",
        statement: """
            An email-link credential can be linked to the current user (e.g. a phone user), who can then sign in with \
            either; it can re-authenticate the current user; linking with an email that differs from the link's fails.
            """,
        sources: [.firebaseEmailLink(section: "Link/re-authenticate with email link")],
        hint: "if this fails, check that link(with:) and reauthenticate(with:) accept the email-link credential, consume its code, and compare its email with the link's",
        checks: [
            Check("a phone user links an email-link credential, then signs in with either, and a link re-authenticates it") { context in
                let app = try await context.launchApp()
                let phoneUser = try await context.signInWithSMS(PhoneNumbers.us, on: app.client).user
                let link = try await context.requestSignInLink(for: PasswordUser.ada.email, on: app.client)
                let linked = try await expectSuccess("link(with: an email-link credential for \(PasswordUser.ada.email))") {
                    try await app.client.link(with: .emailLink(email: PasswordUser.ada.email, link: link))
                }
                try expect(linked.user.uid == phoneUser.uid && linked.user.email == PasswordUser.ada.email, "after linking, the user is \(linked.user.uid) with email \(linked.user.email.shown)")
                try await expectSuccess("signOut()") { try await app.client.signOut() }
                let viaLink = try await context.signIn(email: PasswordUser.ada.email, link: try await context.requestSignInLink(for: PasswordUser.ada.email, on: app.client), on: app.client)
                try expect(viaLink.user.uid == phoneUser.uid, "the link signed in \(viaLink.user.uid); expected the linked user \(phoneUser.uid)")
                try await expectSuccess("signOut()") { try await app.client.signOut() }
                let viaPhone = try await context.signInWithSMS(PhoneNumbers.us, on: app.client)
                try expect(viaPhone.user.uid == phoneUser.uid, "the phone number signed in \(viaPhone.user.uid); expected the linked user \(phoneUser.uid)")
                let fresh = try await context.requestSignInLink(for: PasswordUser.ada.email, on: app.client)
                let reauthenticated = try await expectSuccess("reauthenticate(with: a fresh email-link credential)") {
                    try await app.client.reauthenticate(with: .emailLink(email: PasswordUser.ada.email, link: fresh))
                }
                try expect(reauthenticated.user.uid == phoneUser.uid, "re-authenticating gave \(reauthenticated.user.uid); expected \(phoneUser.uid)")
            },
            Check("linking a link with another address than the one it was sent to fails and links nothing") { context in
                let app = try await context.launchApp()
                try await context.signInWithSMS(PhoneNumbers.us, on: app.client)
                let link = try await context.requestSignInLink(for: PasswordUser.ada.email, on: app.client)
                _ = try await expectAuthError(when: "link(with: ada's link and the address adb@example.com)") {
                    try await app.client.link(with: .emailLink(email: "adb@example.com", link: link))
                }
                let email = await app.client.currentUser?.email
                try expect(email == nil, "after a refused link the user's email is \(email.shown)")
            },
        ])
}
