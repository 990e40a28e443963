/// The outcome of a check or a rule.
public enum ConformanceStatus: String, Sendable, Hashable, Codable, CustomStringConvertible {
    case pass
    case fail
    /// A SHOULD rule is not met.
    case warn
    /// The subject did not declare what the rule needs.
    case notApplicable
    /// A step the check needs is not offered by the server (a route answering 404, 405 or 501, a test hook it does
    /// not have): the check never reached the behaviour the rule is about. Counted apart; it fails a run only when
    /// every check must be judged (`--require-all`).
    case notJudged

    public var description: String { self == .notJudged ? "not judged" : rawValue }

    /// Fail, then warn, then not judged, then pass, then not applicable: a rule is as bad as its worst check, and a
    /// rule with a check the server kept from being judged is not a pass.
    var severity: Int {
        switch self {
        case .fail: 4
        case .warn: 3
        case .notJudged: 2
        case .pass: 1
        case .notApplicable: 0
        }
    }
}

public struct RuleResult: Sendable, Hashable, Codable {
    public let rule: RuleID
    public let level: RequirementLevel
    /// The rule's area: a JUnit test suite, a section of the markdown catalogue.
    public let flow: Flow
    public let title: String
    public let status: ConformanceStatus
    public internal(set) var checks: [CheckResult]
    /// Where the rule comes from, so that whoever reads a failure can open the document.
    public let sources: [RuleSource]
    public let hint: String
    /// Set when the rule is on the expected-failures list: how it came out against the list.
    public internal(set) var expectedFailure: ListedFailure?

    public init(rule: Rule, checks: [CheckResult]) {
        self.rule = rule.id
        level = rule.level
        flow = rule.flow
        title = rule.title
        sources = rule.sources
        hint = rule.hint
        self.checks = checks
        status = checks.map(\.status).max { $0.severity < $1.severity } ?? .notApplicable
    }

    /// The checks that did not pass (and those listed as expected failures that pass now), one paragraph each: the
    /// check's ID and sentence, the message, then the failure's fields.
    public var summary: String {
        let problems = checks.filter { $0.status != .pass || $0.expectedFailure?.outcome == .fixed }
        guard !problems.isEmpty else { return "\(rule) \(status): all \(checks.count) checks passed" }
        return problems.map { $0.statusLines.joined(separator: "\n") }.joined(separator: "\n\n")
    }
}

/// The machine-readable conformance report (`swift run conformance --json`).
public struct ConformanceReport: Sendable, Hashable, Codable {
    public let subject: String
    public let results: [RuleResult]
    public let durationSeconds: Double

    public init(subject: String, results: [RuleResult], durationSeconds: Double) {
        self.subject = subject
        self.results = results
        self.durationSeconds = durationSeconds
    }

    /// MUST rules that failed: any makes the subject non-conformant.
    public var failedMustRules: [RuleResult] { results.filter { $0.level == .must && $0.status == .fail } }

    public func count(_ status: ConformanceStatus) -> Int { results.count { $0.status == status } }

    private enum CodingKeys: String, CodingKey { case subject, results, durationSeconds, verdict }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            subject: try container.decode(String.self, forKey: .subject),
            results: try container.decode([RuleResult].self, forKey: .results),
            durationSeconds: try container.decode(Double.self, forKey: .durationSeconds))
    }

    /// The report, then its ``Verdict`` (which follows from the results, so it is written and never read).
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(subject, forKey: .subject)
        try container.encode(results, forKey: .results)
        try container.encode(durationSeconds, forKey: .durationSeconds)
        try container.encode(verdict, forKey: .verdict)
    }
}
