extension Rule {
    public static let mfa13 = Rule(
        "MFA-13", .must, flow: .multiFactor,
        title: "The same number cannot be enrolled twice for one user",
        statement: "The same phone number cannot be enrolled twice for one user: secondFactorAlreadyEnrolled [17087].",
        source: "emulator (SECOND_FACTOR_EXISTS)",
        checks: [
            Check("enrolling an enrolled number again fails with secondFactorAlreadyEnrolled") { context in
                let app = try await context.launchApp()
                try await context.signUpVerified(.ada, on: app.client)
                try await context.enroll(PhoneNumbers.us, on: app.client)
                try await context.expectEnrollmentRefused(
                    PhoneNumbers.us, with: .secondFactorAlreadyEnrolled, on: app.client, because: "the number is already enrolled")
            },
        ])
}
