extension Rule {
    public static let phone5 = Rule(
        "PHONE-5", .must, flow: .phone,
        title: "A wrong code fails with invalidVerificationCode; the right code still works",
        statement: """
            A wrong code fails with invalidVerificationCode [17044] and signs nobody in; the right code still works \
            afterwards. A code is compared whole: a prefix of the right code, or the right code with one digit \
            changed, is wrong. Wrong attempts never lock out the rightful user: a fresh verification of the same \
            number still signs in with its code (only the rate limit of PHONE-17 may refuse new requests). An \
            implementation may stop accepting codes for one verification after 3 or more wrong attempts (the right \
            code must still work after 1 or 2); a fresh verification then works.
            """,
        sources: [
            .firebasePhoneAuth(section: "Sign in the user with the verification code"),
            .firebaseAuthEmulatorSource(
                section: """
                    operations.ts, verifyPhoneNumber: a wrong code fails with INVALID_CODE before the verification is \
                    used up
                    """),
        ],
        hint: """
            if this fails, check that the code is compared whole, not by prefix, that a wrong attempt neither signs in \
            nor uses up the verification before its third wrong code, and that wrong attempts never block a fresh \
            verification of the number
            """,
        checks: [
            Check(
                id: "wrong-then-right", "a wrong code fails with invalidVerificationCode, then the right code signs in"
            ) { context in
                let app = try await context.launchApp()
                let verificationID = try await context.requestCode(PhoneNumbers.us, on: app.client)
                let code = try context.latestCode(sentTo: PhoneNumbers.us)
                try await context.expectWrongCode(wrongCode(for: code), for: verificationID, on: app.client)
                try await context.signIn(verificationID, code: code, on: app.client)
            },
            Check(id: "two-wrong-then-right", "two wrong codes, then the right code signs in") { context in
                let app = try await context.launchApp()
                let verificationID = try await context.requestCode(PhoneNumbers.us, on: app.client)
                let code = try context.latestCode(sentTo: PhoneNumbers.us)
                for attempt in 1...2 {
                    try await context.expectWrongCode(
                        wrongCode(for: code, attempt: attempt), for: verificationID, on: app.client)
                }
                try await context.signIn(verificationID, code: code, on: app.client)
            },
            Check(
                id: "near-misses-wrong",
                "near misses of the right code (a prefix, one digit changed, one digit more) are wrong"
            ) { context in
                // Two near misses per verification: a verification may be discarded after its third wrong code.
                let app = try await context.launchApp(.withoutVerificationLimit)
                for pair in [0..<2, 2..<4] {
                    let verificationID = try await context.requestCode(PhoneNumbers.us, on: app.client)
                    let code = try context.latestCode(sentTo: PhoneNumbers.us)
                    for nearMiss in nearMisses(of: code)[pair] {
                        try await context.expectWrongCode(nearMiss, for: verificationID, on: app.client)
                    }
                    try await context.signIn(verificationID, code: code, on: app.client)
                    try await expectSuccess("signOut() after the near misses \(pair) and the right code") {
                        try await app.client.signOut()
                    }
                }
            },
            Check(id: "no-lockout", "after ten wrong codes, a fresh verification of the same number signs in") {
                context in
                let app = try await context.launchApp()
                let verificationID = try await context.requestCode(PhoneNumbers.us, on: app.client)
                let code = try context.latestCode(sentTo: PhoneNumbers.us)
                for attempt in 1...10 {
                    let wrong = wrongCode(for: code, attempt: attempt)
                    if attempt <= 3 {
                        try await context.expectWrongCode(wrong, for: verificationID, on: app.client)
                    } else {  // the verification may be discarded after its third wrong code: any AuthError
                        _ = try await expectAuthError(when: "wrong code attempt \(attempt) of 10") {
                            try await app.client.signIn(
                                with: .phone(verificationID: verificationID, verificationCode: wrong))
                        }
                    }
                }
                try await context.expectSignedOut(app.client, after: "ten wrong codes")
                let fresh = try await context.requestCode(PhoneNumbers.us, on: app.client)
                try await context.signIn(fresh, code: try context.latestCode(sentTo: PhoneNumbers.us), on: app.client)
            },
        ])
}

extension CheckContext {
    /// Signing in with `code` must fail with `invalidVerificationCode` and sign nobody in.
    fileprivate func expectWrongCode(
        _ code: String, for verificationID: String, on client: any AuthClient, filePath: String = #filePath,
        line: Int = #line
    ) async throws {
        try await expectFailure(
            .invalidVerificationCode, when: "signIn with the wrong code \"\(code)\"", filePath: filePath, line: line
        ) { try await client.signIn(with: .phone(verificationID: verificationID, verificationCode: code)) }
        try await expectSignedOut(client, after: "the wrong code \"\(code)\"", filePath: filePath, line: line)
    }
}

/// The wrong codes nearest to `code`: its 5-digit prefix, each end digit changed, and one digit more.
private func nearMisses(of code: String) -> [String] {
    let bumped = { (digit: Character) in Character(String(((digit.wholeNumberValue ?? 0) + 1) % 10)) }
    return [
        String(code.dropLast()), String(code.dropLast()) + String(bumped(code.last ?? "0")),
        String(bumped(code.first ?? "0")) + code.dropFirst(), code + "0",
    ]
}
