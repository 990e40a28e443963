import MockIdP

/// Numbers the phone checks use: valid E.164 numbers from the fictional ranges, and test numbers.
package enum PhoneNumbers {
    package static let us = "+16505550101"
    package static let usOther = "+16505550102"
    package static let brazil = "+5511961234567"
    package static let uk = "+442079460123"
    package static let ireland = "+353850123456"
    /// A test phone number and its fixed code (US fictional range).
    package static let test = TestPhoneNumber("+16505550188", code: "654321")
    package static let otherTest = TestPhoneNumber("+16505550189", code: "112233")
    /// Every number the checks of a flow that reads only codes text (`Flow.readsOnlyCodes`): where the texts cannot be
    /// read, a server that has them all as test numbers lets those checks run on their fixed codes.
    package static let fixedCodeNumbers: Set<String> = [us, usOther, uk, ireland, brazil]
}

extension Flow {
    /// Whether the flow's checks read only the codes their texts bring, never how many texts came, their wording or
    /// their timing, and text only ``PhoneNumbers/fixedCodeNumbers``: the multi-factor rules are about sessions,
    /// factors and hints, and each of their checks sends a code back with the verification it was texted for (never
    /// with another's), so a test number's fixed code, the same for every verification, judges them as a texted code
    /// would. The phone rules are about the texts themselves.
    package var readsOnlyCodes: Bool { self == .multiFactor }
}

extension ProjectConfiguration {
    /// The standard project with a verification limit no check reaches, for checks that try many numbers.
    package static let withoutVerificationLimit = ProjectConfiguration.standard.with(
        \.phone.verificationLimit.maxRequests, 1000)

    /// The standard project with ``PhoneNumbers/test`` and ``PhoneNumbers/otherTest`` as test numbers.
    package static let withTestNumbers = ProjectConfiguration.standard.with(
        \.phone.testPhoneNumbers, [PhoneNumbers.test, PhoneNumbers.otherTest])
}

/// The steps of phone sign-in as a user takes them, with the failure messages checks share.
extension CheckContext {
    /// Asks for a code for `phoneNumber` and returns the verification ID.
    package func requestCode(
        _ phoneNumber: String, on client: any AuthClient, filePath: String = #filePath, line: Int = #line
    ) async throws -> String {
        try await expectSuccess("verifyPhoneNumber(\"\(phoneNumber)\")", filePath: filePath, line: line) {
            try await client.verifyPhoneNumber(phoneNumber)
        }
    }

    /// The code in the latest SMS that reached `phoneNumber`, read as a person reads it.
    package func latestCode(
        sentTo phoneNumber: String, filePath: String = #filePath, line: Int = #line
    ) throws -> String {
        guard let message = world.outbound.latestSMS(to: phoneNumber) else {
            let unread = world.outbound.unread.map(\.description)
            throw CheckFailure(
                "no SMS reached \(phoneNumber)", expected: "an SMS to \(phoneNumber) with the code",
                actual: unread.isEmpty ? "none" : "none to it; unread: \(unread.joined(separator: "; "))",
                filePath: filePath, line: line)
        }
        guard let code = SMSCode.extract(from: message.text) else {
            throw CheckFailure(
                "the SMS to \(phoneNumber) holds no code", expected: "a code in its text",
                actual: message.text.debugDescription, filePath: filePath, line: line)
        }
        return code
    }

    /// Signs in with a verification ID and code.
    @discardableResult
    package func signIn(
        _ verificationID: String, code: String, on client: any AuthClient, filePath: String = #filePath,
        line: Int = #line
    ) async throws -> AuthDataResult {
        try await expectSuccess("signIn(with: phone credential, code \(code))", filePath: filePath, line: line) {
            try await client.signIn(with: .phone(verificationID: verificationID, verificationCode: code))
        }
    }

    /// The whole flow for a real number: request, read the SMS, sign in.
    @discardableResult
    package func signInWithSMS(
        _ phoneNumber: String, on client: any AuthClient, filePath: String = #filePath, line: Int = #line
    ) async throws -> AuthDataResult {
        let verificationID = try await requestCode(phoneNumber, on: client, filePath: filePath, line: line)
        return try await signIn(
            verificationID, code: try latestCode(sentTo: phoneNumber, filePath: filePath, line: line), on: client,
            filePath: filePath, line: line)
    }

    /// The whole flow for a test number: request (no SMS), sign in with the fixed code.
    @discardableResult
    package func signIn(
        with testNumber: TestPhoneNumber, on client: any AuthClient, filePath: String = #filePath, line: Int = #line
    ) async throws -> AuthDataResult {
        let verificationID = try await requestCode(testNumber.phoneNumber, on: client, filePath: filePath, line: line)
        return try await signIn(
            verificationID, code: testNumber.verificationCode, on: client, filePath: filePath, line: line)
    }

    /// Fails unless no SMS has been sent in this world since the last read.
    package func expectNoSMS(_ situation: String, filePath: String = #filePath, line: Int = #line) throws {
        let sent = world.outbound.readAllSMS()
        try expect(
            sent.isEmpty, "\(situation), yet SMS were sent", expected: "no SMS",
            actual: sent.map { "SMS to \($0.to): \($0.text.debugDescription)" }.joined(separator: "; "),
            filePath: filePath, line: line)
    }

    /// Fails unless nobody is signed in on `client`.
    package func expectSignedOut(
        _ client: any AuthClient, after situation: String, filePath: String = #filePath, line: Int = #line
    ) async throws {
        if let user = await client.currentUser {
            throw CheckFailure(
                "after \(situation), somebody is signed in", expected: "nobody", actual: "user \(user.uid)",
                filePath: filePath, line: line)
        }
    }
}

/// A code of the same length that differs from `code` in every digit (`attempt` gives other such codes).
func wrongCode(for code: String, attempt: Int = 1) -> String {
    String(code.map { Character(String((($0.wholeNumberValue ?? 0) + 1 + (attempt - 1) % 9) % 10)) })
}

/// The nearest forgeries of an identifier: its last or first character changed (``Forgery/changingCharacter(at:of:)``:
/// the bytes a base64 identifier decodes to change too), one character dropped or added. Each differs from the
/// identifier in its bytes, every run; one that would not is left out.
func nearMisses(ofIdentifier identifier: String) -> [String] {
    guard !identifier.isEmpty else { return ["A"] }
    let forgeries = [
        Forgery.changingCharacter(at: identifier.count - 1, of: identifier),
        Forgery.changingCharacter(at: 0, of: identifier), String(identifier.dropLast()), identifier + "A",
    ]
    return forgeries.filter { !$0.isEmpty && Forgery.differs($0, from: identifier) }
}
