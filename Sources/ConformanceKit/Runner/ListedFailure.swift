import Foundation

/// How a rule or a check on the expected-failures list came out. A known failure does not fail the run; a listed
/// rule or check that passes now does, so that the list is kept short.
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
    /// The upstream bug the entry names (`https://github.com/…/issues/41`), shown beside the failure in every format.
    public let bug: URL?

    public init(reason: String, outcome: Outcome, bug: URL? = nil) {
        self.reason = reason
        self.outcome = outcome
        self.bug = bug
    }

    /// The reason, then the upstream bug when the entry names one: `codes live 15 minutes (bug: https://…)`.
    public var described: String { bug.map { "\(reason) (bug: \($0.absoluteString))" } ?? reason }

    /// What a fixed rule says in every format: it passes, so its entry goes.
    static func fixedNote(_ reason: String) -> String {
        "listed as an expected failure (\(reason)), but it passes now: remove it from the list"
    }
}

extension ListedFailure.Outcome {
    /// How a listed rule or check that came out `status` counts.
    init(of status: ConformanceStatus) {
        self =
            switch status {
            case .fail, .warn: .known
            case .pass: .fixed
            case .notApplicable, .notJudged: .notApplicable
            }
    }
}

extension RuleResult {
    /// This result, marked as listed with `reason`.
    public func listed(because reason: String, bug: URL? = nil) -> RuleResult {
        var listed = self
        listed.expectedFailure = ListedFailure(reason: reason, outcome: ListedFailure.Outcome(of: status), bug: bug)
        return listed
    }

    /// This result with each check `reasons` lists marked as listed: the rule is a known failure when every check of
    /// it that failed (or warned) is listed.
    func listing(checks entries: [CheckID: ExpectedFailure]) -> RuleResult {
        var listed = self
        listed.checks = checks.map { check in
            entries[check.id].map { check.listed(because: $0.reason, bug: $0.bug) } ?? check
        }
        return listed
    }

    /// Failed (or warned) as listed: the rule is listed, or every check of it that failed is.
    public var isKnownFailure: Bool {
        if let expectedFailure { return expectedFailure.outcome == .known }
        let failed = checks.filter { $0.status == .fail || $0.status == .warn }
        return !failed.isEmpty && failed.allSatisfy { $0.expectedFailure?.outcome == .known }
    }

    /// The rule is listed and passes now.
    public var isFixed: Bool { expectedFailure?.outcome == .fixed }

    /// The checks listed one by one that pass now: each fails the run until its entry is removed.
    public var fixedChecks: [CheckResult] { checks.filter { $0.expectedFailure?.outcome == .fixed } }
}

extension CheckResult {
    /// This result, marked as listed with `reason`.
    func listed(because reason: String, bug: URL? = nil) -> CheckResult {
        var listed = self
        listed.expectedFailure = ListedFailure(reason: reason, outcome: ListedFailure.Outcome(of: status), bug: bug)
        return listed
    }
}

extension ConformanceReport {
    /// The report with every listed rule and check marked; what the list does not name is unchanged.
    public func applying(_ expected: ExpectedFailures) -> ConformanceReport {
        let rules = Dictionary(
            expected.expectedFailures.filter { $0.check == nil }.map { ($0.rule, $0) }, uniquingKeysWith: { a, _ in a })
        let checks = Dictionary(
            expected.expectedFailures.compactMap { entry in entry.check.map { ($0, entry) } },
            uniquingKeysWith: { a, _ in a })
        var applied = self
        applied.results = results.map { result in
            rules[result.rule].map { result.listed(because: $0.reason, bug: $0.bug) } ?? result.listing(checks: checks)
        }
        return applied
    }

    /// MUST rules that failed and are not known failures: any fails the run.
    public var unexpectedFailures: [RuleResult] { failedMustRules.filter { !$0.isKnownFailure } }

    public var knownFailures: [RuleResult] { results.filter(\.isKnownFailure) }

    /// Listed rules that pass now: each fails the run until its entry is removed.
    public var fixedRules: [RuleResult] { results.filter(\.isFixed) }

    /// Checks listed one by one that pass now: each fails the run until its entry is removed.
    public var fixedChecks: [CheckResult] { results.flatMap(\.fixedChecks) }

    /// Whether the run passes: no MUST rule fails unexpectedly and no listed rule or check passes. Checks the server
    /// kept from being judged (``ConformanceStatus/notJudged``) do not fail it; ``notJudgedChecks`` counts them apart.
    public var passed: Bool { unexpectedFailures.isEmpty && fixedRules.isEmpty && fixedChecks.isEmpty }

    /// The checks a step the server does not offer kept from being judged.
    public var notJudgedChecks: [CheckResult] { results.flatMap(\.checks).filter { $0.status == .notJudged } }
}

/// How the run came out against the list, the last line of every format: how many failures are unexpected and
/// which rules, how many listed rules and checks pass now and which, and how many rules failed as listed. Without a
/// list every MUST failure is unexpected.
public struct Verdict: Sendable, Hashable, Codable {
    public let passed: Bool
    /// MUST rules that failed and are not listed: each fails the run.
    public let unexpectedFailures: [RuleID]
    /// Listed rules that pass now: each fails the run until its entry is removed.
    public let fixedRules: [RuleID]
    /// Checks listed one by one that pass now: each fails the run until its entry is removed.
    public let fixedChecks: [CheckID]
    /// Listed rules that failed (or warned), as listed.
    public let knownFailures: Int
    /// Checks not judged (``ConformanceStatus/notJudged``): counted apart, they do not fail the run.
    public let notJudged: Int
    /// The verdict as one line, e.g. `FAILS: 1 unexpected failure (LINK-10); 1 listed rule passes now (LINK-1): remove
    /// it from the list; 9 known failures`.
    public let summary: String

    init(_ report: ConformanceReport) {
        passed = report.passed
        unexpectedFailures = report.unexpectedFailures.map(\.rule)
        fixedRules = report.fixedRules.map(\.rule)
        fixedChecks = report.fixedChecks.map(\.id)
        knownFailures = report.knownFailures.count
        notJudged = report.notJudgedChecks.count
        let unexpected =
            unexpectedFailures.isEmpty
            ? "no unexpected failure"
            : "\(Self.count(unexpectedFailures.count, "unexpected failure")) (\(Self.list(unexpectedFailures)))"
        let fixedEntries = fixedRules.map(\.rawValue) + fixedChecks.map(\.description)
        let noun = fixedChecks.isEmpty ? "listed rule" : fixedRules.isEmpty ? "listed check" : "listed entry"
        let fixed =
            fixedEntries.isEmpty
            ? "no listed rule passes now"
            : """
            \(Self.count(fixedEntries.count, noun)) \(fixedEntries.count == 1 ? "passes" : "pass") now \
            (\(fixedEntries.joined(separator: ", "))): remove \(fixedEntries.count == 1 ? "it" : "them") from the list
            """
        let unjudged = notJudged == 0 ? "" : "; \(Self.count(notJudged, "check")) not judged"
        summary =
            "\(passed ? "PASSES" : "FAILS"): \(unexpected); \(fixed); \(Self.count(knownFailures, "known failure"))"
            + unjudged
    }

    private static func count(_ count: Int, _ noun: String) -> String {
        count == 1 ? "1 \(noun)" : noun.hasSuffix("entry") ? "\(count) \(noun.dropLast())ies" : "\(count) \(noun)s"
    }

    private static func list(_ rules: [RuleID]) -> String { rules.map(\.rawValue).joined(separator: ", ") }
}

extension ConformanceReport { public var verdict: Verdict { Verdict(self) } }
