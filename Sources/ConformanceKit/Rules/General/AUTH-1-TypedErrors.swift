extension Rule {
    public static let auth1 = Rule(
        "AUTH-1", .must, flow: .general, title: "Every failure is one typed error from the taxonomy",
        statement: """
            Every failure is one typed error from the taxonomy above, never a generic or untyped error, and never a \
            crash.
            """, sources: [.firebaseAuthErrorCode(section: "AuthErrorCode, the codes of FIRAuthErrorDomain")],
        hint: """
            if this fails, check that every failure path, including a failing SMS carrier, mail server or reCAPTCHA, \
            is mapped to an AuthError with a code, never passed through raw or thrown as another type
            """,
        checks: [
            Check(
                id: "phone-errors", "phone failures, including outside-party failures, are AuthErrors",
                requires: [.flow(.phone)]
            ) { context in
                let app = try await context.launchApp()
                let client = app.client
                let ownFailures: [(String, @Sendable () async throws -> Void)] = [
                    (
                        "verifyPhoneNumber(\"+1 650-555-0101\")",
                        { _ = try await client.verifyPhoneNumber("+1 650-555-0101") }
                    ),
                    (
                        "signIn with an unknown verification ID",
                        {
                            _ = try await client.signIn(
                                with: .phone(verificationID: "unknown", verificationCode: "123456"))
                        }
                    ), ("getIDToken() with nobody signed in", { _ = try await client.getIDToken(forceRefresh: false) }),
                ]
                // A backend with parties of its own (a server over HTTP) cannot be made to meet a failing party.
                let partyFailures: [(String, @Sendable () async throws -> Void)] = [
                    (
                        "verifyPhoneNumber while the SMS carrier fails",
                        {
                            context.world.sms.set(.failing)
                            _ = try await client.verifyPhoneNumber(PhoneNumbers.us)
                        }
                    ),
                    (
                        "verifyPhoneNumber with the reCAPTCHA unavailable",
                        {
                            context.world.push.set(.unavailable)
                            context.world.recaptcha.set(.unavailable)
                            _ = try await client.verifyPhoneNumber(PhoneNumbers.usOther)
                        }
                    ),
                ]
                let failures = ownFailures + (context.capabilities.reachesWorldParties ? partyFailures : [])
                try await expectEveryCase(failures, "failures") { action, body in
                    try await expectSpecificAuthError(when: action, body)
                }
            },
            Check(
                id: "multi-factor-errors", "multi-factor failures, including the mail server's, are AuthErrors",
                requires: [.flow(.multiFactor)]
            ) { context in
                let app = try await context.launchApp()
                let client = app.client
                try await context.signUp(.ada, on: client)
                let ownFailures: [(String, @Sendable () async throws -> Void)] = [
                    (
                        "enroll(with: a phone assertion nobody issued)",
                        {
                            try await client.enroll(
                                with: .phone(verificationID: "unknown", verificationCode: "123456"), displayName: nil)
                        }
                    ),
                    (
                        "unenroll(factorUID:) of a factor that does not exist",
                        { try await client.unenroll(factorUID: "no-such-factor") }
                    ),
                    ("applyActionCode with a code nobody issued", { try await client.applyActionCode("no-such-code") }),
                    (
                        "verifyPhoneNumber(with: a hint, multiFactorSession:) of no sign-in",
                        {
                            let hint = MultiFactorInfo(
                                uid: "no-such-factor", displayName: nil, enrollmentDate: context.world.clock.date,
                                factorID: MultiFactorID.phone, phoneNumber: nil)
                            _ = try await client.verifyPhoneNumber(
                                with: hint, multiFactorSession: MultiFactorSession("no-such-session"))
                        }
                    ),
                ]
                let partyFailures: [(String, @Sendable () async throws -> Void)] = [
                    (
                        "sendEmailVerification while the mail server fails",
                        {
                            context.world.mail.set(.failing)
                            try await client.sendEmailVerification()
                        }
                    )
                ]
                let failures = ownFailures + (context.capabilities.reachesWorldParties ? partyFailures : [])
                try await expectEveryCase(failures, "failures") { action, body in
                    try await expectSpecificAuthError(when: action, body)
                }
            },
            Check(
                id: "apple-errors",
                "Sign in with Apple failures, the sheet's and Apple's included, are specific AuthErrors",
                requires: [.flow(.apple)]
            ) { context in
                let app = try await context.launchAppleApp()
                let client = app.client
                let failures: [(String, @Sendable () async throws -> Void)] = [
                    (
                        "requestAuthorization() when the person cancels the sheet",
                        {
                            context.world.apple.script(.cancel)
                            _ = try await client.requestAppleAuthorization()
                        }
                    ),
                    (
                        "requestAuthorization() when the sheet fails",
                        {
                            context.world.apple.script(.fail)
                            _ = try await client.requestAppleAuthorization()
                        }
                    ),
                    (
                        "signIn(with: an Apple credential whose token is not a JWT)",
                        {
                            _ = try await client.signIn(
                                with: .apple(idToken: "not-a-jwt", rawNonce: "nonce", fullName: nil))
                        }
                    ),
                    (
                        "revokeToken(withAuthorizationCode:) with nobody signed in",
                        { try await client.revokeAppleToken(withAuthorizationCode: "code") }
                    ),
                ]
                try await expectEveryCase(failures, "failures") { action, body in
                    try await expectSpecificAuthError(when: action, body)
                }
            },
        ])
}

/// The boundary's `throws(AuthError)` makes every failure an ``AuthError``; what the compiler cannot see is a
/// generic one: `internalError`, or no message.
private func expectSpecificAuthError(when action: String, _ body: () async throws -> Void) async throws {
    let error = try await expectAuthError(when: action, body)
    try expect(
        error.code != .internalError && !error.message.isEmpty, "\(action) failed with a generic error",
        expected: "a specific error of the taxonomy, with a message",
        actual: error.message.isEmpty ? "\(error.code.label), no message" : "\(error)")
}
