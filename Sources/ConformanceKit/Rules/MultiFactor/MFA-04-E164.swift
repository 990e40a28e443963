extension Rule {
    public static let mfa4 = Rule(
        "MFA-4", .must, flow: .multiFactor,
        title: "The enrollment phone number obeys PHONE-1",
        statement: "The enrollment phone number obeys PHONE-1 (E.164, no punctuation or whitespace).",
        sources: [
            .firebaseMultiFactor(section: "Enrolling a second factor: “prefix the number with + and use no punctuation or whitespace (e.g. +15105551234)”"),
            .ituE164(),
        ],
        hint: """
            if this fails, check that verifyPhoneNumber with a multi-factor session runs the same E.164 check as phone \
            sign-in (invalidPhoneNumber, missingPhoneNumber when empty) before any SMS
            """,
        checks: [
            Check("every malformed number of Fixtures/phone/e164.json is refused for enrollment, no SMS sent") { context in
                let app = try await context.launchApp(.withoutVerificationLimit)
                try await context.signUpVerified(.ada, on: app.client)
                let session = try await expectSuccess("multiFactorSession()") { try await app.client.multiFactorSession() }
                var wrong: [String] = []
                for fixtureCase in try Fixture<String>.load("phone", "e164").cases where fixtureCase.expectation == .invalid {
                    let expected: AuthErrorCode = fixtureCase.input.isEmpty ? .missingPhoneNumber : .invalidPhoneNumber
                    do {
                        _ = try await app.client.verifyPhoneNumber(fixtureCase.input, multiFactorSession: session)
                        wrong.append("\(fixtureCase.id) \(fixtureCase.input.debugDescription) was accepted for enrollment")
                    } catch let error as AuthError where error.code != expected {
                        wrong.append("\(fixtureCase.id) \(fixtureCase.input.debugDescription) failed with \(error); expected \(expected.label)")
                    } catch is AuthError {
                        continue
                    } catch {
                        wrong.append("\(fixtureCase.id) \(fixtureCase.input.debugDescription) threw \(describe(error)), not an AuthError")
                    }
                }
                try expect(wrong.isEmpty, "\(wrong.count) malformed numbers went wrong:\n" + wrong.joined(separator: "\n"))
                try context.expectNoSMS("only malformed numbers were offered for enrollment")
                let factors = await app.client.currentUser?.enrolledFactors ?? []
                try expect(factors.isEmpty, "malformed numbers were enrolled: \(factors.map(\.phoneNumber))")
            },
            Check("valid numbers of several countries are accepted for enrollment") { context in
                let app = try await context.launchApp()
                try await context.signUpVerified(.ada, on: app.client)
                for phoneNumber in [PhoneNumbers.brazil, PhoneNumbers.ireland, PhoneNumbers.uk] {
                    try await context.enroll(phoneNumber, on: app.client)
                }
            },
        ])
}
