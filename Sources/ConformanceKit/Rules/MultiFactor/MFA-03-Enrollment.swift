import MockIdP

extension Rule {
    public static let mfa3 = Rule(
        "MFA-3", .must, flow: .multiFactor,
        title: "Enrollment texts the number once and records the factor; its verification is single use",
        statement: """
            Enrollment: a multi-factor session of the signed-in user, verifyPhoneNumber(number, session) sends one SMS \
            to that number, and enroll(assertion, displayName) with its code records a factor with uid, displayName, \
            factorID == "phone", an enrollment date and the phone number. An enrollment verification is good for one \
            enrollment: used again (also after the factor was unenrolled) it fails. Enrollment completes only with a \
            verification made for that enrollment of that user: one made for a first-factor phone sign-in, or another \
            user's enrollment verification, fails and enrolls nothing.
            """,
        sources: [
            .firebaseMultiFactor(section: "Enrolling a second factor"),
            .firebaseMultiFactorReference(section: "session(), enroll(with:displayName:)"),
        ],
        hint: """
            if this fails, check that the enrollment SMS goes once, to the number given, that enroll records uid, \
            displayName, factorID phone, the number and an enrollment date on the clock the subject declares, and that \
            enrolling uses up its verification, which must have been started by mfaEnrollment:start for that same user
            """,
        checks: [
            Check(
                id: "enrolled-factor",
                "one SMS reaches the number and the enrolled factor has its uid, name, factor ID, date and number"
            ) { context in
                let app = try await context.launchApp()
                try await context.signUpVerified(.ada, on: app.client)
                let factor = try await context.enroll(PhoneNumbers.uk, displayName: "Work phone", on: app.client)
                _ = try context.world.outbound.exactlyOneSMS(to: PhoneNumbers.uk)
                try context.world.outbound.expectNothingElse("enrollment sent its SMS to \(PhoneNumbers.uk)")
                try expect(
                    !factor.uid.isEmpty, "the enrolled factor has an empty uid", expected: "a non-empty uid",
                    actual: "\"\"")
                try expectEqual(factor.displayName, "Work phone", "the enrolled factor's displayName")
                try expectEqual(factor.factorID, MultiFactorID.phone, "the enrolled factor's factorID")
                let now = context.subjectNow
                let clock =
                    context.capabilities.runsOnWorldClock
                    ? "the world's date" : "real time (the subject keeps real time)"
                try expect(
                    abs(factor.enrollmentDate.timeIntervalSince(now)) < 60,
                    "the enrolled factor's enrollmentDate is not the time of the enrollment",
                    expected: "within 60 s of \(now), \(clock)", actual: "\(factor.enrollmentDate)")
            },
            Check(
                id: "verification-single-use",
                "an enrollment verification used again fails, also after its factor was unenrolled"
            ) { context in
                let app = try await context.launchApp()
                try await context.signUpVerified(.ada, on: app.client)
                let session = try await expectSuccess("multiFactorSession()") {
                    try await app.client.multiFactorSession()
                }
                let verificationID = try await expectSuccess(
                    "verifyPhoneNumber(\"\(PhoneNumbers.us)\", multiFactorSession:)"
                ) { try await app.client.verifyPhoneNumber(PhoneNumbers.us, multiFactorSession: session) }
                let assertion = MultiFactorAssertion.phone(
                    verificationID: verificationID, verificationCode: try context.latestCode(sentTo: PhoneNumbers.us))
                try await expectSuccess("enroll(with: the assertion)") {
                    try await app.client.enroll(with: assertion, displayName: nil)
                }
                guard let factor = await app.client.currentUser?.enrolledFactors.first else {
                    throw CheckFailure(
                        "the enrollment recorded no factor", expected: "one enrolled factor", actual: "none")
                }
                try await expectSuccess("unenroll(factorUID: \(factor.uid))") {
                    try await app.client.unenroll(factorUID: factor.uid)
                }
                _ = try await expectAuthError(
                    when: "enroll(with: the same, already used assertion) after unenrolling its factor"
                ) { try await app.client.enroll(with: assertion, displayName: nil) }
                try await context.expectNoFactor(
                    on: app.client, after: "enrolling again with the used enrollment verification")
            },
            Check(
                id: "first-factor-verification",
                "enrollment refuses a verification made for a first-factor phone sign-in of the same number",
                requires: [.flow(.phone)]
            ) { context in
                let app = try await context.launchApp()
                try await context.signUpVerified(.ada, on: app.client)
                try await context.startOwnEnrollment(on: app.client)
                let stranger = try await context.launch(app.backend, on: .secondary)
                let signInID = try await context.requestCode(PhoneNumbers.us, on: stranger)
                try await context.expectEnrollmentWithRefused(
                    (signInID, try context.latestCode(sentTo: PhoneNumbers.us)), on: app.client,
                    because: "the verification was made for a first-factor phone sign-in of \(PhoneNumbers.us)")
            },
            Check(
                id: "other-users-verification",
                "enrollment refuses another user's enrollment verification of the same number"
            ) { context in
                let app = try await context.launchApp()
                try await context.signUpVerified(.ada, on: app.client)
                try await context.startOwnEnrollment(on: app.client)
                let grace = try await context.launch(app.backend, on: .secondary)
                try await context.signUpVerified(.grace, on: grace)
                let session = try await expectSuccess("grace's multiFactorSession()") {
                    try await grace.multiFactorSession()
                }
                let gracesID = try await expectSuccess(
                    "grace's verifyPhoneNumber(\"\(PhoneNumbers.us)\", multiFactorSession:)"
                ) { try await grace.verifyPhoneNumber(PhoneNumbers.us, multiFactorSession: session) }
                try await context.expectEnrollmentWithRefused(
                    (gracesID, try context.latestCode(sentTo: PhoneNumbers.us)), on: app.client,
                    because: "the verification was made for grace's enrollment of \(PhoneNumbers.us)")
                try await context.expectNoFactor(on: grace, after: "ada's attempt with grace's enrollment verification")
            },
        ])
}

extension CheckContext {
    /// The current user starts an enrollment of the US number of her own (the nearest right verification is under way).
    fileprivate func startOwnEnrollment(
        on client: any AuthClient, filePath: String = #filePath, line: Int = #line
    ) async throws {
        let session = try await expectSuccess("multiFactorSession()", filePath: filePath, line: line) {
            try await client.multiFactorSession()
        }
        try await expectSuccess(
            "verifyPhoneNumber(\"\(PhoneNumbers.us)\", multiFactorSession:)", filePath: filePath, line: line
        ) { try await client.verifyPhoneNumber(PhoneNumbers.us, multiFactorSession: session) }
    }

    /// `enroll` with a verification not made for this enrollment fails and enrolls nothing.
    fileprivate func expectEnrollmentWithRefused(
        _ verification: (id: String, code: String), on client: any AuthClient, because reason: String,
        filePath: String = #filePath, line: Int = #line
    ) async throws {
        _ = try await expectAuthError(
            when: "enroll(with: a verification not made for this enrollment (\(reason)))", filePath: filePath,
            line: line
        ) {
            try await client.enroll(
                with: .phone(verificationID: verification.id, verificationCode: verification.code), displayName: nil)
        }
        try await expectNoFactor(
            on: client, after: "enrolling with a verification not made for this enrollment (\(reason))",
            filePath: filePath, line: line)
    }
}
