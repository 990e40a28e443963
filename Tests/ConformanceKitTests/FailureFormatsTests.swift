import ConformanceCommand
import ConformanceKit
import Foundation
import ReferenceAuth
import ReferenceTestSupport
import Testing

@testable import ConformanceTesting

/// One failure value, rendered by every format: change its fields and every format changes with them, because each
/// renders the fields and none reads another's text.
@Suite("Every format renders the failure's fields")
struct FailureFormatsTests {
    /// A failure whose every field holds a marker of `tag`.
    private func failure(_ tag: String, line: Int) -> CheckResult.Failure {
        CheckResult.Failure(
            kind: .assertion, expected: "EXPECTED-\(tag)", actual: "ACTUAL-\(tag)",
            location: CheckLocation(filePath: "/elsewhere/RULE-\(tag).swift", line: line),
            transcript: ["#1 t+0s TRANSCRIPT-\(tag)"],
            issues: [
                .init(
                    message: "ISSUE-MESSAGE-\(tag)", expected: "ISSUE-EXPECTED-\(tag)", actual: "ISSUE-ACTUAL-\(tag)",
                    location: CheckLocation(filePath: "/elsewhere/CASE-\(tag).swift", line: line + 1))
            ])
    }

    private func markers(_ tag: String, line: Int) -> [String] {
        [
            "EXPECTED-\(tag)", "ACTUAL-\(tag)", "RULE-\(tag).swift:\(line)", "TRANSCRIPT-\(tag)",
            "ISSUE-MESSAGE-\(tag)", "ISSUE-EXPECTED-\(tag)", "ISSUE-ACTUAL-\(tag)", "CASE-\(tag).swift:\(line + 1)",
        ]
    }

    /// The one check's result in the table, JUnit, markdown, the stress gate and `expectConformance`'s issue, as text.
    private func renderings(of failure: CheckResult.Failure) -> [String: String] {
        let check = CheckResult(
            id: "PHONE-2/a-check", name: "a check", status: .fail, message: "PHONE-2: one sentence", failure: failure)
        let result = RuleResult(rule: .phone2, checks: [check])
        let report = ConformanceReport(subject: "S", results: [result], durationSeconds: 0.1)
        let stress = StressReport(
            subject: "S", runs: 2, parallel: 1, rules: 1, checks: 1,
            differences: [
                .init(
                    check: "PHONE-2/a-check", name: "a check", statuses: [.pass: 1, .fail: 1], example: check,
                    exampleRun: 2)
            ])
        let issue = ConformanceIssue.issues(of: result, knownIssue: nil).compactMap {
            if case .failure(let comment) = $0 { comment } else { nil }
        }
        return [
            "table": ReportTable(report).rendered, "junit": JUnitReport(report).rendered,
            "markdown": MarkdownReport(report).rendered, "stress": stress.rendered,
            "expectConformance": issue.joined(separator: "\n"),
        ]
    }

    @Test("changing expected, actual, location, transcript and issues changes every format")
    func everyFormatFollowsTheFields() throws {
        let before = failure("A", line: 11)
        let after = failure("B", line: 22)
        for (format, text) in renderings(of: before) {
            for marker in markers("A", line: 11) { #expect(text.contains(marker), "\(format) lacks \(marker)") }
        }
        for (format, text) in renderings(of: after) {
            for marker in markers("B", line: 22) { #expect(text.contains(marker), "\(format) lacks \(marker)") }
            #expect(text.contains("PHONE-2/a-check"), "\(format) lacks the check's ID")
            for marker in markers("A", line: 11) { #expect(!text.contains(marker), "\(format) still shows \(marker)") }
            #expect(text.contains("PHONE-2: one sentence"), "\(format) lacks the message")
        }
        for failure in [before, after] {
            let report = ConformanceReport(
                subject: "S",
                results: [
                    RuleResult(
                        rule: .phone2,
                        checks: [CheckResult(id: "PHONE-2/c", name: "c", status: .fail, message: "m", failure: failure)]
                    )
                ], durationSeconds: 0)
            let decoded = try JSONDecoder().decode(ConformanceReport.self, from: JSONEncoder().encode(report))
            #expect(decoded.results.first?.checks.first?.failure == failure)
        }
    }

    @Test("the message is one sentence: the runner keeps the transcript and the fields out of it")
    func messageIsOneSentence() async throws {
        let rule = try #require(RuleCatalogue.rule("PHONE-3"))
        let result = await (try ConformanceRunner(subject: ReferenceSubject(defects: [.sendsFourDigitCodes]))).run(rule)
        let failed = try #require(result.checks.first { $0.status == .fail })
        #expect(failed.message?.contains("\n") == false)
        #expect(failed.failure?.transcript.isEmpty == false)
        #expect(failed.failure?.location?.file.hasPrefix("Sources/ConformanceKit/Rules/Phone/PHONE-03-") == true)
    }
}

/// Where a failure is written: the line of the rule file, also when the expectation ran inside a shared step
/// (`PhoneSteps`, `CheckContext`, `FirstUser`, …), which forwards the rule file's `#filePath` and `#line`.
@Suite("A failure's location is a line of its rule file")
struct FailureLocationTests {
    @Test("every defect's failures, and their issues, name a line of a rule file", arguments: Defect.allCases)
    func ruleFileLines(_ defect: Defect) async throws {
        // The defect's audit run, shared with the flow targets' self-tests: its rules and those of the checks it names.
        let report = await SharedDefectRuns.report(of: defect)
        let failures = report.results.flatMap(\.checks).compactMap(\.failure).filter { $0.kind == .assertion }
        for failure in failures {
            for location in [failure.location] + failure.issues.map(\.location) {
                let file = try #require(location?.file)
                #expect(
                    file.hasPrefix("Sources/ConformanceKit/Rules/") && !file.hasSuffix("Steps.swift"),
                    "\(defect): \(file)")
                #expect(
                    file.split(separator: "/").last?.first?.isUppercase == true && file.contains("-"),
                    "\(defect): \(file)")
            }
        }
    }
}
