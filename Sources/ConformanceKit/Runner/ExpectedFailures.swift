import Foundation

/// A rule, or one check of a rule, known to fail against a subject, and why: it is reported as known and does not
/// fail the run. A listed rule makes every failure of its checks known; a listed check only that check's.
public struct ExpectedFailure: Sendable, Hashable, Codable {
    /// The rule listed, or the rule of the check listed.
    public let rule: RuleID
    /// The one check listed (`PHONE-8/exact-lifetime`); nil when the whole rule is.
    public let check: CheckID?
    public let reason: String
    /// The upstream bug that tracks the failure (an `http` or `https` URL), which every format shows beside it.
    public let bug: URL?

    public init(rule: RuleID, reason: String, bug: URL? = nil) {
        self.rule = rule
        check = nil
        self.reason = reason
        self.bug = bug
    }

    public init(check: CheckID, reason: String, bug: URL? = nil) {
        rule = check.rule
        self.check = check
        self.reason = reason
        self.bug = bug
    }

    /// What the entry names, as the file writes it: `PHONE-8` or `PHONE-8/exact-lifetime`.
    public var listed: String { check?.description ?? rule.rawValue }

    private enum CodingKeys: String, CodingKey { case rule, check, reason, bug }

    /// `{"rule", "reason"}` for a rule, `{"check", "reason"}` for one check, each with an optional `"bug"`, the URL of
    /// the upstream bug.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let reason = try container.decode(String.self, forKey: .reason)
        let bug = try container.decodeIfPresent(String.self, forKey: .bug).map { written in
            guard let url = Self.bugURL(written) else {
                throw DecodingError.dataCorruptedError(
                    forKey: .bug, in: container, debugDescription: "\"bug\" is not an http or https URL")
            }
            return url
        }
        if let check = try container.decodeIfPresent(CheckID.self, forKey: .check) {
            guard !container.contains(.rule) else {
                throw DecodingError.dataCorruptedError(
                    forKey: .rule, in: container, debugDescription: "an entry names a rule or a check, not both")
            }
            self.init(check: check, reason: reason, bug: bug)
        } else {
            self.init(rule: try container.decode(RuleID.self, forKey: .rule), reason: reason, bug: bug)
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        if let check { try container.encode(check, forKey: .check) } else { try container.encode(rule, forKey: .rule) }
        try container.encode(reason, forKey: .reason)
        try container.encodeIfPresent(bug?.absoluteString, forKey: .bug)
    }

    /// `text` as an upstream bug's address: an absolute `http` or `https` URL with a host.
    static func bugURL(_ text: some StringProtocol) -> URL? {
        guard let url = URL(string: String(text)), ["http", "https"].contains(url.scheme?.lowercased() ?? ""),
            url.host?.isEmpty == false
        else { return nil }
        return url
    }
}

/// The list of known failures (`--expected-failures FILE`), read from JSON (`{"expectedFailures": [{"rule" or
/// "check", "reason", "bug"?}]}`) or from text, one `RULE-ID reason… [URL]` or `RULE-ID/check-id reason… [URL]` a line
/// with `#` comment lines, where a last word that is an `http` or `https` URL is the upstream bug (a line whose reason
/// is that URL alone keeps it as its reason too). Every entry needs a reason: a known failure nobody can explain is
/// never removed.
public struct ExpectedFailures: Sendable, Hashable, Codable {
    public let expectedFailures: [ExpectedFailure]

    public init(_ expectedFailures: [ExpectedFailure]) throws(ExpectedFailuresError) {
        var seen = Set<String>()
        let wholeRules = Set(expectedFailures.filter { $0.check == nil }.map(\.rule))
        for entry in expectedFailures {
            guard !entry.reason.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else {
                throw .missingReason(entry.listed)
            }
            // A check of a listed rule is listed already.
            guard seen.insert(entry.listed).inserted, entry.check == nil || !wholeRules.contains(entry.rule) else {
                throw .duplicate(entry.listed)
            }
        }
        self.expectedFailures = expectedFailures
    }

    /// Decodes `{"expectedFailures": [...]}` with the same checks as the other initializers.
    public init(from decoder: any Decoder) throws { try self.init(try File(from: decoder).expectedFailures) }

    /// Reads either form: text whose first character (after white space) is `{` is JSON.
    public init(parsing text: String) throws(ExpectedFailuresError) {
        if text.drop(while: \.isWhitespace).first == "{" {
            let decoded: [ExpectedFailure]
            do { decoded = try JSONDecoder().decode(File.self, from: Data(text.utf8)).expectedFailures } catch {
                throw .malformedJSON(Self.explain(error))
            }
            try self.init(decoded)
        } else {
            try self.init(try Self.lines(of: text))
        }
    }

