extension Rule {
    public static let phone8 = Rule(
        "PHONE-8", .must, flow: .phone,
        title: "A code expires after the configured lifetime",
        statement: "A code expires: after the configured lifetime it fails with sessionExpired [17051].",
        source: "iOS SDK error set (SESSION_EXPIRED)",
        checks: [
            Check("a code used after its lifetime fails with sessionExpired") { context in
                let lifetime = Duration.seconds(120)
                let app = try await context.launchApp(.withCodeLifetime(lifetime))
                let verificationID = try await context.requestCode(PhoneNumbers.us, on: app.client)
                let code = try context.latestCode(sentTo: PhoneNumbers.us)
                context.world.clock.advance(by: lifetime + .seconds(1))
                try await expectFailure(.sessionExpired, when: "signIn \(lifetime + .seconds(1)) after the SMS (lifetime \(lifetime))") {
                    try await app.client.signIn(with: .phone(verificationID: verificationID, verificationCode: code))
                }
                try await context.expectSignedOut(app.client, after: "an expired code")
            },
            Check("a code used just before its lifetime ends still signs in") { context in
                let lifetime = Duration.seconds(120)
                let app = try await context.launchApp(.withCodeLifetime(lifetime))
                let verificationID = try await context.requestCode(PhoneNumbers.us, on: app.client)
                context.world.clock.advance(by: lifetime - .seconds(1))
                try await context.signIn(verificationID, code: try context.latestCode(sentTo: PhoneNumbers.us), on: app.client)
            },
        ])
}

extension ProjectConfiguration {
    fileprivate static func withCodeLifetime(_ lifetime: Duration) -> ProjectConfiguration {
        var configuration = ProjectConfiguration.standard
        configuration.phone.codeLifetime = lifetime
        return configuration
    }
}
