extension Rule {
    public static let phone8 = Rule(
        "PHONE-8", .must, flow: .phone,
        title: "A code expires at exactly the configured lifetime",
        statement: """
            A code expires: it is good from the moment it is sent until just before the configured lifetime has passed, and \
            at exactly the lifetime it fails with sessionExpired [17051] and signs nobody in. Later attempts keep failing: \
            with sessionExpired, or, once the implementation has forgotten the expired verification, as for a used or unknown \
            one (invalidVerificationID). Wrong attempts do not extend the lifetime.
            """,
        sources: [.firebaseAuthErrorCode(section: "sessionExpired (17051): the SMS code has expired")],
        hint: "if this fails, check that the code's expiry is compared with >= on the world's clock, and that a wrong attempt does not reset it",
        checks: [
            Check("a code used at exactly its lifetime fails with sessionExpired, and later with sessionExpired or invalidVerificationID", requires: [.worldClock]) { context in
                let app = try await context.launchApp(.withCodeLifetime(.seconds(120)))
                let verificationID = try await context.requestCode(PhoneNumbers.us, on: app.client)
                let code = try context.latestCode(sentTo: PhoneNumbers.us)
                try context.advanceClock(by: .seconds(120))
                try await expectFailure(.sessionExpired, when: "signIn exactly 120s after the SMS (lifetime 120s)") {
                    try await app.client.signIn(with: .phone(verificationID: verificationID, verificationCode: code))
                }
                try await context.expectSignedOut(app.client, after: "an expired code")
                for (moment, step) in [("again at 120s", Duration.zero), ("121s", .seconds(1))] {
                    try context.advanceClock(by: step)
                    let error = try await expectAuthError(when: "signIn \(moment) after the SMS (lifetime 120s), after its sessionExpired") {
                        try await app.client.signIn(with: .phone(verificationID: verificationID, verificationCode: code))
                    }
                    try expect(
                        [.sessionExpired, .invalidVerificationID].contains(error.code),
                        "signIn \(moment) after the SMS failed with \(error); expected sessionExpired, or invalidVerificationID once the expired verification is forgotten")
                }
                try await context.expectSignedOut(app.client, after: "an expired code tried again")
            },
            Check("a code used one second before its lifetime ends still signs in", requires: [.worldClock]) { context in
                let app = try await context.launchApp(.withCodeLifetime(.seconds(120)))
                let verificationID = try await context.requestCode(PhoneNumbers.us, on: app.client)
                try context.advanceClock(by: .seconds(119))
                try await context.signIn(verificationID, code: try context.latestCode(sentTo: PhoneNumbers.us), on: app.client)
            },
            Check("a wrong attempt just before the lifetime ends does not extend it", requires: [.worldClock]) { context in
                let app = try await context.launchApp(.withCodeLifetime(.seconds(120)))
                let verificationID = try await context.requestCode(PhoneNumbers.us, on: app.client)
                let code = try context.latestCode(sentTo: PhoneNumbers.us)
                try context.advanceClock(by: .seconds(110))
                try await expectFailure(.invalidVerificationCode, when: "signIn with a wrong code 110s after the SMS") {
                    try await app.client.signIn(with: .phone(verificationID: verificationID, verificationCode: wrongCode(for: code)))
                }
                try context.advanceClock(by: .seconds(10))
                try await expectFailure(.sessionExpired, when: "signIn with the right code 120s after the SMS, after a wrong attempt at 110s") {
                    try await app.client.signIn(with: .phone(verificationID: verificationID, verificationCode: code))
                }
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
