import MockIdP

extension Check {
    /// MFA-13 at the server's own door, two requests at once: ada, signed in, starts enrolling a number and
    /// the code is texted; then two `mfaEnrollment:finalize` with her ID token and the one `phoneVerificationInfo` are
    /// in flight at the server together (over HTTP on two connections). The same number cannot be enrolled twice, also
    /// when two enrollments are under way at once, so a server that checks the code and the number and records the
    /// factor in two steps enrolls the number twice. The suite's client sends its enrollments one at a time; this
    /// check sends the finalizes raw.
    static let doorEnrollmentCodeTwiceAtOnce = Check(
        id: "door-enrollment-twice-at-once",
        """
        two mfaEnrollment:finalize with one idToken and one phoneVerificationInfo sent to the server at once: exactly \
        one enrolls the number, the other is refused, for each of \(doorMultiFactorRounds) numbers
        """, requires: [.flow(.multiFactor), .flow(.password)]
    ) { context in
        let (app, door) = try await context.launchAppWithDoor()
        try await context.signUpVerified(.ada, on: app.client)
        var broken: [String] = []
        for phoneNumber in PhoneNumbers.doorRace.prefix(doorMultiFactorRounds) {
            let session = try await expectSuccess("multiFactorSession() to enroll \(phoneNumber)") {
                try await app.client.multiFactorSession()
            }
            let verificationID = try await expectSuccess(
                "verifyPhoneNumber(\"\(phoneNumber)\", multiFactorSession:) to enroll it"
            ) { try await app.client.verifyPhoneNumber(phoneNumber, multiFactorSession: session) }
            let code = try context.latestCode(sentTo: phoneNumber)
            let idToken = try await expectSuccess("getIDToken(forceRefresh: false) to enroll \(phoneNumber)") {
                try await app.client.getIDToken(forceRefresh: false)
            }
            let request = DoorRequest(
                .finalizeEnrollment,
                .object([
                    "idToken": .string(idToken), "displayName": .string("Phone"),
                    "phoneVerificationInfo": .object(["sessionInfo": .string(verificationID), "code": .string(code)]),
                ]))
            if let pair = try await sendTwiceAtOnce(
                request, on: door, what: "mfaEnrollment:finalize of \(phoneNumber) with its one code",
                label: phoneNumber, both: "enrolled the number", neither: "enrolled the number",
                expected: "HTTP 400 (SECOND_FACTOR_EXISTS, SESSION_EXPIRED or INVALID_SESSION_INFO) and no session")
            {
                broken.append(pair)
            }
        }
        try expect(
            broken.isEmpty,
            "of two mfaEnrollment:finalize of one enrollment at once at the server, not exactly one enrolled the "
                + "number for \(broken.count) of \(doorMultiFactorRounds) numbers",
            expected: "the number enrolled once, the other finalize refused", actual: broken.joined(separator: "; "))
    }
}
