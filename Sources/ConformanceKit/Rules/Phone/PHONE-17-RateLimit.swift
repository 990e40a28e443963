extension Rule {
    public static let phone17 = Rule(
        "PHONE-17", .should, flow: .phone,
        title: "Too many verification requests in a short time are refused",
        statement: """
            Too many verification requests for one number or device in a short time are refused with tooManyRequests [17010] \
            or quotaExceeded [17052], and no SMS is sent.
            """,
        source: "Firebase phone-auth limits (docs/auth/limits)",
        checks: [
            Check("the request past the configured limit for one number is refused without an SMS") { context in
                var configuration = ProjectConfiguration.standard
                configuration.phone.verificationLimit = RateLimit(maxRequests: 3, window: .seconds(3600))
                let app = try await context.launchApp(configuration)
                for _ in 1...3 { _ = try await context.requestCode(PhoneNumbers.us, on: app.client) }
                try await expectFailure(.tooManyRequests, .quotaExceeded, when: "request 4 within an hour (limit 3 per hour)") {
                    try await app.client.verifyPhoneNumber(PhoneNumbers.us)
                }
                let count = context.world.sms.inbox(PhoneNumbers.us).count
                try expect(count == 3, "\(count) SMS reached \(PhoneNumbers.us); expected 3, none for the refused request")
            },
        ])
}
