import ConformanceKit
import Foundation

/// The report page at its largest: the whole catalogue with every check failing, each with a message, expected and
/// actual, a location and a transcript as long as the page shows (``CheckResult/Failure`` keeps the last 20 entries
/// for it). `bench --html FILE` times rendering it, gives its size (to stay under 2 MB) and writes it, for the CI gate
/// that times headless Chromium opening it. A measurement, never a verdict.
enum ReportPageBenchmark {
    /// The size the page must stay under, in bytes.
    static let budget = 2_000_000

    static var everyCheckFailing: ConformanceReport {
        let transcript = (1...24).map { index in
            "#\(index) t+\(index)s POST /v1/accounts:signInWithPhoneNumber {\"sessionInfo\":\"session-\(index)\","
                + "\"code\":\"123456\"} → 200 {\"idToken\":\"eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiJ1c2VyIn0.c2ln\"}"
        }
        let results = RuleCatalogue.all.map { rule in
            RuleResult(
                rule: rule,
                checks: rule.checks.map { check in
                    CheckResult(
                        id: check.id, name: check.name, status: .fail,
                        message: "\(rule.id): the subject answered what the rule forbids (every check fails here)",
                        failure: .init(
                            kind: .assertion, expected: "what \(rule.id) states: \(rule.statement)",
                            actual: "invalidPhoneNumber: \"the number +16505550101 is not valid\"",
                            location: CheckLocation(
                                filePath: "Sources/ConformanceKit/Rules/\(rule.id).swift", line: 42),
                            transcript: transcript), durationSeconds: 0.01)
                })
        }
        return ConformanceReport(subject: "every check failing", results: results, durationSeconds: 1)
    }
}
