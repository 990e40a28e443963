/// One check of the catalogue: its rule and its place among the rule's checks.
package struct CheckKey: Sendable, Hashable, Codable, CustomStringConvertible {
    package let rule: RuleID
    package let index: Int

    package init(rule: RuleID, index: Int) {
        self.rule = rule
        self.index = index
    }

    package var description: String { "\(rule)#\(index)" }
}
