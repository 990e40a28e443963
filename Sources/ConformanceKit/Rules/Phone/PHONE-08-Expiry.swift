extension Rule {
    public static let phone8 = Rule(
        "PHONE-8", .must, flow: .phone, title: "A code expires at exactly the configured lifetime",
        statement: """
            A code expires: it is good from the moment it is sent until just before the configured lifetime has \
            passed, and at exactly the lifetime it fails with sessionExpired [17051] and signs nobody in. Later \
            attempts keep failing: with sessionExpired, or, once the implementation has forgotten the expired \
            verification, as for a used or unknown one (invalidVerificationID). Wrong attempts do not extend the \
            lifetime. Expiry is judged at the instant the backend handles the sign-in, not when the client started \
            it: a sign-in whose request is still in flight when the lifetime passes fails.
            """, sources: [.firebaseAuthErrorCode(section: "sessionExpired (17051): the SMS code has expired")],
        hint: """
            if this fails, check that the code's expiry is compared with >= on the world's clock when the backend \
            handles the sign-in (not at an instant the client sent), and that a wrong attempt does not reset it
            """,
        checks: [
            Check(
                id: "exact-lifetime",
                """
                a code used at exactly its lifetime fails with sessionExpired, and later with sessionExpired or \
                invalidVerificationID
                """, requires: [.worldClock]
            ) { context in
                let lifetime = ProjectConfiguration.shortCodeLifetime.phone.codeLifetime
                let app = try await context.launchApp(.shortCodeLifetime)
                let verificationID = try await context.requestCode(PhoneNumbers.us, on: app.client)
                let code = try context.latestCode(sentTo: PhoneNumbers.us)
                try context.advanceClock(by: lifetime)
                try await expectFailure(
                    .sessionExpired,
                    when: "signIn exactly \(lifetime.formatted) after the SMS (lifetime \(lifetime.formatted))"
                ) { try await app.client.signIn(with: .phone(verificationID: verificationID, verificationCode: code)) }
                try await context.expectSignedOut(app.client, after: "an expired code")
                for (moment, step) in [
                    ("again at \(lifetime.formatted)", Duration.zero),
                    ("\((lifetime + .seconds(1)).formatted)", .seconds(1)),
                ] {
                    try context.advanceClock(by: step)
                    // invalidVerificationID once the implementation has forgotten the expired verification.
                    try await expectFailure(
                        .sessionExpired, .invalidVerificationID,
                        when:
                            "signIn \(moment) after the SMS (lifetime \(lifetime.formatted)), after its sessionExpired"
                    ) {
                        try await app.client.signIn(
                            with: .phone(verificationID: verificationID, verificationCode: code))
                    }
                }
                try await context.expectSignedOut(app.client, after: "an expired code tried again")
            },
            Check(
                id: "one-second-before", "a code used one second before its lifetime ends still signs in",
                requires: [.worldClock]
            ) { context in
                let lifetime = ProjectConfiguration.shortCodeLifetime.phone.codeLifetime
                let app = try await context.launchApp(.shortCodeLifetime)
                let verificationID = try await context.requestCode(PhoneNumbers.us, on: app.client)
                try context.advanceClock(by: lifetime - .seconds(1))
                try await context.signIn(
                    verificationID, code: try context.latestCode(sentTo: PhoneNumbers.us), on: app.client)
            },
            Check(
                id: "wrong-attempt-no-extension", "a wrong attempt just before the lifetime ends does not extend it",
                requires: [.worldClock]
            ) { context in
                let lifetime = ProjectConfiguration.shortCodeLifetime.phone.codeLifetime
                let app = try await context.launchApp(.shortCodeLifetime)
                let verificationID = try await context.requestCode(PhoneNumbers.us, on: app.client)
                let code = try context.latestCode(sentTo: PhoneNumbers.us)
                let wrongAttempt = lifetime - .seconds(10)
                try context.advanceClock(by: wrongAttempt)
                try await expectFailure(
                    .invalidVerificationCode, when: "signIn with a wrong code \(wrongAttempt.formatted) after the SMS"
                ) {
                    try await app.client.signIn(
                        with: .phone(verificationID: verificationID, verificationCode: wrongCode(for: code)))
                }
                try context.advanceClock(by: lifetime - wrongAttempt)
                try await expectFailure(
                    .sessionExpired,
                    when: """
                        signIn with the right code \(lifetime.formatted) after the SMS, after a wrong attempt at \
                        \(wrongAttempt.formatted)
                        """
                ) { try await app.client.signIn(with: .phone(verificationID: verificationID, verificationCode: code)) }
            }, .phone8RequestInFlight,
        ])
}

extension Check {
    /// PHONE-8 at the backend's instant: the sign-in starts one second before the code's lifetime ends, its first
    /// request to the backend is held in the world's network while the clock passes the lifetime, and then goes on. A
    /// backend that judges expiry when it handles the request refuses it; one that judges it at an instant the client
    /// took when it started (sent along, or its own early look) signs the user in with an expired code.
    ///
    /// What it reaches: a subject whose client sends its backend requests through the world's network
    /// (``Requirement/worldNetwork``) and that keeps the world's time. A subject that sends them another way (over
    /// HTTP, to a server) is not applicable: nothing holds its request in flight. Nor can it reach a wrong instant
    /// taken inside the backend before the request is handled (a queue that stamps requests as they arrive and judges
    /// later): the hold is between the app and its backend.
    static let phone8RequestInFlight = Check(
        id: "expiry-judged-when-handled",
        """
        a sign-in started one second before the code's lifetime ends, whose request is in flight when the lifetime \
        passes, fails with sessionExpired and signs nobody in
        """, requires: [.worldClock, .worldNetwork]
    ) { context in
        let lifetime = ProjectConfiguration.shortCodeLifetime.phone.codeLifetime
        let app = try await context.launchApp(.shortCodeLifetime)
        let verificationID = try await context.requestCode(PhoneNumbers.us, on: app.client)
        let code = try context.latestCode(sentTo: PhoneNumbers.us)
        let started = lifetime - .seconds(1)
        try context.advanceClock(by: started)
        let client = app.client
        let signIn = ConcurrentCall(
            "signIn started \(started.formatted) after the SMS (lifetime \(lifetime.formatted))"
        ) { try await client.signIn(with: .phone(verificationID: verificationID, verificationCode: code)) }
        guard
            let outcome = try await context.holdingFirstRequest(
                of: signIn, while: { try context.advanceClock(by: .seconds(1)) })
        else {
            throw CheckFailure(
                "\(signIn.name) returned without sending its backend a request", expected: "a request in flight",
                actual: "none")
        }
        try await expectFailure(
            .sessionExpired,
            when: """
                \(signIn.name), its request held in flight until \(lifetime.formatted) had passed, then handled
                """
        ) { try outcome.get() }
        try await context.expectSignedOut(
            app.client, after: "a sign-in whose code expired while its request was in flight")
    }
}

extension ProjectConfiguration {
    /// PHONE-8's project: a code lives two minutes; the checks read the lifetime from here.
    fileprivate static let shortCodeLifetime = ProjectConfiguration.standard.with(\.phone.codeLifetime, .seconds(120))
}
