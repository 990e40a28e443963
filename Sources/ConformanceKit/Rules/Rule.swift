/// A documented rule: its stable ID, level, one normative sentence, where it comes from, what to look at when it
/// fails, and the checks that prove it.
public struct Rule: Sendable, Identifiable, CustomStringConvertible {
    public let id: RuleID
    public let level: RequirementLevel
    public let flow: Flow
    /// A short sentence naming the rule, used as the test name and in the table.
    public let title: String
    /// The full normative statement, with the error codes it names.
    public let statement: String
    /// The public documents it comes from, one or more, so that a vendor can read the rule's origin.
    public let sources: [RuleSource]
    /// One line for an implementer whose subject fails the rule: "if this fails, check …".
    public let hint: String
    package let checks: [Check]

    package init(
        _ id: RuleID, _ level: RequirementLevel, flow: Flow, title: String, statement: String, sources: [RuleSource],
        hint: String, checks: [Check]
    ) {
        self.id = id
        self.level = level
        self.flow = flow
        self.title = title
        self.statement = statement
        self.sources = sources
        self.hint = hint
        self.checks = checks.map { check in
            var check = check
            check.id = CheckID(rule: id, check.id.identifier)
            return check
        }
    }

    /// `PHONE-1 [MUST] A phone number is accepted only in E.164 form`.
    public var description: String { "\(id) [\(level)] \(title)" }
}

/// A rule ID such as `PHONE-1`: an area and a number, never renumbered.
public struct RuleID: RawRepresentable, Sendable, Hashable, Comparable, Codable, ExpressibleByStringLiteral,
    CustomStringConvertible
{
    public let rawValue: String

    public init(rawValue: String) { self.rawValue = rawValue }
    public init(stringLiteral value: String) { rawValue = value }

    public var area: Substring { rawValue.split(separator: "-").first ?? "" }
    public var number: Int { Int(rawValue.split(separator: "-").last ?? "") ?? 0 }
    public var description: String { rawValue }

    /// Catalogue order: by area, then numerically (`PHONE-2` before `PHONE-10`).
    public static func < (lhs: RuleID, rhs: RuleID) -> Bool { (lhs.area, lhs.number) < (rhs.area, rhs.number) }
}

/// RFC 2119 levels: a MUST not met is a failure, a SHOULD not met a warning, a MAY is reported either way.
public enum RequirementLevel: String, Sendable, Hashable, Codable, CustomStringConvertible {
    case must = "MUST"
    case should = "SHOULD"
    case may = "MAY"

    public var description: String { rawValue }
}
