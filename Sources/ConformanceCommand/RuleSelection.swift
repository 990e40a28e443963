import ConformanceKit

/// The rules a command runs or lists: every rule, or those named by `--rule ID` and those of `--area AREA`
/// (both repeatable; a rule named either way is selected).
public struct RuleSelection: Sendable, Hashable {
    public var rules: [RuleID]
    public var areas: [Flow]

    public init(rules: [RuleID] = [], areas: [Flow] = []) {
        self.rules = rules
        self.areas = areas
    }

    /// No `--rule` and no `--area`: the whole catalogue.
    public var isEverything: Bool { rules.isEmpty && areas.isEmpty }

    /// The selected rules of `catalogue`, in catalogue order.
    public func rules(from catalogue: [Rule] = RuleCatalogue.all) -> [Rule] {
        guard !isEverything else { return catalogue }
        let ids = Set(rules)
        let flows = Set(areas)
        return catalogue.filter { ids.contains($0.id) || flows.contains($0.flow) }
    }

    /// The rule `id` names, or why it names none.
    static func rule(
        _ id: String, in catalogue: [Rule] = RuleCatalogue.all
    ) throws(CommandArguments.UsageError) -> RuleID {
        guard let rule = catalogue.first(where: { $0.id.rawValue == id }) else {
            var areas: [Substring] = []
            for rule in catalogue where !areas.contains(rule.id.area) { areas.append(rule.id.area) }
            let known = areas.compactMap { area -> String? in
                let rules = catalogue.filter { $0.id.area == area }
                guard let first = rules.first?.id, let last = rules.last?.id else { return nil }
                return first == last ? "\(first)" : "\(first)…\(last)"
            }.joined(separator: ", ")
            throw CommandArguments.UsageError("there is no rule \"\(id)\"; --rule needs one of \(known)")
        }
        return rule.id
    }

    /// The area `name` names, or why it names none an option can run.
    static func area(
        _ name: String, in catalogue: [Rule] = RuleCatalogue.all
    ) throws(CommandArguments.UsageError) -> Flow {
        let areas = Flow.allCases.filter { flow in catalogue.contains { $0.flow == flow } }.map(\.rawValue).joined(
            separator: ", ")
        guard let flow = Flow(rawValue: name) else {
            throw CommandArguments.UsageError("there is no area \"\(name)\"; --area needs one of \(areas)")
        }
        guard catalogue.contains(where: { $0.flow == flow }) else {
            throw CommandArguments.UsageError("the area \(name) has no rules yet; --area needs one of \(areas)")
        }
        return flow
    }
}
