import Foundation
import MockIdP

extension Rule {
    public static let link13 = Rule(
        "LINK-13", .must, flow: .emailLink, title: "On another device the link needs its email supplied, and matching",
        statement: """
            Without the email (e.g. the link opened on another device), sign-in cannot complete: the email must be \
            supplied and must match (LINK-7).
            """, sources: [.firebaseEmailLink(section: "Security concerns (a link opened on another device)")],
        hint:
            "if this fails, check that signIn(withEmail:link:) never takes the email from the link or the code itself",
        checks: [
            Check(
                id: "email-required-other-device",
                "on another device, no email fails and signs nobody in; the right email then signs in"
            ) { context in
                let backend = try await context.makeBackend()
                let requester = try await context.launch(backend, on: .primary)
                let other = try await context.launch(backend, on: .secondary)
                let link = try await context.requestSignInLink(for: PasswordUser.ada.email, on: requester)
                _ = try await expectAuthError(when: "signIn(withEmail: \"\", link:) on the other device") {
                    try await other.signIn(withEmail: "", link: link)
                }
                try await context.expectSignedOut(other, after: "a link without its email on another device")
                try await context.signIn(email: PasswordUser.ada.email, link: link, on: other)
            }
        ])
}
