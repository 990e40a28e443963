/// The catalogue at a glance (`conformance list`): one line per rule with its ID, level, title and the address
/// of its first source, and under it one line per check with its ID (`PHONE-8/exact-lifetime`) and its sentence,
/// without running anything.
public struct CatalogueList: Sendable {
    public let rules: [Rule]

    public init(_ rules: [Rule] = RuleCatalogue.all) { self.rules = rules }

    public var rendered: String {
        let idWidth = max(4, rules.map(\.id.rawValue.count).max() ?? 0)
        let titleWidth = max(5, rules.map(\.title.count).max() ?? 0)
        var lines = [pad("RULE", idWidth) + "  " + pad("LEVEL", 6) + "  " + pad("TITLE", titleWidth) + "  SOURCE"]
        let checkWidth = rules.flatMap { $0.checks.map(\.id.description.count) }.max() ?? 0
        for rule in rules {
            let source = rule.sources.first?.url.absoluteString ?? ""
            lines.append(
                pad(rule.id.rawValue, idWidth) + "  " + pad(rule.level.rawValue, 6) + "  " + pad(rule.title, titleWidth)
                    + "  " + source)
            lines += rule.checks.map { "  " + pad($0.id.description, checkWidth) + "  " + $0.name }
        }
        let checks = rules.map(\.checks.count).reduce(0, +)
        lines += ["", "\(rules.count) rule\(rules.count == 1 ? "" : "s"), \(checks) check\(checks == 1 ? "" : "s")"]
        return lines.joined(separator: "\n")
    }

    private func pad(_ text: String, _ width: Int) -> String {
        text + String(repeating: " ", count: max(0, width - text.count))
    }
}
