import MockIdP

extension Rule {
    public static let auth2 = Rule(
        "AUTH-2", .must, flow: .general,
        title: "No call hangs: an outside party that stalls or fails gives networkError in time",
        statement: """
            No call hangs: when an outside party (SMS, email, GitHub, Apple) does not answer or fails, the call fails within \
            the configured timeout (networkError [17020]).
            """,
        source: "iOS SDK (networkError)",
        checks: [
            Check("a stalled SMS carrier makes verifyPhoneNumber fail with networkError within the timeout") { context in
                guard context.capabilities.flows.contains(.phone) else { throw NotApplicable("the subject does not declare the phone flow") }
                var configuration = ProjectConfiguration.standard
                configuration.networkTimeout = .seconds(20)
                let app = try await context.launchApp(configuration)
                context.world.sms.set(.stalling)
                let start = context.world.clock.now
                let client = app.client
                let outcome: Result<String, any Error>? = await firstFinished([
                    { do { return .success(try await client.verifyPhoneNumber(PhoneNumbers.us)) } catch { return .failure(error) } },
                    { await context.world.stalls.waitForExhaustion(); return nil },
                ])
                let elapsed = start.duration(to: context.world.clock.now)
                guard let outcome else {
                    throw CheckFailure("verifyPhoneNumber was still waiting for the stalled SMS carrier after \(context.world.stalls.budget) of virtual time (timeout \(configuration.networkTimeout))")
                }
                try await expectFailure(.networkError, when: "verifyPhoneNumber with the SMS carrier stalled") { try outcome.get() }
                try expect(
                    elapsed <= configuration.networkTimeout + .seconds(10),
                    "verifyPhoneNumber gave up after \(elapsed) of virtual time; the configured timeout is \(configuration.networkTimeout)")
            },
            Check("a failing SMS carrier makes verifyPhoneNumber fail with networkError") { context in
                guard context.capabilities.flows.contains(.phone) else { throw NotApplicable("the subject does not declare the phone flow") }
                let app = try await context.launchApp()
                context.world.sms.set(.failing)
                try await expectFailure(.networkError, when: "verifyPhoneNumber with the SMS carrier failing") {
                    try await app.client.verifyPhoneNumber(PhoneNumbers.us)
                }
            },
        ])
}
