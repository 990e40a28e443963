import ConformanceKit
import Foundation
import MockIdP
import ReferenceTestSupport
import Synchronization
import Testing

/// A subject whose backend does not come until the test opens the gate, and that ignores cancellation:
/// the runner must fail its checks instead of hanging.
private struct HangingSubject: ConformanceSubject {
    let gate = Gate()
    var name: String { "Hanging" }
    var capabilities: Capabilities { Capabilities(flows: [.phone]) }

    func makeBackend(
        configuration: ProjectConfiguration, world: World
    ) async throws(ConfigurationError) -> any AuthBackend {
        await gate.wait()
        throw .stub
    }
}

private final class Gate: Sendable {
    private let waiters = Mutex<[CheckedContinuation<Void, Never>]>([])

    func wait() async { await withCheckedContinuation { continuation in waiters.withLock { $0.append(continuation) } } }

    func open() { for waiter in waiters.withLock({ $0 }) { waiter.resume() } }
}

/// A subject that declares no flow at all.
private struct EmptySubject: ConformanceSubject {
    var name: String { "Empty" }
    var capabilities: Capabilities { Capabilities(flows: []) }

    func makeBackend(
        configuration: ProjectConfiguration, world: World
    ) async throws(ConfigurationError) -> any AuthBackend { throw .stub }
}

@Suite("The runner")
struct RunnerTests {
    @Test(
        "a subject that works outside the check's tasks and hangs fails by the quiet limit instead of hanging the run")
    func watchdog() async throws {
        let subject = HangingSubject()
        defer { subject.gate.open() }
        let runner = try ConformanceRunner(subject: subject, options: .init(watchdog: .milliseconds(200)))
        let result = await runner.run(Rule.phone2)
        #expect(result.status == .fail)
        #expect(
            result.checks.first?.message?.contains(
                """
                did not launch an app for the standard project: nothing moved for 0.2 seconds of real time while \
                waiting for makeBackend and makeClient
                """) == true)
        #expect(result.checks.first?.failure?.kind == .adapterError)
    }

    @Test("rules of flows the subject does not declare are not applicable")
    func notApplicable() async throws {
        let report = await (try ConformanceRunner(subject: EmptySubject())).run()
        #expect(report.results.count == RuleCatalogue.all.count)
        #expect(report.results.allSatisfy { $0.status == .notApplicable })
        #expect(report.failedMustRules.isEmpty)
    }

    @Test("a watchdog that is not positive is refused")
    func badOptions() {
        #expect(throws: ConformanceRunner.OptionsError.self) {
            try ConformanceRunner(subject: EmptySubject(), options: .init(watchdog: .zero))
        }
    }

    @Test("the JSON report has the documented shape")
    func jsonShape() throws {
        let report = ConformanceReport(
            subject: "S",
            results: [
                RuleResult(
                    rule: Rule.phone2, checks: [CheckResult(id: "PHONE-2/c", name: "c", status: .fail, message: "m")])
            ], durationSeconds: 0.25)
        let json = try #require(try JSONSerialization.jsonObject(with: JSONEncoder().encode(report)) as? [String: Any])
        #expect(json["subject"] as? String == "S")
        #expect(json["durationSeconds"] as? Double == 0.25)
        let result = try #require((json["results"] as? [[String: Any]])?.first)
        #expect(result["rule"] as? String == "PHONE-2")
        #expect(result["level"] as? String == "MUST")
        #expect(result["status"] as? String == "fail")
        let check = try #require((result["checks"] as? [[String: Any]])?.first)
        #expect(
            check["name"] as? String == "c" && check["status"] as? String == "fail"
                && check["message"] as? String == "m")
        #expect(result["hint"] as? String == Rule.phone2.hint)
        let sources = try #require(result["sources"] as? [[String: Any]])
        #expect(sources.count == Rule.phone2.sources.count)
        let first = try #require(sources.first)
        #expect(first["title"] as? String == Rule.phone2.sources[0].title)
        #expect(first["url"] as? String == Rule.phone2.sources[0].url.absoluteString)
        #expect(first["section"] as? String == Rule.phone2.sources[0].section)
    }
}

@Suite("What the runner measures for reports")
struct RunnerMeasurementTests {
    @Test("a check that ran has its real duration; one that did not apply has none")
    func durations() async throws {
        let runner = try ConformanceRunner(subject: SteadySubject())
        let ran = await runner.run(backendRule)
        #expect(ran.checks.count == 1 && ran.checks.allSatisfy { ($0.durationSeconds ?? -1) >= 0 })
        let skipped = await runner.run(Rule.phone2)
        #expect(skipped.checks.count == Rule.phone2.checks.count && !skipped.checks.isEmpty)
        #expect(skipped.checks.allSatisfy { $0.status == .notApplicable && $0.durationSeconds == nil })
    }

    @Test("a rule result carries its rule's area")
    func flow() throws {
        let result = RuleResult(rule: Rule.mfa7, checks: [])
        #expect(result.flow == .multiFactor)
        let json = try #require(try JSONSerialization.jsonObject(with: JSONEncoder().encode(result)) as? [String: Any])
        #expect(json["flow"] as? String == "mfa")
    }
}
