import ConformanceKit
import Foundation
import MockIdP
import ReferenceTestSupport
import Synchronization
import Testing

/// What a check cannot see it does not judge: a classic-style SDK (``ClassicAuth``: a class with a lock, Dispatch
/// queues, completion handlers) whose calls reach its backend directly leaves the checks of calls in flight not judged,
/// saying how to offer the seam, and no rule passes on them; routed through the world's network, the same checks catch
/// its races every run. The races a check can always catch, through its own listener, are caught every run either way.
/// Each race runs 20 times in the long version (``LongTests``), 5 in `swift test`.
@Suite("Seams: not judged without one, caught every run with one")
struct SeamTests {
    /// How many times each race runs.
    static let runs = LongTests.inFull ? 20 : 5

    /// The checks that hold a call of the client in flight at the world's network.
    static let inFlight: [CheckID] = [
        "AUTH-3/sign-out-during-refresh", "AUTH-3/sign-out-refresh-answer-held", "AUTH-6/sign-out-during-sign-in",
        "AUTH-6/listener-added-during-sign-in", "PHONE-7/two-sign-ins-answer-held",
        "PHONE-8/expiry-judged-when-handled",
    ]

    /// Each race over the world's network, the check that catches it, and how: the listener a sign-in never tells is
    /// waited for until nothing moves (for a subject off the check's tasks, the quiet limit, short here: the verdict is
    /// a failure however soon it comes).
    static let races: [(ClassicBugs, CheckID, CheckResult.Failure.Kind, Duration)] = [
        (.refreshBringsUserBack, "AUTH-3/sign-out-during-refresh", .assertion, .seconds(3)),
        (.listenersCapturedAtStart, "AUTH-6/listener-added-during-sign-in", .hang, .milliseconds(100)),
        (.expiryJudgedAtClientStamp, "PHONE-8/expiry-judged-when-handled", .assertion, .seconds(3)),
    ]

    /// Each race a check catches through its own listener, and the check that catches it, how.
    static let listenerRaces: [(ClassicBugs, CheckID, ConformanceStatus)] = [
        (.listenersOnConcurrentQueue, "AUTH-6/one-call-at-a-time", .fail),
        (.signInHeardTwice, "AUTH-9/each-change-heard-once", .warn),
        (.keychainWrittenOnListenerQueue, "PHONE-18/relaunch-signed-in", .fail),
    ]

    @Test("called directly, the checks of calls in flight are not judged, say how to offer the seam, and pass no rule")
    func directIsNotJudged() async throws {
        let results = try await Self.results(of: Self.inFlight, against: ClassicSubject(.direct, bugs: .races))
        #expect(results.map(\.id).sorted() == Self.inFlight.sorted())
        for result in results {
            #expect(result.status == .notJudged, "\(result.id): \(result.status)")
            #expect(result.message?.contains("throughWorldNetwork(of: world, from: device)") == true, "\(result.id)")
        }
        for (rule, checks) in Dictionary(grouping: results, by: \.id.rule) {
            let judged = RuleResult(rule: RuleCatalogue.all.first { $0.id == rule }!, checks: checks)
            #expect(judged.status == .notJudged, "\(rule)")
        }
    }

