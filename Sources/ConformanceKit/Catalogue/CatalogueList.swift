/// The catalogue at a glance (`conformance --list`): one line per rule with its ID, level, title and the address
/// of its first source, without running anything.
public struct CatalogueList: Sendable {
    public let rules: [Rule]

    public init(_ rules: [Rule] = RuleCatalogue.all) { self.rules = rules }

    public var rendered: String {
        let idWidth = max(4, rules.map(\.id.rawValue.count).max() ?? 0)
        let titleWidth = max(5, rules.map(\.title.count).max() ?? 0)
        var lines = [pad("RULE", idWidth) + "  " + pad("LEVEL", 6) + "  " + pad("TITLE", titleWidth) + "  SOURCE"]
        for rule in rules {
            let source = rule.sources.first?.url.absoluteString ?? ""
            lines.append(
                pad(rule.id.rawValue, idWidth) + "  " + pad(rule.level.rawValue, 6) + "  " + pad(rule.title, titleWidth)
                    + "  " + source)
        }
        lines += ["", "\(rules.count) rule\(rules.count == 1 ? "" : "s")"]
        return lines.joined(separator: "\n")
    }

    private func pad(_ text: String, _ width: Int) -> String {
        text + String(repeating: " ", count: max(0, width - text.count))
    }
}
