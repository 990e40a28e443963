import MockIdP

extension Rule {
    public static let auth2 = Rule(
        "AUTH-2", .must, flow: .general,
        title: "No call hangs: an outside party that stalls or fails gives networkError in time",
        statement: """
            No call hangs: when an outside party (SMS, email, GitHub, Apple) does not answer or fails, the call fails \
            within the configured timeout (networkError [17020]). Calls made at the same time (two verifications, a \
            sign-in beside a refresh) each complete; none waits forever on another.
            """, sources: [.firebaseAuthErrorCode(section: "networkError (17020)")],
        hint: """
            if this fails, check that every wait on an outside party (SMS, mail, push, identity provider) has a \
            deadline of the configured networkTimeout on the world's clock, that a stall or failure answers \
            networkError, and that a call keeps its own state while in flight, so a second call made meanwhile cannot \
            strand it
            """,
        checks: [
            Check(
                id: "stalled-sms-carrier",
                "a stalled SMS carrier makes verifyPhoneNumber fail with networkError within the timeout",
                requires: [.flow(.phone), .worldClock, .worldParties]
            ) { context in
                let app = try await context.launchApp(.shortNetworkTimeout)
                context.world.sms.set(.stalling)
                try await context.expectTimelyNetworkError(when: "verifyPhoneNumber with the SMS carrier stalled") {
                    try await app.client.verifyPhoneNumber(PhoneNumbers.us)
                }
            },
            Check(
                id: "second-verification-completes",
                "a second verifyPhoneNumber made on the same app while the first waits for its SMS lets both complete",
                requires: [.flow(.phone), .worldParties]
            ) { context in
                let client = try await context.launchApp().client
                let outcomes = try await context.atOnceWithTextsHeld([
                    ConcurrentCall("the first verifyPhoneNumber(\"\(PhoneNumbers.us)\")") {
                        try await client.verifyPhoneNumber(PhoneNumbers.us)
                    },
                    ConcurrentCall("the second verifyPhoneNumber(\"\(PhoneNumbers.us)\")") {
                        try await client.verifyPhoneNumber(PhoneNumbers.us)
                    },
                ])
                try await expectEveryCase(
                    Array(zip(["first", "second"], outcomes)), "verifications made at the same time"
                ) { ordinal, outcome in
                    guard case .failure(let error) = outcome else { return }
                    try expect(
                        error is AuthError,
                        """
                        the \(ordinal) of two verifications made at the same time ended with an error that is not an \
                        AuthError
                        """, expected: "success or an AuthError", actual: describe(error))
                }
            },
            Check(
                id: "failing-sms-carrier", "a failing SMS carrier makes verifyPhoneNumber fail with networkError",
                requires: [.flow(.phone), .worldParties]
            ) { context in
                let app = try await context.launchApp(.shortNetworkTimeout)
                context.world.sms.set(.failing)
                try await expectFailure(.networkError, when: "verifyPhoneNumber with the SMS carrier failing") {
                    try await app.client.verifyPhoneNumber(PhoneNumbers.us)
                }
            },
            Check(
                id: "stalled-mail-server",
                "a stalled mail server makes sendEmailVerification fail with networkError within the timeout",
                requires: [.flow(.multiFactor), .worldClock, .worldParties]
            ) { context in
                let app = try await context.launchApp(.shortNetworkTimeout)
                try await context.signUp(.ada, on: app.client)
                context.world.mail.set(.stalling)
                try await context.expectTimelyNetworkError(when: "sendEmailVerification with the mail server stalled") {
                    try await app.client.sendEmailVerification()
                }
            },
            Check(
                id: "stalled-github-token-endpoint",
                """
                GitHub's token endpoint stalling after the user approved makes credential(with:) fail with \
                networkError within the timeout
                """, requires: [.flow(.oauth), .worldClock]
            ) { context in
                let app = try await context.gitHubAppWithTimeout()
                let github = context.world.github
                context.world.browser.afterNextRedirect { _ in github.set(.stalling) }
                context.world.browser.script(.approve(as: "octocat"))
                try await context.expectTimelyNetworkError(
                    when: "credential(with: github.com) with GitHub's token endpoint stalled"
                ) { try await app.client.credential(with: .github) }
            },
            Check(
                id: "failing-github",
                "GitHub failing after the user approved makes credential(with:) fail with networkError",
                requires: [.flow(.oauth)]
            ) { context in
                let app = try await context.gitHubAppWithTimeout()
                let github = context.world.github
                context.world.browser.afterNextRedirect { _ in github.set(.failing) }
                context.world.browser.script(.approve(as: "octocat"))
                try await expectFailure(
                    .networkError, when: "credential(with: github.com) with GitHub failing at the code exchange"
                ) { try await app.client.credential(with: .github) }
            },
            // Revocation, not sign-in: a backend may verify identity tokens with keys it fetched earlier, but it can
            // revoke only by exchanging the code at Apple.
            Check(
                id: "stalled-apple", "a stalled Apple makes revokeToken fail with networkError within the timeout",
                requires: [.flow(.apple), .worldClock]
            ) { context in
                let (app, code) = try await context.appleUserWithFreshCode()
                context.world.apple.set(.stalling)
                try await context.expectTimelyNetworkError(
                    when: "revokeToken(withAuthorizationCode:) with Apple stalled"
                ) { try await app.client.revokeAppleToken(withAuthorizationCode: code) }
            },
            // A backend's own call to Apple failing reaches a client over the Identity Toolkit wire as the server's
            // answer, which the SDK maps to internalError (only a transport failure is networkError), so the check
            // needs a subject whose backend reaches the world's parties itself, as the SMS carrier's failure does.
            Check(
                id: "failing-apple", "a failing Apple makes revokeToken fail with networkError",
                requires: [.flow(.apple), .worldParties]
            ) { context in
                let (app, code) = try await context.appleUserWithFreshCode()
                context.world.apple.set(.failing)
                try await expectFailure(.networkError, when: "revokeToken(withAuthorizationCode:) with Apple failing") {
                    try await app.client.revokeAppleToken(withAuthorizationCode: code)
                }
            },
        ])
}