    /// The reason for each listed rule (entries that list one check are in ``checkReasons``).
    public var reasons: [RuleID: String] {
        Dictionary(
            expectedFailures.filter { $0.check == nil }.map { ($0.rule, $0.reason) },
            uniquingKeysWith: { first, _ in first })
    }

    /// The reason for each listed check.
    public var checkReasons: [CheckID: String] {
        Dictionary(
            expectedFailures.compactMap { entry in entry.check.map { ($0, entry.reason) } },
            uniquingKeysWith: { first, _ in first })
    }

    /// The list itself if every rule and check it names is in `catalogue`; an ID that names nothing is a typo.
    public func validated(
        against catalogue: [Rule] = RuleCatalogue.all
    ) throws(ExpectedFailuresError) -> ExpectedFailures {
        let known = Set(catalogue.map(\.id))
        let unknown = expectedFailures.map(\.rule).filter { !known.contains($0) }
        guard unknown.isEmpty else { throw .unknownRules(unknown) }
        let checks = Set(catalogue.flatMap { $0.checks.map(\.id) })
        let unknownChecks = expectedFailures.compactMap(\.check).filter { !checks.contains($0) }
        guard unknownChecks.isEmpty else { throw .unknownChecks(unknownChecks) }
        return self
    }

    private struct File: Decodable { let expectedFailures: [ExpectedFailure] }

    private enum CodingKeys: String, CodingKey { case expectedFailures }

    private static func lines(of text: String) throws(ExpectedFailuresError) -> [ExpectedFailure] {
        var entries: [ExpectedFailure] = []
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = line.trimmingCharacters(in: .whitespaces.union(["\r"]))
            guard !line.isEmpty, !line.hasPrefix("#") else { continue }
            let id = String(line.prefix { !$0.isWhitespace })
            var reason = line.dropFirst(id.count).trimmingCharacters(in: .whitespaces)
            let last = reason.split(whereSeparator: \.isWhitespace).last ?? ""
            let bug = ExpectedFailure.bugURL(last)
            if bug != nil, last.count < reason.count {
                reason = reason.dropLast(last.count).trimmingCharacters(in: .whitespaces)
            }
            if CheckID.isRuleID(id) {
                entries.append(ExpectedFailure(rule: RuleID(rawValue: id), reason: reason, bug: bug))
            } else if let check = CheckID(parsing: id) {
                entries.append(ExpectedFailure(check: check, reason: reason, bug: bug))
            } else {
                throw .malformedLine(
                    index + 1, "\"\(id)\" is not a rule ID such as PHONE-8 or a check ID such as PHONE-8/exact-lifetime"
                )
            }
            guard !reason.isEmpty else { throw .missingReason(id) }
        }
        return entries
    }

    private static func explain(_ error: any Error) -> String {
        switch error {
        case DecodingError.keyNotFound(let key, _): "missing \"\(key.stringValue)\""
        case DecodingError.typeMismatch(_, let context), DecodingError.valueNotFound(_, let context):
            "wrong type at \(context.codingPath.map(\.stringValue).joined(separator: "."))"
        case DecodingError.dataCorrupted(let context):
            context.codingPath.isEmpty ? "not valid JSON" : context.debugDescription
        default: "\(error)"
        }
    }
}

public enum ExpectedFailuresError: Error, Sendable, Hashable, CustomStringConvertible {
    case malformedJSON(String)
    /// A line of the text form (counting from 1) and what is wrong with it.
    case malformedLine(Int, String)
    /// The entry (`PHONE-8`, `PHONE-8/exact-lifetime`) has no reason.
    case missingReason(String)
    /// The entry is listed twice, or is a check of a rule listed whole.
    case duplicate(String)
    /// Rule IDs that are not in the catalogue.
    case unknownRules([RuleID])
    /// Check IDs of rules in the catalogue that have no such check.
    case unknownChecks([CheckID])

    public var description: String {
        switch self {
        case .malformedJSON(let why):
            """
            the expected failures are not {"expectedFailures": [{"rule" or "check", "reason", "bug"?}]}: \(why)
            """
        case .malformedLine(let line, let why): "line \(line) of the expected failures: \(why)"
        case .missingReason(let entry): "the expected failure \(entry) has no reason: say why it fails"
        case .duplicate(let entry):
            entry.contains("/")
                ? "\(entry) is listed twice in the expected failures, or its rule is listed whole"
                : "\(entry) is listed twice in the expected failures"
        case .unknownRules(let rules):
            """
            the expected failures name \(rules.map(\.rawValue).joined(separator: ", ")), which \
            \(rules.count == 1 ? "is" : "are") not in the catalogue
            """
        case .unknownChecks(let checks):
            """
            the expected failures name \(checks.map(\.description).joined(separator: ", ")), which \
            \(checks.count == 1 ? "is not a check" : "are not checks") of the catalogue (conformance list shows them)
            """
        }
    }
}
