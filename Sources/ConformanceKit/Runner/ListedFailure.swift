/// How a rule on the expected-failures list came out. A known failure does not fail the run; a rule that
/// passes now does, so that the list is kept short.
public struct ListedFailure: Sendable, Hashable, Codable {
    public enum Outcome: String, Sendable, Hashable, Codable {
        /// The rule failed (or warned), as listed.
        case known
        /// The rule passes now: its entry must be removed from the list.
        case fixed
        /// The rule did not apply to the subject; the entry stays and fails nothing.
        case notApplicable
    }

    public let reason: String
    public let outcome: Outcome

    public init(reason: String, outcome: Outcome) {
        self.reason = reason
        self.outcome = outcome
    }

    /// What a fixed rule says in every format: it passes, so its entry goes.
    static func fixedNote(_ reason: String) -> String {
        "listed as an expected failure (\(reason)), but it passes now: remove it from the list"
    }
}

extension RuleResult {
    /// This result, marked as listed with `reason`.
    public func listed(because reason: String) -> RuleResult {
        var listed = self
        let outcome: ListedFailure.Outcome =
            switch status {
            case .fail, .warn: .known
            case .pass: .fixed
            case .notApplicable: .notApplicable
            }
        listed.expectedFailure = ListedFailure(reason: reason, outcome: outcome)
        return listed
    }

    public var isKnownFailure: Bool { expectedFailure?.outcome == .known }

    public var isFixed: Bool { expectedFailure?.outcome == .fixed }
}

extension ConformanceReport {
    /// The report with every listed rule marked; rules the list does not name are unchanged.
    public func applying(_ expected: ExpectedFailures) -> ConformanceReport {
        let reasons = expected.reasons
        return ConformanceReport(
            subject: subject, results: results.map { result in reasons[result.rule].map { result.listed(because: $0) } ?? result },
            durationSeconds: durationSeconds)
    }

    /// MUST rules that failed and are not known failures: any fails the run.
    public var unexpectedFailures: [RuleResult] { failedMustRules.filter { !$0.isKnownFailure } }

    public var knownFailures: [RuleResult] { results.filter(\.isKnownFailure) }

    /// Listed rules that pass now: each fails the run until its entry is removed.
    public var fixedRules: [RuleResult] { results.filter(\.isFixed) }

    /// Whether the run passes: no MUST rule fails unexpectedly and no listed rule passes.
    public var passed: Bool { unexpectedFailures.isEmpty && fixedRules.isEmpty }
}
