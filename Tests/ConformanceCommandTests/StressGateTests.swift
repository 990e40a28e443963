import ConformanceCommand
import ConformanceKit
import Foundation
import ReferenceTestSupport
import Testing

@Suite("The stress gate")
struct StressGateTests {
    private let checks = RuleCatalogue.all.map(\.checks.count).reduce(0, +)

    @Test("a check that passes in some runs and fails in others is reported with its counts and a failure")
    func inconsistent() async throws {
        let report = await (try StressGate(runs: 6, parallel: 2)).run(
            subject: AlternatingSubject(), rules: [backendRule])
        let difference = try #require(report.differences.first)
        #expect(report.differences.count == 1)
        #expect(difference.rule == "TEST-1")
        #expect(difference.check == "TEST-1/backend-comes" && difference.name == "a backend comes")
        #expect(report.rendered.contains("\nTEST-1/backend-comes “a backend comes”: 3 pass, 3 fail\n"))
        #expect(difference.statuses == [.pass: 3, .fail: 3])
        #expect(
            difference.example?.message?.hasPrefix("TEST-1: the subject refused a valid project configuration") == true)
        #expect(report.summary == "6 runs, 2 at once: 1 differing result (1 rule, 1 check)")
    }

    @Test("a subject that answers the same way every time gives no difference")
    func consistent() async throws {
        let report = await (try StressGate(runs: 6, parallel: 3)).run(subject: SteadySubject(), rules: [backendRule])
        #expect(report.differences.isEmpty)
        #expect(report.rendered.hasSuffix("\n6 runs, 3 at once: 0 differing results (1 rule, 1 check)"))
    }

    @Test("no more runs at once than there are runs")
    func parallelBounded() throws { #expect(try StressGate(runs: 2, parallel: 8).parallel == 2) }

    @Test("the command exits 1 and names the checks that differed across runs of the whole catalogue")
    func commandReportsDifference() async throws {
        let outcome = await ConformanceCommand.run(
            subject: FirstAskedSubject(), arguments: ["stress", "--runs", "4", "--parallel", "2"])
        #expect(outcome.status == 1)
        #expect(outcome.error.isEmpty)
        let lines = outcome.output.split(separator: "\n").map(String.init)
        // The run whose preflight saw no flow judges the multi-factor checks: those the stub makes not applicable
        // (no anonymous facet, no door) differ from the runs that fail them on the adapter.
        #expect(
            lines.last == "4 runs, 2 at once: 3 differing results (\(RuleCatalogue.all.count) rules, \(checks) checks)")
        for check in [
            "MFA-2/anonymous-cannot-enroll", "MFA-11/door-pending-twice-at-once",
            "MFA-13/door-enrollment-twice-at-once",
        ] { #expect(lines.contains { $0.hasPrefix(check + " ") }, "\(check) is not named") }
        #expect(lines.contains { $0.contains("1 notApplicable") })
        #expect(lines.contains { $0.hasPrefix("  first run that did not pass (run ") })
    }

    @Test("the command exits 0 when every run of the whole catalogue agrees")
    func commandConsistent() async throws {
        let outcome = await ConformanceCommand.run(
            subject: BrokenSubject(), arguments: ["stress", "--runs", "3", "--parallel", "2"])
        #expect(outcome.status == 0)
        #expect(
            outcome.output.hasSuffix(
                "3 runs, 2 at once: 0 differing results (\(RuleCatalogue.all.count) rules, \(checks) checks)\n"))
    }

    @Test("stress --runs N alone runs one at a time")
    func sequential() async throws {
        let outcome = await ConformanceCommand.run(subject: NoFlowSubject(), arguments: ["stress", "--runs", "2"])
        #expect(outcome.status == 0)
        #expect(outcome.output.contains("2 runs, 1 at once: 0 differing results"))
    }

    @Test("the JSON report has the documented shape")
    func json() async throws {
        let outcome = await ConformanceCommand.run(
            subject: FirstAskedSubject(), arguments: ["stress", "--runs", "3", "--parallel", "3", "--json"])
        #expect(outcome.status == 1)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(outcome.output.utf8)) as? [String: Any])
        #expect(Set(object.keys) == ["schemaVersion", "runs", "parallel", "differences"])
        #expect(object["runs"] as? Int == 3)
        #expect(object["parallel"] as? Int == 3)
        let difference = try #require((object["differences"] as? [[String: Any]])?.first)
        #expect(Set(difference.keys) == ["check", "name", "statuses", "example"])
        #expect((difference["check"] as? String)?.wholeMatch(of: /[A-Z]+-[0-9]+\/[a-z0-9-]+/) != nil)
        let statuses = try #require(difference["statuses"] as? [String: Int])
        #expect(statuses["notApplicable"] == 1)
        #expect(statuses.values.reduce(0, +) == 3)
        #expect((difference["example"] as? [String: Any])?["message"] is String)
    }
}
