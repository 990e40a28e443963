import Foundation
import MockIdP

extension Rule {
    public static let link7 = Rule(
        "LINK-7", .must, flow: .emailLink,
        title: "Another email than the link's fails with invalidEmail; the link stays usable",
        statement: """
            Signing in with a different email than the link was sent to fails with invalidEmail [17008] (“does not \
            match the sign-in email address”), signs nobody in, and leaves the link usable by its rightful owner.
            """, sources: [.firebaseEmailLink(section: "Security concerns")],
        hint: """
            if this fails, check that the oobCode is looked up together with the email it was sent to, and that a \
            mismatch leaves the code unused
            """,
        checks: [
            Check(
                id: "nearest-addresses-refused",
                """
                the nearest other addresses fail with invalidEmail and sign nobody in; then the owner signs in with \
                the link
                """
            ) { context in
                let app = try await context.launchApp()
                let link = try await context.requestSignInLink(for: PasswordUser.ada.email, on: app.client)
                for other in [
                    CheckIdentity.email("adb"), CheckIdentity.email("ada", at: "example.co"), PasswordUser.grace.email,
                ] {
                    try await expectFailure(.invalidEmail, when: "signIn(withEmail: \"\(other)\", link: ada's link)") {
                        try await app.client.signIn(withEmail: other, link: link)
                    }
                    try await context.expectSignedOut(app.client, after: "signing in \(other) with ada's link")
                }
                try await context.signIn(email: PasswordUser.ada.email, link: link, on: app.client)
            }
        ])
}
