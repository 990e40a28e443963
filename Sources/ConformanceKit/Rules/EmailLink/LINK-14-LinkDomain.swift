import Foundation
import MockIdP

extension Rule {
    public static let link14 = Rule(
        "LINK-14", .should, flow: .emailLink,
        title: "A link domain in the settings is one of the project's link domains",
        statement: """
            A link domain set in the settings must be one of the project's configured link domains.
            """,
        sources: [.firebaseEmailLink(section: "Send an authentication link to the user's email address (linkDomain)")],
        hint: """
            if this fails, check that linkDomain is matched against the project's configured Hosting link domains, and \
            the link built on it
            """,
        checks: [
            Check(
                id: "unknown-domain-refused",
                "an unknown link domain is refused and mails nothing; a configured one carries the link",
                readsNoDelivery: true
            ) { context in
                let app = try await context.launchApp()
                _ = try await expectAuthError(when: "sendSignInLink with the link domain links.evil.example") {
                    try await app.client.sendSignInLink(
                        toEmail: PasswordUser.ada.email,
                        actionCodeSettings: context.actionCodeSettings.with(\.linkDomain, "links.evil.example"))
                }
                try context.expectNoEmail("the link domain was not the project's")
                // The refusal is in the backend's answer; the link a configured domain carries is in a mail.
                guard context.capabilities.readsMails else { return }
                let link = try await context.requestSignInLink(
                    for: PasswordUser.ada.email,
                    settings: context.actionCodeSettings.with(\.linkDomain, "links.example.com"), on: app.client)
                try expectEqual(URL(string: link)?.host, "links.example.com", "the link's host")
            }
        ])
}
