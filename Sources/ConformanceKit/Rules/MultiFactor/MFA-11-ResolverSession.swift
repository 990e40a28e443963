import MockIdP

extension Rule {
    public static let mfa11 = Rule(
        "MFA-11", .must, flow: .multiFactor,
        title: "A resolver session belongs to one sign-in, takes only its own codes, is used once and expires",
        statement: """
            A resolver session belongs to one sign-in attempt: it cannot complete another user's sign-in, it can be \
            completed only with a verification made for it (never with one made for a first-factor phone sign-in or \
            for any enrollment, the user's own or another's), it is used up once it has completed a sign-in, a session \
            the backend did not issue (forged or altered) completes nothing, and it expires (sessionExpired) a fixed \
            time after the first factor succeeded; sending the second-factor SMS does not extend it.
            """,
        sources: [
            .firebaseMultiFactor(section: "Signing users in with a second factor: resolver.session"),
            .identityToolkitFinalizeMFASignIn(
                section: "mfaPendingCredential: the pending credential from the first factor sign-in"),
        ],
        hint: """
            if this fails, check that the pending credential is bound to one user and one attempt, accepts only \
            verifications started with it, is used up by a sign-in, is looked up among the sign-ins the backend \
            started (never read as a user ID), and expires a fixed time after the first factor, not after the SMS
            """,
        checks: [
            Check(id: "other-users-factor", "one sign-in's session cannot text another user's factor") { context in
                let (mine, theirs, app, _) = try await context.twoPendingSignIns()
                _ = context.world.outbound.readAllSMS(to: PhoneNumbers.uk)
                _ = try await expectAuthError(
                    when: "verifyPhoneNumber(with: grace's hint, multiFactorSession: ada's session)"
                ) { try await app.client.verifyPhoneNumber(with: theirs.hints[0], multiFactorSession: mine.session) }
                let texts = context.world.outbound.readAllSMS(to: PhoneNumbers.uk)
                try expect(
                    texts.isEmpty, "grace's number got SMS through ada's session",
                    expected: "no SMS to \(PhoneNumbers.uk)",
                    actual: texts.map(\.text.debugDescription).joined(separator: "; "))
            },
            Check(id: "other-attempts-code", "one sign-in's session cannot be completed with another attempt's code") {
                context in
                let (mine, theirs, app, otherApp) = try await context.twoPendingSignIns()
                let theirID = try await context.requestCode(for: theirs.hints[0], of: theirs, on: otherApp.client)
                let theirCode = try context.latestCode(sentTo: PhoneNumbers.uk)
                try await context.expectResolveRefused(
                    mine, with: (theirID, theirCode), on: app.client, because: "the code was sent for grace's sign-in")
            },
            Check(
                id: "first-factor-code",
                "a session cannot be completed with a first-factor phone sign-in code for the factor's number"
            ) { context in
                let (app, resolver) = try await context.pendingSignIn()
                let stranger = try await context.launch(app.backend, on: .secondary)
                let firstFactorID = try await context.requestCode(PhoneNumbers.us, on: stranger)
                let code = try context.latestCode(sentTo: PhoneNumbers.us)
                try await context.expectResolveRefused(
                    resolver, with: (firstFactorID, code), on: app.client,
                    because: "the code was sent for a first-factor phone sign-in of \(PhoneNumbers.us)")
            },
            Check(
                id: "other-users-enrollment-code",
                "a session cannot be completed with another user's enrollment code for the same number"
            ) { context in
                let (app, resolver) = try await context.pendingSignIn()
                let grace = try await context.launch(app.backend, on: .secondary)
                try await context.signUpVerified(.grace, on: grace)
                let session = try await expectSuccess("grace's multiFactorSession()") {
                    try await grace.multiFactorSession()
                }
                let enrollmentID = try await expectSuccess(
                    "grace's verifyPhoneNumber(\"\(PhoneNumbers.us)\", multiFactorSession:)"
                ) { try await grace.verifyPhoneNumber(PhoneNumbers.us, multiFactorSession: session) }
                let code = try context.latestCode(sentTo: PhoneNumbers.us)
                try await context.expectResolveRefused(
                    resolver, with: (enrollmentID, code), on: app.client,
                    because: "the code was sent for grace's enrollment of \(PhoneNumbers.us)")
            },
            Check(id: "own-enrollment-code", "a session cannot be completed with the user's own enrollment code") {
                context in
                let (app, resolver) = try await context.pendingSignIn()
                let other = try await context.launch(app.backend, on: .secondary)
                let (_, otherResolver) = try await context.expectSecondFactorRequired(.ada, on: other)
                let otherID = try await context.requestCode(for: otherResolver.hints[0], of: otherResolver, on: other)
                try await expectSuccess("resolveSignIn on the second device") {
                    try await otherResolver.resolveSignIn(
                        with: .phone(
                            verificationID: otherID, verificationCode: try context.latestCode(sentTo: PhoneNumbers.us)))
                }
                let session = try await expectSuccess("multiFactorSession() on the second device") {
                    try await other.multiFactorSession()
                }
                let enrollmentID = try await expectSuccess(
                    "verifyPhoneNumber(\"\(PhoneNumbers.uk)\", multiFactorSession:) on the second device"
                ) { try await other.verifyPhoneNumber(PhoneNumbers.uk, multiFactorSession: session) }
                let code = try context.latestCode(sentTo: PhoneNumbers.uk)
                try await context.expectResolveRefused(
                    resolver, with: (enrollmentID, code), on: app.client,
                    because: "the code was sent for ada's own enrollment of \(PhoneNumbers.uk)")
            },
            Check(id: "completed-session-reused", "a session that completed a sign-in cannot complete another") {
                context in
                let (app, resolver) = try await context.pendingSignIn()
                let firstID = try await context.requestCode(for: resolver.hints[0], of: resolver, on: app.client)
                try await expectSuccess("resolveSignIn(with: the code from the SMS)") {
                    try await resolver.resolveSignIn(
                        with: .phone(
                            verificationID: firstID, verificationCode: try context.latestCode(sentTo: PhoneNumbers.us)))
                }
                try await expectSuccess("signOut()") { try await app.client.signOut() }
                do {
                    let againID = try await app.client.verifyPhoneNumber(
                        with: resolver.hints[0], multiFactorSession: resolver.session)
                    try await context.expectResolveRefused(
                        resolver, with: (againID, try context.latestCode(sentTo: PhoneNumbers.us)), on: app.client,
                        because: "the session already completed a sign-in")
                } catch is AuthError {
                    try await context.expectSignedOut(app.client, after: "reusing a session that completed a sign-in")
                }
            },
            Check(
                id: "forged-pending-credential",
                """
                a pending credential forged from another user's, or altered, completes nothing, even with the factor's \
                code
                """
            ) { context in
                let app = try await context.launchApp()
                let ada = try await context.signUpVerified(.ada, on: app.client)
                let adasFactor = try await context.enroll(PhoneNumbers.us, displayName: "Phone 1", on: app.client)
                try await expectSuccess("signOut()") { try await app.client.signOut() }
                let grace = try await context.signUpVerified(.grace, on: app.client)
                try await context.enroll(PhoneNumbers.uk, displayName: "Phone 1", on: app.client)
                try await expectSuccess("signOut()") { try await app.client.signOut() }
                let (_, gracesResolver) = try await context.expectSecondFactorRequired(.grace, on: app.client)
                // The attacker holds ada's phone (the world's SMS inbox) and grace's password, not ada's password.
                let forgeries = UserForgery.forgeries(
                    of: gracesResolver.session.rawValue, naming: ada.uid, insteadOf: grace.uid)
                try await expectEveryCase(forgeries, "forged pending credentials") { forgery, forged in
                    _ = context.world.outbound.readAllSMS(to: PhoneNumbers.us)
                    guard
                        let verificationID = try? await app.client.verifyPhoneNumber(
                            with: adasFactor, multiFactorSession: MultiFactorSession(forged)),
                        !context.world.outbound.readAllSMS(to: PhoneNumbers.us).isEmpty
                    else { return }
                    let code = try context.latestCode(sentTo: PhoneNumbers.us)
                    let door = try context.accounts(of: app.backend)
                    _ = try await expectAuthError(
                        when: """
                            mfaSignIn:finalize with a pending credential the backend did not issue (\(forgery)) and \
                            the code sent to ada's factor
                            """
                    ) {
                        let minted = try await door.finalizeSecondFactor(
                            pendingCredential: forged,
                            assertion: .phone(verificationID: verificationID, verificationCode: code))
                        return (try? await app.backend.verifyIDToken(minted.idToken)).map {
                            "an ID token for \($0.uid)"
                        } ?? "tokens"
                    }
                }
                try await context.expectSignedOut(app.client, after: "the forged pending credentials")
            },
            Check(
                id: "expired-session", "a session used after its lifetime fails with sessionExpired",
                requires: [.worldClock]
            ) { context in
                let (app, resolver) = try await context.pendingSignIn(.shortResolverSession)
                let verificationID = try await context.requestCode(for: resolver.hints[0], of: resolver, on: app.client)
                let code = try context.latestCode(sentTo: PhoneNumbers.us)
                try context.advanceClock(by: .seconds(121))
                try await expectFailure(
                    .sessionExpired,
                    when: "resolveSignIn 121s after the first factor (session lifetime 120s, code lifetime 600s)"
                ) {
                    try await resolver.resolveSignIn(
                        with: .phone(verificationID: verificationID, verificationCode: code))
                }
                try await context.expectSignedOut(app.client, after: "an expired resolver session")
            },
            Check(
                id: "late-sms-no-extension", "sending the second-factor SMS late does not extend the session",
                requires: [.worldClock]
            ) { context in
                let (app, resolver) = try await context.pendingSignIn(.shortResolverSession)
                try context.advanceClock(by: .seconds(110))
                let verificationID = try await context.requestCode(for: resolver.hints[0], of: resolver, on: app.client)
                let code = try context.latestCode(sentTo: PhoneNumbers.us)
                try context.advanceClock(by: .seconds(11))
                try await expectFailure(
                    .sessionExpired,
                    when: "resolveSignIn 121s after the first factor, 11s after the SMS (session lifetime 120s)"
                ) {
                    try await resolver.resolveSignIn(
                        with: .phone(verificationID: verificationID, verificationCode: code))
                }
                try await context.expectSignedOut(app.client, after: "an expired resolver session")
            }, .mfa11AnswerHeld, .doorPendingCredentialTwiceAtOnce,
        ])
}

