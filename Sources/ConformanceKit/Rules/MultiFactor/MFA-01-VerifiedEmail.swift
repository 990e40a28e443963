extension Rule {
    public static let mfa1 = Rule(
        "MFA-1", .must, flow: .multiFactor, title: "Enrolling a second factor requires a verified email",
        statement: """
            Enrolling a second factor requires a verified email: otherwise unverifiedEmail [17086], and nothing is \
            enrolled.
            """,
        sources: [
            .firebaseMultiFactor(section: "Before you begin: “MFA requires email verification”"),
            .firebaseAuthEmulatorSource(section: "operations.ts, mfaEnrollmentStart: UNVERIFIED_EMAIL"),
            .firebaseAuthErrorCode(section: "unverifiedEmail (17086)"),
        ],
        hint: """
            if this fails, check that enrollment (at the session, the SMS or enroll) refuses a user whose email is not \
            verified with unverifiedEmail and records no factor
            """,
        checks: [
            Check(id: "unverified-email-cannot-enroll", "a user whose email is not verified cannot enroll") { context in
                let app = try await context.launchApp()
                try await context.signUp(.ada, on: app.client)
                try await context.expectEnrollmentRefused(
                    PhoneNumbers.us, with: .unverifiedEmail, on: app.client, because: "the email is not verified")
            }
        ])
}
