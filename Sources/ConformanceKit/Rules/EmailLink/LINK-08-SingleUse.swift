import Foundation
import MockIdP

extension Rule {
    public static let link8 = Rule(
        "LINK-8", .must, flow: .emailLink, title: "A link is good for one sign-in",
        statement: """
            A link is good for one sign-in: reuse fails with invalidActionCode [17030].
            """, sources: [.firebaseEmailLink(section: "Complete sign in in an Apple mobile app (INVALID_OOB_CODE)")],
        hint: "if this fails, check that a used oobCode is deleted or marked used when the sign-in succeeds",
        checks: [
            Check(
                id: "used-link-refused", "a used link fails with invalidActionCode, on the same device and on another"
            ) { context in
                let backend = try await context.makeBackend()
                let app = try await context.launch(backend, on: .primary)
                let other = try await context.launch(backend, on: .secondary)
                let link = try await context.requestSignInLink(for: PasswordUser.ada.email, on: app)
                try await context.signIn(email: PasswordUser.ada.email, link: link, on: app)
                try await expectSuccess("signOut()") { try await app.signOut() }
                try await expectEveryCase([(app, Device.primary), (other, Device.secondary)], "devices") {
                    client, device in
                    try await expectFailure(.invalidActionCode, when: "signIn again with the used link on \(device)") {
                        try await client.signIn(withEmail: PasswordUser.ada.email, link: link)
                    }
                    try await context.expectSignedOut(client, after: "reusing a link on \(device)")
                }
            }, .link8AnswerHeld, .doorLinkTwiceAtOnce,
        ])
}
