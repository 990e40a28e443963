extension Rule {
    public static let mfa13 = Rule(
        "MFA-13", .must, flow: .multiFactor,
        title: "The same number cannot be enrolled twice for one user, not even by two enrollments at once",
        statement: """
            The same phone number cannot be enrolled twice for one user: secondFactorAlreadyEnrolled [17087], also \
            when two enrollments of that number are under way at once.
            """,
        sources: [
            .firebaseAuthEmulatorSource(
                section: """
                    operations.ts, mfaEnrollmentStart: SECOND_FACTOR_EXISTS, “Phone number already enrolled as second \
                    factor for this account.”
                    """), .firebaseAuthErrorCode(section: "secondFactorAlreadyEnrolled (17087)"),
        ],
        hint: """
            if this fails, check that the backend checks the user's factors for the number when it records the factor, \
            atomically, so neither a repeat nor two concurrent enrollments enroll the number twice
            """,
        checks: [
            Check(
                id: "enrolled-number-again", "enrolling an enrolled number again fails with secondFactorAlreadyEnrolled"
            ) { context in
                let app = try await context.launchApp()
                try await context.signUpVerified(.ada, on: app.client)
                try await context.enroll(PhoneNumbers.us, on: app.client)
                try await context.expectEnrollmentRefused(
                    PhoneNumbers.us, with: .secondFactorAlreadyEnrolled, on: app.client,
                    because: "the number is already enrolled")
            },
            Check(
                id: "concurrent-enrollments", "of two enrollments of one number under way at once, exactly one succeeds"
            ) { context in
                let app = try await context.launchApp()
                try await context.signUpVerified(.ada, on: app.client)
                var assertions: [MultiFactorAssertion] = []
                for attempt in 1...2 {
                    let session = try await expectSuccess("multiFactorSession() for enrollment \(attempt)") {
                        try await app.client.multiFactorSession()
                    }
                    let verificationID = try await expectSuccess(
                        "verifyPhoneNumber(\"\(PhoneNumbers.us)\", multiFactorSession:) for enrollment \(attempt)"
                    ) { try await app.client.verifyPhoneNumber(PhoneNumbers.us, multiFactorSession: session) }
                    assertions.append(
                        .phone(
                            verificationID: verificationID,
                            verificationCode: try context.latestCode(sentTo: PhoneNumbers.us)))
                }
                let (client, firstAssertion, secondAssertion) = (app.client, assertions[0], assertions[1])
                async let first = outcome { try await client.enroll(with: firstAssertion, displayName: "first") }
                async let second = outcome { try await client.enroll(with: secondAssertion, displayName: "second") }
                let outcomes = await [first, second]
                let refused = outcomes.compactMap { $0 }
                try expectEqual(
                    outcomes.count - refused.count, 1,
                    "the number of the two enrollments of \(PhoneNumbers.us) at once that succeeded")
                for error in refused {
                    try expect(
                        error.code == .secondFactorAlreadyEnrolled,
                        "the enrollment refused of the two at once failed with another error than the rule's",
                        expected: AuthErrorCode.secondFactorAlreadyEnrolled.label, actual: "\(error)")
                }
                let enrolled =
                    await app.client.currentUser?.enrolledFactors.filter { $0.phoneNumber == PhoneNumbers.us } ?? []
                try expectEqual(enrolled.count, 1, "the number of factors with \(PhoneNumbers.us)")
            }, .doorEnrollmentCodeTwiceAtOnce,
        ])
}

/// Nil when `body` succeeded, the AuthError it threw otherwise (anything else fails the check).
private func outcome(_ body: () async throws -> Void) async -> AuthError? {
    do {
        try await body()
        return nil
    } catch let error as AuthError { return error } catch {
        return AuthError(.internalError, "not an AuthError: \(describe(error))")
    }
}
