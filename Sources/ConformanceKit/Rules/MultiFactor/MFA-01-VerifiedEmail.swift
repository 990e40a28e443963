extension Rule {
    public static let mfa1 = Rule(
        "MFA-1", .must, flow: .multiFactor,
        title: "Enrolling a second factor requires a verified email",
        statement: "Enrolling a second factor requires a verified email: otherwise unverifiedEmail [17086], and nothing is enrolled.",
        source: "001 (“MFA를 사용하려면 이메일 인증이 필요합니다”), emulator (UNVERIFIED_EMAIL)",
        checks: [
            Check("a user whose email is not verified cannot enroll") { context in
                let app = try await context.launchApp()
                try await context.signUp(.ada, on: app.client)
                try await context.expectEnrollmentRefused(PhoneNumbers.us, with: .unverifiedEmail, on: app.client, because: "the email is not verified")
            },
        ])
}
