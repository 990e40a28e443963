import Foundation

/// A rule known to fail against a subject, and why: it is reported as known and does not fail the run.
public struct ExpectedFailure: Sendable, Hashable, Codable {
    public let rule: RuleID
    public let reason: String

    public init(rule: RuleID, reason: String) {
        self.rule = rule
        self.reason = reason
    }
}

/// The list of known failures (`--expected-failures FILE`), read from JSON (`{"expectedFailures": [{"rule",
/// "reason"}]}`) or from text, one `RULE-ID reason…` a line with `#` comment lines. Every entry needs a reason:
/// a known failure nobody can explain is never removed.
public struct ExpectedFailures: Sendable, Hashable, Codable {
    public let expectedFailures: [ExpectedFailure]

    public init(_ expectedFailures: [ExpectedFailure]) throws(ExpectedFailuresError) {
        var seen = Set<RuleID>()
        for entry in expectedFailures {
            guard !entry.reason.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else {
                throw .missingReason(entry.rule)
            }
            guard seen.insert(entry.rule).inserted else { throw .duplicate(entry.rule) }
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

    /// The reason for each listed rule.
    public var reasons: [RuleID: String] {
        Dictionary(expectedFailures.map { ($0.rule, $0.reason) }, uniquingKeysWith: { first, _ in first })
    }

    /// The list itself if every rule it names is in `catalogue`; a rule ID that names nothing is a typo.
    public func validated(
        against catalogue: [Rule] = RuleCatalogue.all
    ) throws(ExpectedFailuresError) -> ExpectedFailures {
        let known = Set(catalogue.map(\.id))
        let unknown = expectedFailures.map(\.rule).filter { !known.contains($0) }
        guard unknown.isEmpty else { throw .unknownRules(unknown) }
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
            guard id.wholeMatch(of: /[A-Z]+-[0-9]+/) != nil else {
                throw .malformedLine(index + 1, "\"\(id)\" is not a rule ID such as PHONE-8")
            }
            let reason = line.dropFirst(id.count).trimmingCharacters(in: .whitespaces)
            guard !reason.isEmpty else { throw .missingReason(RuleID(rawValue: id)) }
            entries.append(ExpectedFailure(rule: RuleID(rawValue: id), reason: reason))
        }
        return entries
    }

    private static func explain(_ error: any Error) -> String {
        switch error {
        case DecodingError.keyNotFound(let key, _): "missing \"\(key.stringValue)\""
        case DecodingError.typeMismatch(_, let context), DecodingError.valueNotFound(_, let context):
            "wrong type at \(context.codingPath.map(\.stringValue).joined(separator: "."))"
        case DecodingError.dataCorrupted: "not valid JSON"
        default: "\(error)"
        }
    }
}

public enum ExpectedFailuresError: Error, Sendable, Hashable, CustomStringConvertible {
    case malformedJSON(String)
    /// A line of the text form (counting from 1) and what is wrong with it.
    case malformedLine(Int, String)
    case missingReason(RuleID)
    case duplicate(RuleID)
    /// Rule IDs that are not in the catalogue.
    case unknownRules([RuleID])

    public var description: String {
        switch self {
        case .malformedJSON(let why):
            "the expected failures are not {\"expectedFailures\": [{\"rule\", \"reason\"}]}: \(why)"
        case .malformedLine(let line, let why): "line \(line) of the expected failures: \(why)"
        case .missingReason(let rule): "the expected failure \(rule) has no reason: say why it fails"
        case .duplicate(let rule): "\(rule) is listed twice in the expected failures"
        case .unknownRules(let rules):
            """
            the expected failures name \(rules.map(\.rawValue).joined(separator: ", ")), which \
            \(rules.count == 1 ? "is" : "are") not in the catalogue
            """
        }
    }
}
