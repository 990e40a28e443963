/// One check of the catalogue: its rule and its place among the rule's checks.
public struct CheckKey: Sendable, Hashable, Codable, CustomStringConvertible {
    public let rule: RuleID
    public let index: Int

    public init(rule: RuleID, index: Int) {
        self.rule = rule
        self.index = index
    }

    public var description: String { "\(rule)#\(index)" }
}
