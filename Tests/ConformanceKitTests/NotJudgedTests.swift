import ConformanceKit
import Foundation
import Testing

/// A check a server kept from being judged (a step it needs is not offered) is counted apart in every format, and
/// fails no run.
@Suite("A check not judged is counted apart in every format and does not fail the run")
struct NotJudgedTests {
    static let message = "PHONE-2: not judged: a step of the check is not offered by the server: GET /x answered 404 …"

    static let report = ConformanceReport(
        subject: "S",
        results: [
            RuleResult(
                rule: .phone2,
                checks: [
                    CheckResult(id: "PHONE-2/a", name: "a", status: .pass),
                    CheckResult(id: "PHONE-2/b", name: "b", status: .notJudged, message: message),
                ]), RuleResult(rule: .phone3, checks: [CheckResult(id: "PHONE-3/c", name: "c", status: .pass)]),
        ], durationSeconds: 0.5)

    @Test("the rule is not judged, the run passes, and the verdict counts the check")
    func verdict() {
        #expect(Self.report.results[0].status == .notJudged && Self.report.passed)
        #expect(Self.report.notJudgedChecks.map(\.id) == ["PHONE-2/b"] && Self.report.verdict.notJudged == 1)
        #expect(Self.report.verdict.summary.hasSuffix("0 known failures; 1 check not judged"))
    }

    @Test("the table, the markdown and JUnit show it with its message; JSON keeps the status")
    func formats() throws {
        let table = ReportTable(Self.report).rendered
        #expect(table.contains("NOT JUDGED") && table.contains("1 not judged") && table.contains(Self.message))
        let markdown = MarkdownReport(Self.report).rendered
        #expect(markdown.contains("⏸️ not judged") && markdown.contains("GET /x answered 404"))
        let junit = JUnitReport(Self.report).rendered
        #expect(junit.contains("<skipped message=\"not judged: \(Self.message)"))
        let json = try JSONEncoder().encode(Self.report)
        #expect(String(decoding: json, as: UTF8.self).contains("\"notJudged\""))
        #expect(try JSONDecoder().decode(ConformanceReport.self, from: json).results == Self.report.results)
    }
}
