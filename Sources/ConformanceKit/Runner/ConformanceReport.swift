import Foundation

/// The outcome of a check or a rule.
public enum ConformanceStatus: String, Sendable, Hashable, Codable, CodingKeyRepresentable, CustomStringConvertible {
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

/// The machine-readable conformance report (`swift run conformance --json`), which names what judged it: the suite's
/// version, the digest of the checks that ran (``ConformanceReport/catalogueDigest``), the subject, the server and
/// the date.
public struct ConformanceReport: Sendable, Hashable, Codable {
    /// The version of the JSON's shape (`schemaVersion`), which `schemas/report.schema.json` describes; it grows when
    /// a field changes meaning or goes.
    public static let schemaVersion = 1

    public let subject: String
    public internal(set) var results: [RuleResult]
    public let durationSeconds: Double
    /// The release of the suite that judged the run.
    public let suiteVersion: String
    /// `sha256:…` over the rule and check IDs of the run and their statements: two runs with the same digest were
    /// judged by the same checks.
    public let catalogueDigest: String
    /// The server judged over HTTP (its URL), nil for a subject in process.
    public package(set) var server: String?
    /// When the run was judged, in whole seconds (the command takes `SOURCE_DATE_EPOCH` instead of the clock when it
    /// is set).
    public package(set) var date: Date

    public init(
        subject: String, results: [RuleResult], durationSeconds: Double, server: String? = nil, date: Date = Date()
    ) {
        self.subject = subject
        self.results = results
        self.durationSeconds = durationSeconds
        suiteVersion = SuiteVersion.current
        catalogueDigest = CatalogueDigest.of(results)
        self.server = server
        // Whole seconds, as the JSON writes it: a report read back equals the one written.
        self.date = Date(timeIntervalSince1970: date.timeIntervalSince1970.rounded(.down))
    }

    /// MUST rules that failed: any makes the subject non-conformant.
    public var failedMustRules: [RuleResult] { results.filter { $0.level == .must && $0.status == .fail } }

    public func count(_ status: ConformanceStatus) -> Int { results.count { $0.status == status } }

    /// What judged the run, in one line every human-readable format shows: `Judged by AuthConformance 0.1.0, catalogue
    /// sha256:…, subject S, server URL, 2026-01-31T12:00:00Z`.
    public var judgedBy: String {
        "Judged by AuthConformance \(suiteVersion), catalogue \(catalogueDigest), subject \(subject)"
            + (server.map { ", server \($0)" } ?? "") + ", \(Self.timestamp(date))"
    }

    /// `2026-01-31T12:00:00Z`: the date as the JSON and every format write it (UTC, whole seconds).
    package static func timestamp(_ date: Date) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime]
        return formatter.string(from: date)
    }

    private enum CodingKeys: String, CodingKey {
        case schemaVersion, suiteVersion, catalogueDigest, subject, server, date, results, durationSeconds, verdict
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        subject = try container.decode(String.self, forKey: .subject)
        results = try container.decode([RuleResult].self, forKey: .results)
        durationSeconds = try container.decode(Double.self, forKey: .durationSeconds)
        suiteVersion = try container.decodeIfPresent(String.self, forKey: .suiteVersion) ?? "unknown"
        catalogueDigest = try container.decodeIfPresent(String.self, forKey: .catalogueDigest) ?? ""
        server = try container.decodeIfPresent(String.self, forKey: .server)
        let written = try container.decodeIfPresent(String.self, forKey: .date)
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime]
        guard let date = written.map({ formatter.date(from: $0) }) ?? Date(timeIntervalSince1970: 0) else {
            throw DecodingError.dataCorruptedError(
                forKey: .date, in: container, debugDescription: "the date is not RFC 3339 (2026-01-31T12:00:00Z)")
        }
        self.date = date
    }

    /// The report, then its ``Verdict`` (which follows from the results, so it is written and never read).
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(Self.schemaVersion, forKey: .schemaVersion)
        try container.encode(suiteVersion, forKey: .suiteVersion)
        try container.encode(catalogueDigest, forKey: .catalogueDigest)
        try container.encode(subject, forKey: .subject)
        try container.encodeIfPresent(server, forKey: .server)
        try container.encode(Self.timestamp(date), forKey: .date)
        try container.encode(results, forKey: .results)
        try container.encode(durationSeconds, forKey: .durationSeconds)
        try container.encode(verdict, forKey: .verdict)
    }
}
