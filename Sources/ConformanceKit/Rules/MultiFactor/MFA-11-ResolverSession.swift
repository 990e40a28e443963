import MockIdP

extension Rule {
    public static let mfa11 = Rule(
        "MFA-11", .must, flow: .multiFactor,
        title: "A resolver session belongs to one sign-in attempt and expires",
        statement: "A resolver session belongs to one sign-in attempt: it cannot complete another user's sign-in, and it expires (sessionExpired).",
        source: "Firebase MFA docs, Identity Platform (mfaPendingCredential)",
        checks: [
            Check("one sign-in's session cannot text another user's factor") { context in
                let (mine, theirs, app, _) = try await context.twoPendingSignIns()
                let textsBefore = context.world.sms.inbox(PhoneNumbers.uk).count
                _ = try await expectAuthError(when: "verifyPhoneNumber(with: grace's hint, multiFactorSession: ada's session)") {
                    try await app.client.verifyPhoneNumber(with: theirs.hints[0], multiFactorSession: mine.session)
                }
                try expect(context.world.sms.inbox(PhoneNumbers.uk).count == textsBefore, "grace's number got an SMS through ada's session")
            },
            Check("one sign-in's session cannot be completed with another attempt's code") { context in
                let (mine, theirs, app, otherApp) = try await context.twoPendingSignIns()
                let theirID = try await context.requestCode(for: theirs.hints[0], of: theirs, on: otherApp.client)
                let theirCode = try context.latestCode(sentTo: PhoneNumbers.uk)
                _ = try await expectAuthError(when: "ada's resolveSignIn with the code sent for grace's sign-in") {
                    try await mine.resolveSignIn(with: .phone(verificationID: theirID, verificationCode: theirCode))
                }
                try await context.expectSignedOut(app.client, after: "completing ada's sign-in with grace's code")
            },
            Check("a resolver session used after its lifetime fails with sessionExpired") { context in
                var configuration = ProjectConfiguration.standard
                configuration.multiFactor.pendingSignInLifetime = .seconds(120)
                configuration.phone.codeLifetime = .seconds(600)
                let app = try await context.launchApp(configuration)
                try await context.multiFactorUser(on: app.client)
                let (_, resolver) = try await context.expectSecondFactorRequired(.ada, on: app.client)
                let verificationID = try await context.requestCode(for: resolver.hints[0], of: resolver, on: app.client)
                let code = try context.latestCode(sentTo: PhoneNumbers.us)
                context.world.clock.advance(by: .seconds(121))
                try await expectFailure(.sessionExpired, when: "resolveSignIn 121s after the first factor (session lifetime 120s, code lifetime 600s)") {
                    try await resolver.resolveSignIn(with: .phone(verificationID: verificationID, verificationCode: code))
                }
                try await context.expectSignedOut(app.client, after: "an expired resolver session")
            },
        ])
}

extension CheckContext {
    /// Ada (second factor: US number) and Grace (second factor: UK number) both stopped at their second factor,
    /// on two devices of one project.
    fileprivate func twoPendingSignIns() async throws -> (any MultiFactorResolver, any MultiFactorResolver, LaunchedApp, LaunchedApp) {
        let app = try await launchApp()
        let otherApp = LaunchedApp(backend: app.backend, client: try await launch(app.backend, on: .secondary), device: .secondary)
        try await multiFactorUser(.ada, factors: [PhoneNumbers.us], on: app.client)
        try await multiFactorUser(.grace, factors: [PhoneNumbers.uk], on: otherApp.client)
        let (_, mine) = try await expectSecondFactorRequired(.ada, on: app.client)
        let (_, theirs) = try await expectSecondFactorRequired(.grace, on: otherApp.client)
        return (mine, theirs, app, otherApp)
    }
}
