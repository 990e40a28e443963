import ConformanceKit
import Foundation
import MockIdP
import ReferenceAuth
import ReferenceTestSupport
import Synchronization
import Testing

/// Conforming implementations differ where the rules leave room. Each variation of the reference is one such
/// difference that once made a check fail a conforming subject; the whole catalogue must pass with it. The long
/// version runs each against the whole catalogue (``LongTests``); `swift test` against every fourth rule, which quarter
/// by the variation's place, so that each rule meets a quarter of the variations.
@Suite("Conforming variations of the reference pass the whole catalogue")
struct VariationTests {
    @Test("Variation", arguments: Variation.allCases)
    func passes(_ variation: Variation) async throws {
        // Listeners called on a queue of the subject's own wait behind the call AUTH-6's check holds until the hold
        // gives way at the quiet limit: the defects' short one keeps the run quick.
        let options: ConformanceRunner.Options = variation == .asynchronousListeners ? .forDefects : .init()
        let place = try #require(Variation.allCases.firstIndex(of: variation))
        let report = await (try ConformanceRunner(subject: ReferenceSubject(variations: [variation]), options: options))
            .run(LongTests.slice(RuleCatalogue.all, part: place, of: 4))
        let problems = report.results.filter { $0.status == .fail || $0.status == .warn }
        #expect(problems.isEmpty, "\(variation): \(problems.map(\.summary).joined(separator: "\n\n"))")
    }

    @Test(
        """
        a subject that keeps real time: its enrollment dates compare with real time, and time-moving checks do not \
        apply
        """)
    func realTime() async throws {
        let runner = try ConformanceRunner(subject: ReferenceSubject(variations: [.realTimeTimestamps]))
        #expect(await runner.run(Rule.mfa3).status == .pass)
        #expect(await runner.run(Rule.phone8).status == .notApplicable)
    }