extension CheckContext {
    /// The app of a project with a 20-second network timeout and GitHub set up.
    fileprivate func gitHubAppWithTimeout() async throws -> LaunchedApp {
        try await launchGitHubApp(.shortNetworkTimeout)
    }

    /// Alice signed in with Apple in a project with a 20-second network timeout, and a fresh authorization code.
    fileprivate func appleUserWithFreshCode() async throws -> (LaunchedApp, String) {
        try setUpApple()
        let app = try await launchApp(.shortNetworkTimeout)
        try await signInWithApple(as: AppleAccounts.alice, on: app.client)
        return (app, try await appleAuthorization(as: AppleAccounts.alice, on: app.client).authorizationCode)
    }

    /// Runs `call` against a stalled party: it must fail with `networkError` within the project's timeout of virtual
    /// time (the stalled party moves time to each deadline the subject sets, so the time is exact), and must not
    /// still be waiting when the party's stall budget runs out.
    fileprivate func expectTimelyNetworkError<T: Sendable>(
        when action: String, _ call: @escaping @Sendable () async throws -> T
    ) async throws {
        let timeout = ProjectConfiguration.shortNetworkTimeout.networkTimeout
        let start = world.clock.now
        let stalls = world.stalls
        let outcome: Result<T, any Error>? = await waiting(for: "\(action) to give up") {
            await firstFinished([
                { do { return .success(try await call()) } catch { return .failure(error) } },
                {
                    await stalls.waitForExhaustion()
                    return nil
                },
            ])
        }
        let elapsed = start.duration(to: world.clock.now)
        guard let outcome else {
            throw CheckFailure(
                "\(action) was still waiting when the stalled party gave up",
                expected: "networkError within \(timeout.formatted) of virtual time",
                actual: "still waiting after \(stalls.budget.formatted) of virtual time")
        }
        try await expectFailure(.networkError, when: action) { try outcome.get() }
        try expect(
            elapsed <= timeout, "\(action) gave up later than the configured timeout",
            expected: "networkError within \(timeout.formatted) of virtual time",
            actual: "networkError after \(elapsed.formatted) of virtual time")
    }
}

extension ProjectConfiguration {
    /// AUTH-2's project: a call gives up on an outside party after 20 seconds.
    fileprivate static let shortNetworkTimeout = ProjectConfiguration.standard.with(\.networkTimeout, .seconds(20))
}