    @Test(
        """
        over the world's network, each race is caught in every run (20 in the long version), and the conforming SDK \
        passes
        """)
    func racesCaughtOverTheNetwork() async throws {
        for (bug, check, kind, watchdog) in Self.races {
            for run in 1...Self.runs {
                let result = try await Self.results(
                    of: [check], against: ClassicSubject(.worldNetwork, bugs: bug), watchdog: watchdog)
                #expect(result.map(\.status) == [.fail], "run \(run): \(check): \(result.map(\.summary))")
                #expect(result.first?.failure?.kind == kind, "run \(run): \(check): \(result.map(\.summary))")
            }
        }
        let conforming = try await Self.results(of: Self.inFlight, against: ClassicSubject(.worldNetwork))
        #expect(
            conforming.allSatisfy { $0.status == .pass }, "\(conforming.filter { $0.status != .pass }.map(\.summary))")
    }

    @Test(
        """
        the races a check catches through its own listener are caught in every run (20 in the long version), either \
        transport
        """)
    func listenerRacesCaught() async throws {
        for (bug, check, status) in Self.listenerRaces {
            for run in 1...Self.runs {
                let transport: ClassicTransport = run.isMultiple(of: 2) ? .direct : .worldNetwork
                let result = try await Self.results(of: [check], against: ClassicSubject(transport, bugs: bug))
                #expect(result.map(\.status) == [status], "run \(run): \(check): \(result.map(\.summary))")
            }
        }
    }

    @Test("the conforming classic SDK passes the checks of its own listener (its serial queue held until it gives way)")
    func conformingListenerPasses() async throws {
        let results = try await Self.results(
            of: Self.listenerRaces.map(\.1), against: ClassicSubject(.direct), watchdog: .seconds(2))
        #expect(results.count == 3 && results.allSatisfy { $0.status == .pass }, "\(results.map(\.summary))")
    }

    @Test("a client that keeps the system's time leaves the checks that move the server's clock not judged")
    func clientOnSystemTime() async throws {
        var capabilities = Capabilities(flows: [.phone])
        capabilities.clientsRunOnWorldClock = false
        #expect(Requirement.worldClock.isSeam(under: capabilities))
        capabilities.runsOnWorldClock = false
        #expect(!Requirement.worldClock.isSeam(under: capabilities), "a server that keeps real time: not applicable")
        let results = try await Self.results(
            of: ["PHONE-8/exact-lifetime", "PHONE-18/sign-out-then-sign-in"],
            against: Misdeclared(classic: ClassicSubject(.worldNetwork)) { $0.clientsRunOnWorldClock = false })
        #expect(results.count == 2 && results.allSatisfy { $0.status == .notJudged }, "\(results.map(\.summary))")
        #expect(results.allSatisfy { $0.message?.contains("clientsRunOnWorldClock") == true })
    }

    @Test(
        "a client that declares the world's network but calls its backend directly fails the checks of calls in flight")
    func declaredNetworkNotUsed() async throws {
        let results = try await Self.results(
            of: [
                "AUTH-3/sign-out-during-refresh", "AUTH-6/sign-out-during-sign-in",
                "AUTH-6/listener-added-during-sign-in",
            ], against: Misdeclared(classic: ClassicSubject(.direct)) { $0.sendsRequestsThroughWorldNetwork = true })
        #expect(results.count == 3 && results.allSatisfy { $0.status == .fail }, "\(results.map(\.summary))")
        #expect(
            results.allSatisfy { $0.message?.contains("without sending a request through the world's network") == true }
        )
    }

    /// Runs the checks `ids` alone against `subject` and returns their results.
    static func results(
        of ids: [CheckID], against subject: some ConformanceSubject, watchdog: Duration = .seconds(3)
    ) async throws -> [CheckResult] {
        let runner = try ConformanceRunner(subject: subject, options: .init(watchdog: watchdog))
        let rules = RuleCatalogue.all.filter { rule in ids.contains { $0.rule == rule.id } }
        let found = Mutex<[CheckResult]>([])
        await runner.run(rules, only: Set(ids)) { _, result in found.withLock { $0.append(result) } }
        return found.withLock { $0 }
    }
}

extension ClassicBugs {
    /// The three races over the world's network.
    static let races: ClassicBugs = [.refreshBringsUserBack, .listenersCapturedAtStart, .expiryJudgedAtClientStamp]
}

extension CheckResult { fileprivate var summary: String { "\(id) \(status): \(message ?? "")" } }

/// The classic SDK declared otherwise than it is.
private struct Misdeclared: ConformanceSubject {
    let classic: ClassicSubject
    let declaring: @Sendable (inout Capabilities) -> Void

    var name: String { "\(classic.name), declared otherwise" }
    var capabilities: Capabilities {
        var capabilities = classic.capabilities
        declaring(&capabilities)
        return capabilities
    }

    func makeBackend(
        configuration: ProjectConfiguration, world: MockIdP.World
    ) async throws(ConfigurationError) -> any AuthBackend {
        try await classic.makeBackend(configuration: configuration, world: world)
    }
}
