/// The report as JUnit XML, the format Jenkins, GitLab and GitHub test reporters read: one `<testsuite>` per
/// area, one `<testcase>` per check (`classname` the rule ID, `name` the check's ID, which never changes, so CI's
/// history of a check survives a rewording; `file` and `line` where the check is written). A failed check's
/// `<failure>` has its one-sentence message as `message` and as text the check's sentence, then the failure's fields
/// (expected, actual, location, every recorded issue, the world's transcript); a check that does not apply, or fails
/// as a known failure, is `<skipped>`; a SHOULD that is not met passes with a `warning` property and the message in
/// `<system-out>`, so CI shows it without failing; a listed rule or check that passes now adds a failed testcase that
/// says to remove it from the list.
public struct JUnitReport: Sendable {
    public let report: ConformanceReport

    public init(_ report: ConformanceReport) { self.report = report }

    /// The name of the extra testcase of a rule that is listed as an expected failure and passes (for a check listed
    /// by its ID: the check's ID, then this).
    public static let fixedTestCaseName = "listed as an expected failure"

    public var rendered: String {
        let suites = suites()
        let totals = Counts(suites.map(\.counts))
        var lines = [#"<?xml version="1.0" encoding="UTF-8"?>"#]
        lines.append(
            """
            <testsuites name=\"\(XMLEscaping.attribute("Conformance of \(report.subject)"))\" \(totals.attributes) \
            time=\"\(time(report.durationSeconds))\">
            """)
        for suite in suites {
            lines.append(
                "  <testsuite name=\"\(XMLEscaping.attribute(suite.name))\" \(suite.counts.attributes)"
                    + " time=\"\(time(suite.time))\">")
            lines.append(contentsOf: properties.map { "    " + $0 })
            lines.append(contentsOf: suite.cases.flatMap(\.lines).map { "    " + $0 })
            lines.append("  </testsuite>")
        }
        lines.append("</testsuites>")
        // The verdict, which CI's summaries do not show: how many failures are unexpected, which, and what passes now.
        lines.append("<!-- \(report.verdict.summary.replacingOccurrences(of: "--", with: "- -")) -->")
        return lines.joined(separator: "\n")
    }

    /// What judged the run, as the suite's properties (JUnit has them per `<testsuite>`): `suiteVersion`,
    /// `catalogueDigest`, `subject`, `server` (over HTTP) and `date`.
    private var properties: [String] {
        let named: [(String, String?)] = [
            ("suiteVersion", report.suiteVersion), ("catalogueDigest", report.catalogueDigest),
            ("subject", report.subject), ("server", report.server), ("date", ConformanceReport.timestamp(report.date)),
        ]
        return ["<properties>"]
            + named.compactMap { name, value in
                value.map { "  <property name=\"\(name)\" value=\"\(XMLEscaping.attribute($0))\"/>" }
            } + ["</properties>"]
    }

    private struct Counts {
        var tests = 0
        var failures = 0
        var skipped = 0

        init(tests: Int = 0, failures: Int = 0, skipped: Int = 0) {
            self.tests = tests
            self.failures = failures
            self.skipped = skipped
        }

        init(_ counts: [Counts]) {
            self.init(
                tests: counts.map(\.tests).reduce(0, +), failures: counts.map(\.failures).reduce(0, +),
                skipped: counts.map(\.skipped).reduce(0, +))
        }

        /// The suite runs no code that can error outside a check, so `errors` is always 0; readers expect it.
        var attributes: String { "tests=\"\(tests)\" failures=\"\(failures)\" errors=\"0\" skipped=\"\(skipped)\"" }
    }

    private struct Suite {
        let name: String
        let cases: [TestCase]
        var counts: Counts {
            Counts(
                tests: cases.count, failures: cases.count { $0.outcome == .failure },
                skipped: cases.count { $0.outcome == .skipped })
        }
        var time: Double { cases.map(\.time).reduce(0, +) }
    }

    private struct TestCase {
        enum Outcome { case success, failure, skipped }

        let outcome: Outcome
        let time: Double
        let lines: [String]
    }

    /// One suite per area, in the order the areas first appear in the report.
    private func suites() -> [Suite] {
        var order: [Flow] = []
        var cases: [Flow: [TestCase]] = [:]
        for result in report.results {
            if cases[result.flow] == nil { order.append(result.flow) }
            cases[result.flow, default: []] += testCases(of: result)
        }
        return order.map { Suite(name: $0.rawValue, cases: cases[$0] ?? []) }
    }

    private func testCases(of result: RuleResult) -> [TestCase] {
        var cases = result.checks.map { testCase(of: $0, in: result) }
        var fixed: [(name: String, note: String)] = []
        if let listed = result.expectedFailure, listed.outcome == .fixed {
            fixed.append((Self.fixedTestCaseName, "\(result.rule): " + ListedFailure.fixedNote(listed.reason)))
        }
        for check in result.fixedChecks {
            let note = "\(check.id): " + ListedFailure.fixedNote(check.expectedFailure?.reason ?? "")
            fixed.append(("\(check.id) \(Self.fixedTestCaseName)", note))
        }
        for (name, note) in fixed {
            cases.append(
                TestCase(
                    outcome: .failure, time: 0,
                    lines: [
                        open(result.rule, name, time: 0),
                        "  <failure message=\"\(XMLEscaping.attribute(note))\" type=\"fixed\">"
                            + "\(XMLEscaping.text(note))</failure>", "</testcase>",
                    ]))
        }
        return cases
    }

    private func testCase(of check: CheckResult, in result: RuleResult) -> TestCase {
        let time = check.durationSeconds ?? 0
        let location = check.failure?.location
        let start = open(result.rule, check.id.description, time: time, at: location)
        let message = check.message ?? ""
        switch check.status {
        case .pass:
            return TestCase(
                outcome: .success, time: time, lines: [open(result.rule, check.id.description, time: time, empty: true)]
            )
        case .notApplicable:
            return TestCase(
                outcome: .skipped, time: time,
                lines: [
                    start, "  <skipped message=\"\(XMLEscaping.attribute("not applicable: \(message)"))\"/>",
                    "</testcase>",
                ])
        case .notJudged:
            return TestCase(
                outcome: .skipped, time: time,
                lines: [
                    start, "  <skipped message=\"\(XMLEscaping.attribute("not judged: \(message)"))\"/>",
                    "  <system-out>\(XMLEscaping.text(details(check, of: result)))</system-out>", "</testcase>",
                ])
        case .fail where result.isKnownFailure || check.expectedFailure?.outcome == .known,
            .warn where result.isKnownFailure || check.expectedFailure?.outcome == .known:
            let reason = (check.expectedFailure ?? result.expectedFailure)?.described ?? ""
            return TestCase(
                outcome: .skipped, time: time,
                lines: [
                    start, "  <skipped message=\"\(XMLEscaping.attribute("known failure: \(reason)"))\"/>",
                    "  <system-out>\(XMLEscaping.text(details(check, of: result)))</system-out>", "</testcase>",
                ])
        case .warn:
            return TestCase(
                outcome: .success, time: time,
                lines: [
                    start, "  <properties>",
                    "    <property name=\"warning\" value=\"\(XMLEscaping.attribute(message))\"/>", "  </properties>",
                    "  <system-out>"
                        + XMLEscaping.text("warning (\(result.level) not met): " + details(check, of: result))
                        + "</system-out>", "</testcase>",
                ])
        case .fail:
            let kind = check.failure?.kind.rawValue ?? CheckResult.Failure.Kind.assertion.rawValue
            return TestCase(
                outcome: .failure, time: time,
                lines: [
                    start,
                    "  <failure message=\"\(XMLEscaping.attribute(message))\" type=\"\(kind)\">"
                        + "\(XMLEscaping.text(details(check, of: result)))</failure>", "</testcase>",
                ])
        }
    }

    /// The testcase's start tag, or the whole element when it has no content; `file` (relative to the package) and
    /// `line` where the failure is written, as GitHub's and GitLab's readers take them.
    private func open(
        _ rule: RuleID, _ name: String, time: Double, at location: CheckLocation? = nil, empty: Bool = false
    ) -> String {
        let place = location.map { " file=\"\(XMLEscaping.attribute($0.file))\" line=\"\($0.line)\"" } ?? ""
        return """
            <testcase classname=\"\(XMLEscaping.attribute(rule.rawValue))\" \
            name=\"\(XMLEscaping.attribute(name))\" time=\"\(self.time(time))\"\(place)\(empty ? "/" : "")>
            """
    }

    /// The check's sentence, the message and the failure's fields, then the rule's hint and sources.
    private func details(_ check: CheckResult, of result: RuleResult) -> String {
        ([check.name, ""] + check.detailLines + ["", "hint: \(result.hint)"] + result.sources.map { "source: \($0)" })
            .joined(separator: "\n")
    }

    /// Seconds with three decimals, whatever the locale: `0.012`.
    private func time(_ seconds: Double) -> String {
        let milliseconds = Int((max(0, seconds) * 1000).rounded())
        let fraction = String(milliseconds % 1000)
        return "\(milliseconds / 1000).\(String(repeating: "0", count: 3 - fraction.count))\(fraction)"
    }
}
