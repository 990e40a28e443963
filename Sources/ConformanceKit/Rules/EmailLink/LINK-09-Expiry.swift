import Foundation
import MockIdP

extension Rule {
    public static let link9 = Rule(
        "LINK-9", .must, flow: .emailLink,
        title: "A link expires after the configured lifetime",
        statement: """
            A link expires after the configured lifetime: expiredActionCode [17029] (or invalidActionCode).
            """,
        sources: [.firebaseEmailLink(section: "Complete sign in in an Apple mobile app (EXPIRED_OOB_CODE)")],
        hint: "if this fails, check that the link's lifetime is measured on the world's clock from the moment it was sent",
        checks: [
            Check("a link fails after its lifetime and works one second before", requires: [.worldClock]) { context in
                let app = try await context.launchApp(.withEmailLink { $0.linkLifetime = .seconds(600) })
                let early = try await context.requestSignInLink(for: PasswordUser.ada.email, on: app.client)
                let late = try await context.requestSignInLink(for: PasswordUser.grace.email, on: app.client)
                try context.advanceClock(by: .seconds(599))
                try await context.signIn(email: PasswordUser.ada.email, link: early, on: app.client)
                try await expectSuccess("signOut()") { try await app.client.signOut() }
                try context.advanceClock(by: .seconds(2))
                try await expectFailure(.expiredActionCode, .invalidActionCode, when: "signIn with a link 601s after it was sent (lifetime 600s)") {
                    try await app.client.signIn(withEmail: PasswordUser.grace.email, link: late)
                }
                try await context.expectSignedOut(app.client, after: "an expired link")
            },
        ])
}
