import MockIdP

extension Check {
    /// The rounds of a multi-factor race at the server's door: every round texts the user's one factor (or a number to
    /// enroll) from one device, so they stay below the verification limit (5 an hour) with the enrollment's own text.
    static let doorMultiFactorRounds = 3

    /// MFA-11 at the server's own door, two requests at once: ada's password passed, a code texted to her
    /// factor, then two `mfaSignIn:finalize` with the one `mfaPendingCredential` and the one `phoneVerificationInfo`
    /// in flight at the server together (over HTTP on two connections). A resolver session is used up once it
    /// completed a sign-in, so a server that checks the pending credential and the code and uses them up in two steps
    /// lets both sign in. The suite's client sends its resolutions one at a time; this check does not use it for them.
    static let doorPendingCredentialTwiceAtOnce = Check(
        id: "door-pending-twice-at-once",
        """
        two mfaSignIn:finalize with one mfaPendingCredential and one phoneVerificationInfo sent to the server at \
        once: exactly one signs in, the other is refused, in each of \(doorMultiFactorRounds) rounds
        """, requires: [.flow(.multiFactor), .flow(.password)]
    ) { context in
        let (app, door) = try await context.launchAppWithDoor()
        try await context.multiFactorUser(on: app.client)
        var broken: [String] = []
        for round in 1...doorMultiFactorRounds {
            let (_, resolver) = try await context.expectSecondFactorRequired(.ada, on: app.client)
            let verificationID = try await context.requestCode(for: resolver.hints[0], of: resolver, on: app.client)
            let code = try context.latestCode(sentTo: PhoneNumbers.us)
            let request = DoorRequest(
                .finalizeSignIn,
                .object([
                    "mfaPendingCredential": .string(resolver.session.rawValue),
                    "phoneVerificationInfo": .object(["sessionInfo": .string(verificationID), "code": .string(code)]),
                ]))
            if let pair = try await sendTwiceAtOnce(
                request, on: door,
                what: "mfaSignIn:finalize of ada's pending sign-in \(round) with the code of \(PhoneNumbers.us)",
                label: "round \(round), ada's pending sign-in", both: "signed in with one pending credential",
                neither: "signed in",
                expected: "HTTP 400 (INVALID_MFA_PENDING_CREDENTIAL, SESSION_EXPIRED or INVALID_SESSION_INFO) and no "
                    + "session")
            {
                broken.append(pair)
            }
        }
        try expect(
            broken.isEmpty,
            "of two mfaSignIn:finalize of one pending sign-in at once at the server, not exactly one signed in in "
                + "\(broken.count) of \(doorMultiFactorRounds) rounds",
            expected: "one sign-in per pending credential, the other refused", actual: broken.joined(separator: "; "))
    }
}
