extension Rule {
    public static let mfa4 = Rule(
        "MFA-4", .must, flow: .multiFactor, title: "The enrollment phone number obeys PHONE-1",
        statement: "The enrollment phone number obeys PHONE-1 (E.164, no punctuation or whitespace).",
        sources: [
            .firebaseMultiFactor(
                section: """
                    Enrolling a second factor: “prefix the number with + and use no punctuation or whitespace (e.g. \
                    +15105551234)”
                    """), .ituE164(),
        ],
        hint: """
            if this fails, check that verifyPhoneNumber with a multi-factor session runs the same E.164 check as phone \
            sign-in (invalidPhoneNumber, missingPhoneNumber when empty) before any SMS
            """,
        checks: [
            Check(
                id: "malformed-numbers-refused",
                "every malformed number of Fixtures/phone/e164.json is refused for enrollment, no SMS sent"
            ) { context in
                let app = try await context.launchApp(.withoutVerificationLimit)
                try await context.signUpVerified(.ada, on: app.client)
                let session = try await expectSuccess("multiFactorSession()") {
                    try await app.client.multiFactorSession()
                }
                let malformed = try BundledFixtures.e164.get().cases.filter { $0.expectation == .invalid }
                try await expectEveryCase(malformed, "malformed numbers") { fixtureCase in
                    let expected: AuthErrorCode = fixtureCase.input.isEmpty ? .missingPhoneNumber : .invalidPhoneNumber
                    try await expectFailure(
                        expected,
                        when: """
                            verifyPhoneNumber(\(fixtureCase.input.debugDescription), multiFactorSession:) \
                            (\(fixtureCase.id))
                            """
                    ) { try await app.client.verifyPhoneNumber(fixtureCase.input, multiFactorSession: session) }
                }
                try context.expectNoSMS("only malformed numbers were offered for enrollment")
                try await context.expectNoFactor(
                    on: app.client, after: "offering only malformed numbers for enrollment")
            },
            Check(id: "valid-numbers-accepted", "valid numbers of several countries are accepted for enrollment") {
                context in
                let app = try await context.launchApp()
                try await context.signUpVerified(.ada, on: app.client)
                try await expectEveryCase(
                    [PhoneNumbers.brazil, PhoneNumbers.ireland, PhoneNumbers.uk], "valid numbers"
                ) { phoneNumber in try await context.enroll(phoneNumber, on: app.client) }
            },
        ])
}
