import MockIdP

extension Rule {
    public static let phone12 = Rule(
        "PHONE-12", .must, flow: .phone,
        title: "Test phone number configuration is validated: E.164, 6-digit codes, at most 10",
        statement: """
            Test phone number configuration is validated: each number must itself be valid E.164 (same validation as \
            real numbers), each code exactly 6 digits, and at most 10 test numbers; an invalid configuration is \
            rejected. The project configuration is the *stored* configuration: a console may normalise what a person \
            types (+1 650-555-3434), but what is stored must already be E.164.
            """,
        sources: [
            .firebasePhoneAuth(
                section: """
                    Test with fictional phone numbers: “test phone numbers also go through the same validation as real \
                    users' phone numbers”; up to 10 numbers; a 6-digit verification code each
                    """)
        ],
        hint: """
            if this fails, check that the project configuration validates each test number with the same E.164 check \
            as real numbers, requires exactly 6 digits per code and at most 10 numbers, and refuses anything else with \
            a ConfigurationError
            """,
        checks: [
            Check(id: "non-e164-numbers-refused", "test numbers that are not E.164 are rejected") { context in
                try await expectEveryCase(
                    ["+1 650-555-0188", "16505550188", "+165055501881234567"], "test numbers that are not E.164"
                ) { number in
                    try await context.expectRejected(
                        [TestPhoneNumber(number, code: "654321")], because: "test number \"\(number)\" is not E.164")
                }
            },
            Check(id: "non-6-digit-codes-refused", "test codes that are not exactly 6 digits are rejected") { context in
                try await expectEveryCase(["12345", "1234567", "12345a", ""], "test codes that are not 6 digits") {
                    code in
                    try await context.expectRejected(
                        [TestPhoneNumber("+16505550188", code: code)], because: "test code \"\(code)\" is not 6 digits")
                }
            },
            Check(id: "at-most-ten-numbers", "10 test numbers are accepted, 11 are rejected") { context in
                let eleven = (10...20).map { TestPhoneNumber("+165055501\($0)", code: "6543\($0)") }
                _ = try await context.makeBackend(.standard.with(\.phone.testPhoneNumbers, Array(eleven.prefix(10))))
                try await context.expectRejected(eleven, because: "11 test numbers exceed the limit of 10")
            },
        ])
}

extension CheckContext {
    fileprivate func expectRejected(
        _ testNumbers: [TestPhoneNumber], because reason: String, filePath: String = #filePath, line: Int = #line
    ) async throws {
        do {
            _ = try await subject.makeBackend(
                configuration: .standard.with(\.phone.testPhoneNumbers, testNumbers), world: World())
            throw CheckFailure(
                "the subject accepted a configuration in which \(reason)", expected: "a ConfigurationError",
                actual: "a backend made with it", filePath: filePath, line: line)
        } catch ConfigurationError.unsupported(let field, let why) {
            throw NotApplicable("the subject cannot take \(field) from the project configuration: \(why)")
        } catch is ConfigurationError { return } catch let failure as CheckFailure { throw failure } catch {
            throw CheckFailure(
                "the subject refused a configuration in which \(reason) with another error than a ConfigurationError",
                expected: "a ConfigurationError", actual: describe(error), filePath: filePath, line: line)
        }
    }
}
