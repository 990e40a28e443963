import ConformanceKit
import Foundation
import Testing

@Suite("Every format ends with the verdict: the unexpected failures, the listed rules that pass now")
struct VerdictTests {
    static func report() throws -> ConformanceReport {
        let list = try ExpectedFailures(parsing: "PHONE-2 known\nPHONE-3 fixed since 2.1")
        return ConformanceReport(
            subject: "S",
            results: [
                RuleResult(
                    rule: .phone2, checks: [CheckResult(id: "PHONE-2/c", name: "c", status: .fail, message: "m")]),
                RuleResult(rule: .phone3, checks: [CheckResult(id: "PHONE-3/c", name: "c", status: .pass)]),
                RuleResult(
                    rule: .phone4, checks: [CheckResult(id: "PHONE-4/c", name: "c", status: .fail, message: "m")]),
                RuleResult(
                    rule: .phone5, checks: [CheckResult(id: "PHONE-5/c", name: "c", status: .fail, message: "m")]),
            ], durationSeconds: 0.5
        ).applying(list)
    }

    static let line = """
        FAILS: 2 unexpected failures (PHONE-4, PHONE-5); 1 listed rule passes now (PHONE-3): remove it from the list; \
        1 known failure
        """

    @Test("the verdict counts and names them")
    func verdict() throws {
        let verdict = try Self.report().verdict
        #expect(verdict.summary == Self.line)
        #expect(
            verdict.unexpectedFailures == ["PHONE-4", "PHONE-5"] && verdict.fixedRules == ["PHONE-3"]
                && verdict.knownFailures == 1 && !verdict.passed)
        let clean = ConformanceReport(
            subject: "S",
            results: [RuleResult(rule: .phone2, checks: [CheckResult(id: "PHONE-2/c", name: "c", status: .pass)])],
            durationSeconds: 0)
        #expect(clean.verdict.summary == "PASSES: no unexpected failure; no listed rule passes now; 0 known failures")
    }

    @Test("the table's, the markdown's and the JUnit's last line, the JSON's verdict")
    func everyFormat() throws {
        let report = try Self.report()
        #expect(ReportTable(report).rendered.split(separator: "\n").last.map(String.init) == Self.line)
        #expect(MarkdownReport(report).rendered.split(separator: "\n").last.map(String.init) == "**\(Self.line)**")
        #expect(JUnitReport(report).rendered.split(separator: "\n").last.map(String.init) == "<!-- \(Self.line) -->")
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let json = try JSONSerialization.jsonObject(with: try encoder.encode(report)) as? [String: Any]
        let verdict = try #require(json?["verdict"] as? [String: Any])
        #expect(verdict["summary"] as? String == Self.line)
        #expect(verdict["unexpectedFailures"] as? [String] == ["PHONE-4", "PHONE-5"])
        #expect(verdict["fixedRules"] as? [String] == ["PHONE-3"])
        #expect(
            try JSONDecoder().decode(ConformanceReport.self, from: try encoder.encode(report)).results == report.results
        )
    }
}
