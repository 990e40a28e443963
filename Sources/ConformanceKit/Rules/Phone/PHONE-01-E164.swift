extension Rule {
    public static let phone1 = Rule(
        "PHONE-1", .must, flow: .phone, title: "A phone number is accepted only in E.164 form, from any country",
        statement: """
            A phone number is accepted only in E.164 form: +, a country calling code that does not start with 0, then \
            digits only, 15 digits at most in all; spaces, dashes, dots, parentheses, letters, a missing +, a leading \
            00, or more than 15 digits are rejected with invalidPhoneNumber [17042], and no SMS is sent. Every valid \
            number of any country written in E.164 is accepted (rejecting a real Brazilian or Japanese number is as \
            wrong as accepting +1 650-555-3434). A number that is well-formed but not assigned in its country (e.g. \
            +15555550100), or too short to be in service anywhere (fewer than 7 digits, down to a country calling code \
            with nothing after it such as +44: the shortest numbers in service, in Niue and Tokelau, have 7), may go \
            either way, number by number, with no declaration: the suite judges neither answer for them (a validator \
            such as ^\\+[1-9]\\d{1,14}$, which accepts +44 and refuses +1, conforms).
            """,
        sources: [
            .firebaseMultiFactor(
                section: """
                    Enrolling a second factor: “prefix the number with + and use no punctuation or whitespace (e.g. \
                    +15105551234)”
                    """),
            .firebasePhoneAuth(
                section: """
                    Test with fictional phone numbers: “test phone numbers also go through the same validation as real \
                    users' phone numbers”
                    """),
            .ituE164(
                section: """
                    the international public telecommunication number: country code, then national number, 15 digits \
                    at most
                    """),
        ],
        hint: """
            if this fails, check that the E.164 check (+, a country code not starting with 0, digits only, 15 at most) \
            runs before any SMS and answers invalidPhoneNumber, and that no country's valid number is refused
            """,
        checks: [
            Check(id: "valid-numbers", "every valid number of Fixtures/phone/e164.json gets its SMS") { context in
                try await context.requestCodes(for: .valid)
            },
            Check(
                id: "malformed-numbers",
                "every malformed number of Fixtures/phone/e164.json fails with invalidPhoneNumber, no SMS sent"
            ) { context in try await context.requestCodes(for: .invalid) },
            Check(
                id: "edge-numbers-either-way",
                """
                well-formed numbers that are unassigned or too short go either way: one SMS to the number, or \
                invalidPhoneNumber and none
                """
            ) { context in try await context.requestCodes(for: .implementationDefined) },
        ])
}

extension CheckContext {
    /// Requests a code for every E.164 fixture case of one expectation and reports every case that went wrong, each as
    /// an
    /// issue of its own (record and continue).
    fileprivate func requestCodes(
        for expectation: FixtureCase<String>.Expectation, filePath: String = #filePath, line: Int = #line
    ) async throws {
        let app = try await launchApp(.withoutVerificationLimit, filePath: filePath, line: line)
        // The empty string belongs to PHONE-2 (missingPhoneNumber).
        let cases = try BundledFixtures.e164.get().cases.filter { $0.expectation == expectation && !$0.input.isEmpty }
        // Whether each number must be accepted; nil where either answer conforms (PHONE-1: a well-formed number that
        // is unassigned or too short to be in service goes either way, number by number, with no declaration).
        let accept: Bool? =
            switch expectation {
            case .valid: true
            case .invalid: false
            case .implementationDefined: nil
            }
        var recorded = RecordedIssues()
        var accepted: Set<String> = []
        for fixtureCase in cases {
            let shown = "\(fixtureCase.id) \(fixtureCase.input.debugDescription)"
            let wanted =
                switch accept {
                case true?: "accepted, with one SMS"
                case false?: "\(AuthErrorCode.invalidPhoneNumber.label)"
                case nil: "accepted with one SMS, or \(AuthErrorCode.invalidPhoneNumber.label) with none"
                }
            try await recorded.record {
                do {
                    let verificationID = try await app.client.verifyPhoneNumber(fixtureCase.input)
                    accepted.insert(fixtureCase.input)
                    try expect(
                        accept != false, "\(shown) was accepted", expected: wanted,
                        actual: "accepted (verification ID \(verificationID.abbreviated))", filePath: filePath,
                        line: line)
                    try expectEqual(
                        world.outbound.readAllSMS(to: fixtureCase.input).count, 1,
                        "the number of SMS that reached \(shown)", filePath: filePath, line: line)
                } catch let error as AuthError {
                    try expect(
                        accept != true, "\(shown) was refused", expected: wanted, actual: "\(error)",
                        filePath: filePath, line: line)
                    try expectEqual(
                        error.code, .invalidPhoneNumber, "the error for \(shown)", filePath: filePath, line: line)
                } catch let failure as CheckFailure { throw failure } catch {
                    throw CheckFailure(
                        "\(shown) threw an error that is not an AuthError", expected: wanted, actual: describe(error),
                        filePath: filePath, line: line)
                }
            }
        }
        let wrongCases = recorded.count
        try await recorded.record {
            let unexpectedSMS = world.outbound.finish().texts.filter { !accepted.contains($0.to) }
            try expect(
                unexpectedSMS.isEmpty, "SMS were sent for rejected numbers", expected: "none",
                actual: "\(unexpectedSMS.map(\.to))", filePath: filePath, line: line)
        }
        try recorded.finish("\(wrongCases) of \(cases.count) cases went wrong", filePath: filePath, line: line)
    }
}
