/// A check's stable name: its rule's ID and a short kebab-case identifier that says what the check proves, written
/// `RULE/identifier` everywhere (`PHONE-8/exact-lifetime`): in defects and variants (`ExpectedCatch`), in
/// known-failures files, in `--rule`, and in every report.
///
/// A check also has a sentence (``CheckResult/name``), written for people: it may hold data (`+16505550101`), and it
/// is free to change whenever a clearer wording comes along. The identifier never changes: whatever names a check,
/// names it by its ID, so rewording a check touches one line. Identifiers are unique within their rule, lowercase
/// letters and digits in words joined by single hyphens, at most ``maximumIdentifierLength`` characters, and hold no
/// data values; the suite's tests hold every check of the catalogue to that.
public struct CheckID: Sendable, Hashable, Comparable, Codable, ExpressibleByStringLiteral, CustomStringConvertible {
    public let rule: RuleID
    /// The part after the `/`: `exact-lifetime`.
    public let identifier: String

    /// The longest identifier the catalogue uses.
    public static let maximumIdentifierLength = 32

    public init(rule: RuleID, _ identifier: String) {
        self.rule = rule
        self.identifier = identifier
    }

    /// `PHONE-8/exact-lifetime`, or nil when the text is not a rule ID and a well-formed identifier joined by `/`.
    public init?(parsing text: some StringProtocol) {
        let parts = String(text).split(separator: "/", maxSplits: 1, omittingEmptySubsequences: false)
        guard parts.count == 2, Self.isRuleID(parts[0]), Self.isWellFormed(identifier: String(parts[1])) else {
            return nil
        }
        self.init(rule: RuleID(rawValue: String(parts[0])), String(parts[1]))
    }

    /// `"PHONE-8/exact-lifetime"`. A literal that does not parse keeps its text, split at its first `/`, so that the
    /// tests that hold every named ID to the catalogue report it by name rather than the literal trapping.
    public init(stringLiteral value: String) {
        if let parsed = Self(parsing: value) {
            self = parsed
        } else {
            let parts = value.split(separator: "/", maxSplits: 1, omittingEmptySubsequences: false)
            self.init(rule: RuleID(rawValue: String(parts[0])), parts.count == 2 ? String(parts[1]) : "")
        }
    }

    /// Whether `identifier` is lowercase words of letters and digits joined by single hyphens, short enough.
    public static func isWellFormed(identifier: String) -> Bool {
        // `[a-z0-9]+(-[a-z0-9]+)*`, by hand: a regex literal is parsed anew each time it is evaluated, and every check
        // of the catalogue, in every process (the command's worker processes too), is named through here.
        let bytes = Array(identifier.utf8)
        guard identifier.count <= maximumIdentifierLength, bytes.first != hyphen, bytes.last != hyphen else {
            return false
        }
        return !bytes.isEmpty
            && zip(bytes, bytes.dropFirst() + [0]).allSatisfy { byte, next in
                isLowercaseLetterOrDigit(byte) || (byte == hyphen && next != hyphen)
            }
    }

    /// `[A-Z]+-[0-9]+`: `PHONE-8`.
    static func isRuleID(_ text: some StringProtocol) -> Bool {
        let bytes = Array(text.utf8)
        guard let dash = bytes.firstIndex(of: hyphen), dash > 0, dash < bytes.count - 1 else { return false }
        return bytes[..<dash].allSatisfy { (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains($0) }
            && bytes[(dash + 1)...].allSatisfy { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }
    }

    private static let hyphen = UInt8(ascii: "-")

    private static func isLowercaseLetterOrDigit(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
    }

    /// `PHONE-8/exact-lifetime`.
    public var description: String { "\(rule)/\(identifier)" }

    /// Catalogue order: as ``RuleCatalogue/all`` lists the rules, and each rule its checks. IDs the catalogue does not
    /// have come after all of its own, by rule and identifier.
    public static func < (lhs: CheckID, rhs: CheckID) -> Bool {
        let order = CatalogueOrder.positions
        switch (order[lhs], order[rhs]) {
        case (let left?, let right?): return left < right
        case (.some, nil): return true
        case (nil, .some): return false
        case (nil, nil): return (lhs.rule, lhs.identifier) < (rhs.rule, rhs.identifier)
        }
    }

    /// Decodes `"PHONE-8/exact-lifetime"`.
    public init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        guard let id = Self(parsing: text) else {
            throw DecodingError.dataCorrupted(
                .init(
                    codingPath: decoder.codingPath,
                    debugDescription: "\"\(text)\" is not a check ID such as PHONE-8/exact-lifetime"))
        }
        self = id
    }

    /// Encodes `"PHONE-8/exact-lifetime"`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}

/// Each check's place in the catalogue, for ``CheckID``'s order.
private enum CatalogueOrder {
    static let positions: [CheckID: Int] = Dictionary(
        RuleCatalogue.all.flatMap(\.checks).enumerated().map { ($1.id, $0) }, uniquingKeysWith: { first, _ in first })
}