extension ProjectConfiguration {
    /// MFA-11's project: a resolver's session lives two minutes, its SMS code longer, so only the session can expire.
    fileprivate static let shortResolverSession = ProjectConfiguration.standard.with(
        \.multiFactor.pendingSignInLifetime, .seconds(120)
    ).with(\.phone.codeLifetime, .seconds(600))
}

extension CheckContext {
    /// Ada (second factor: US number) and Grace (second factor: UK number) both stopped at their second factor,
    /// on two devices of one project.
    fileprivate func twoPendingSignIns(
        filePath: String = #filePath, line: Int = #line
    ) async throws -> (any MultiFactorResolver, any MultiFactorResolver, LaunchedApp, LaunchedApp) {
        let app = try await launchApp(filePath: filePath, line: line)
        let otherApp = LaunchedApp(
            backend: app.backend, client: try await launch(app.backend, on: .secondary, filePath: filePath, line: line),
            device: .secondary)
        try await multiFactorUser(.ada, factors: [PhoneNumbers.us], on: app.client, filePath: filePath, line: line)
        try await multiFactorUser(
            .grace, factors: [PhoneNumbers.uk], on: otherApp.client, filePath: filePath, line: line)
        let (_, mine) = try await expectSecondFactorRequired(.ada, on: app.client, filePath: filePath, line: line)
        let (_, theirs) = try await expectSecondFactorRequired(
            .grace, on: otherApp.client, filePath: filePath, line: line)
        return (mine, theirs, app, otherApp)
    }

    /// `resolver` must refuse the verification and sign nobody in on `client`.
    fileprivate func expectResolveRefused(
        _ resolver: any MultiFactorResolver, with verification: (id: String, code: String), on client: any AuthClient,
        because reason: String, filePath: String = #filePath, line: Int = #line
    ) async throws {
        _ = try await expectAuthError(
            when: "resolveSignIn with a verification not made for this session (\(reason))", filePath: filePath,
            line: line
        ) {
            try await resolver.resolveSignIn(
                with: .phone(verificationID: verification.id, verificationCode: verification.code))
        }
        try await expectSignedOut(
            client, after: "resolveSignIn with a verification not made for this session (\(reason))",
            filePath: filePath, line: line)
    }
}
