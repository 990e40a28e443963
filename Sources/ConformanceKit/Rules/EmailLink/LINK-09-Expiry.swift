import Foundation
import MockIdP

extension Rule {
    public static let link9 = Rule(
        "LINK-9", .must, flow: .emailLink,
        title: "A link is good until just before its lifetime, and expired at exactly the lifetime",
        statement: """
            A link expires: it is good until just before the configured lifetime has passed, and at exactly the \
            lifetime and later it fails with expiredActionCode [17029] (or invalidActionCode) and signs nobody in.
            """, sources: [.firebaseEmailLink(section: "Complete sign in in an Apple mobile app (EXPIRED_OOB_CODE)")],
        hint: """
            if this fails, check that the link's lifetime is measured on the world's clock from the moment it was \
            sent, and that a link whose age equals the lifetime is expired (age >= lifetime, not age > lifetime)
            """,
        checks: [
            Check(
                id: "exact-lifetime",
                "a link works a millisecond before its lifetime, and fails at exactly the lifetime and a second after",
                requires: [.worldClock]
            ) { context in
                let app = try await context.launchApp(.standard.with(\.emailLink.linkLifetime, .seconds(600)))
                let early = try await context.requestSignInLink(for: PasswordUser.ada.email, on: app.client)
                let late = try await context.requestSignInLink(for: PasswordUser.grace.email, on: app.client)
                try context.advanceClock(by: .milliseconds(599_999))
                try await context.signIn(email: PasswordUser.ada.email, link: early, on: app.client)
                try await expectSuccess("signOut()") { try await app.client.signOut() }
                for (elapsed, step) in [
                    ("600s, exactly the lifetime", Duration.milliseconds(1)), ("601s", .seconds(1)),
                ] {
                    try context.advanceClock(by: step)
                    try await expectFailure(
                        .expiredActionCode, .invalidActionCode,
                        when: "signIn with a link \(elapsed) after it was sent (lifetime 600s)"
                    ) { try await app.client.signIn(withEmail: PasswordUser.grace.email, link: late) }
                    try await context.expectSignedOut(app.client, after: "a link \(elapsed) old")
                }
            }
        ])
}