    @Test(
        "an ID-token verifier on the system clock: only AUTH-4's checks of an expired token do not apply, and say why")
    func idTokensOnSystemClock() async throws {
        let result = await
            (try ConformanceRunner(subject: ReferenceSubject(variations: [.idTokenVerifierOnSystemClock]))).run(
                Rule.auth4)
        #expect(result.status == .pass, "\(result.summary)")
        let notApplicable = result.checks.filter { $0.status == .notApplicable }
        #expect(
            notApplicable.map(\.id) == [
                "AUTH-4/expired-token-refused", "AUTH-4/account-calls-expired", "AUTH-4/door-expired-token-first-step",
            ])
        #expect(notApplicable.allSatisfy { $0.message?.contains("system clock") == true })
    }

    @Test(
        """
        an asynchronous notifier whose enrollment notifies nobody is caught: its late registration call is not taken \
        for the notification
        """)
    func asynchronousListenerFalsePass() async throws {
        let subject = ReferenceSubject(defects: [.enrollmentNotifiesNobody], variations: [.asynchronousListeners])
        let result = await (try ConformanceRunner(subject: subject, options: .init(watchdog: .seconds(10)))).run(
            Rule.mfa5)
        #expect(result.status == .fail)
        #expect(
            result.summary.contains(
                "while waiting for the ID-token listener to hear the token change of the enrollment"))
    }

    /// The AUTH-4 checks that forge the genuine token (their outcome depends on how its signature is spelt); the rest
    /// of AUTH-4 passes with either variation in the whole catalogue (``passes(_:)``).
    static let forgingChecks: Set<CheckID> = [
        "AUTH-4/tampered-tokens-refused", "AUTH-4/account-calls-forged", "AUTH-4/door-edited-token-first-step",
        "AUTH-4/door-edited-token-phone-user",
    ]

    /// The worlds ``base64URLVerifiers(_:)`` runs, seeds 1 through this.
    static let worlds: UInt64 = 50

    @Test(
        """
        AUTH-4's forging checks pass against a verifier that refuses non-canonical base64url and one that reads it \
        leniently, in 50 worlds each: no forgery is the genuine token spelt otherwise
        """, arguments: [Variation.refusesNonCanonicalBase64URL, .acceptsNonCanonicalBase64URL])
    func base64URLVerifiers(_ variation: Variation) async throws {
        #expect(Self.forgingChecks.isSubset(of: Rule.auth4.checks.map(\.id)))
        // Each world's seed gives the project another signing key, so the signatures end in every character: the
        // count is the point here. An HMAC-SHA256 signature is 32 bytes, so its last base64url digit carries 4 bits and
        // is one of 16; the worlds of seeds 1...50 forge about 100 genuine tokens between them, which ended in all 16
        // when the count was chosen (200 worlds took four times as long for no ending more).
        let failures = Mutex<[String]>([])
        let heard = Mutex(0)
        // The worlds run at once (their checks share the machine's slots), each with its own seed.
        _ = await Array(1...Self.worlds).concurrentMap { seed in
            let runner = try! ConformanceRunner(
                subject: ReferenceSubject(variations: [variation]), options: .init(seed: seed))
            await runner.run([Rule.auth4], only: Self.forgingChecks) { id, result in
                heard.withLock { $0 += 1 }
                guard result.status != .pass else { return }
                failures.withLock { $0.append("seed \(seed): \(id) \(result.status): \(result.message ?? "")") }
            }
        }
        let failed = failures.withLock { $0 }
        #expect(heard.withLock { $0 } == Int(Self.worlds) * Self.forgingChecks.count)
        #expect(
            failed.isEmpty, "\(variation): \(failed.count) checks in \(Self.worlds) worlds failed: \(failed.prefix(3))")
    }

    @Test(
        """
        a validator that is exactly ^\\+[1-9]\\d{1,14}$ accepts +44 and refuses +1, too short either way, and passes \
        PHONE-1 and MFA-4 with no declaration
        """)
    func commonE164Pattern() async throws {
        let subject = ReferenceSubject(variations: [.commonE164Pattern])
        let runner = try ConformanceRunner(subject: subject)
        for rule in [Rule.phone1, .mfa4] {
            let result = await runner.run(rule)
            #expect(result.status == .pass, "\(result.summary)")
        }
        let world = World()
        let backend = try await subject.makeBackend(configuration: .standard, world: world)
        let client = try await backend.makeClient(on: .primary)
        world.devices.install(ForwardingApp(client: client), on: .primary)
        let phone = try #require(client.phone)
        _ = try await phone.verifyPhoneNumber("+44")
        #expect(world.outbound.latestSMS(to: "+44") != nil, "+44 was accepted but got no SMS")
        let refused = await #expect(throws: AuthError.self) { try await phone.verifyPhoneNumber("+1") }
        #expect(refused?.code == .invalidPhoneNumber)
    }

    @Test(
        """
        isSignIn that refuses the links both SDKs accept only through their parsers (a wrapped link read only as a \
        URL, an escaped parameter name) passes LINK-5
        """)
    func refusesLinksOnlyParserQuirksAccept() async throws {
        let subject = ReferenceSubject(variations: [.refusesLinksOnlyParserQuirksAccept])
        let result = await (try ConformanceRunner(subject: subject)).run(Rule.link5)
        #expect(result.status == .pass, "\(result.summary)")
        let backend = try await subject.makeBackend(configuration: .standard, world: World())
        let links = try #require(try await backend.makeClient(on: .primary).emailLink)
        let quirky: Set = [
            "percent-encoded-parameter-name", "dynamic-link-inner-query-after-fragment",
            "deep-link-id-inner-query-after-fragment", "dynamic-link-inner-space-in-host",
        ]
        let cases = try Fixture<String>.load("email-link", "links").cases.filter { quirky.contains($0.id) }
        #expect(cases.count == quirky.count)
        for fixtureCase in cases {
            #expect(fixtureCase.expectation == .implementationDefined, "\(fixtureCase.id)")
            #expect(await !links.isSignIn(withEmailLink: fixtureCase.input), "\(fixtureCase.id)")
        }
    }
}

/// Forwards the device's pushes and URLs to the client, as the checks' app delegate does.
private struct ForwardingApp: DeviceApp {
    let client: any AuthClient
    func didReceiveRemoteNotification(_ userInfo: [String: String]) async -> Bool {
        await client.canHandleNotification(userInfo)
    }
    func open(_ url: URL) async -> Bool { await client.canHandle(url) }
}
