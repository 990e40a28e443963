import ConformanceKit

/// The rules a command runs or lists: every rule, or those named by `--rule ID` and those of `--flow FLOW`
/// (both repeatable; a rule named either way is selected), and the single checks named by `--rule RULE/check`.
package struct RuleSelection: Sendable, Hashable {
    package var rules: [RuleID]
    package var areas: [Flow]
    /// Checks selected one by one (`--rule PHONE-8/exact-lifetime`): their rules run with only these checks, unless
    /// the rule is selected whole.
    package var checks: [CheckID]

    package init(rules: [RuleID] = [], areas: [Flow] = [], checks: [CheckID] = []) {
        self.rules = rules
        self.areas = areas
        self.checks = checks
    }

    /// No `--rule` and no `--flow`: the whole catalogue.
    package var isEverything: Bool { rules.isEmpty && areas.isEmpty && checks.isEmpty }

    /// The selected rules of `catalogue`, in catalogue order; a rule selected only by some of its checks keeps only
    /// those.
    package func rules(from catalogue: [Rule] = RuleCatalogue.all) -> [Rule] {
        guard !isEverything else { return catalogue }
        let ids = Set(rules)
        let flows = Set(areas)
        let checks = Set(self.checks)
        return catalogue.compactMap { rule in
            if ids.contains(rule.id) || flows.contains(rule.flow) { return rule }
            let picked = rule.checks.filter { checks.contains($0.id) }
            guard !picked.isEmpty else { return nil }
            return Rule(
                rule.id, rule.level, flow: rule.flow, title: rule.title, statement: rule.statement,
                sources: rule.sources, hint: rule.hint, checks: picked)
        }
    }

    /// The check `id` names, or why it names none.
    /// What a `--rule` value names: a rule, or one check of it (`RULE-ID/check-id`).
    package enum Named: Sendable, Hashable {
        case rule(RuleID)
        case check(CheckID)

        /// The rule or check `id` names in the catalogue, or why it names none.
        init(_ id: String) throws(CommandUsageError) {
            self = id.contains("/") ? .check(try RuleSelection.check(id)) : .rule(try RuleSelection.rule(id))
        }
    }

    static func check(_ id: String, in catalogue: [Rule] = RuleCatalogue.all) throws(CommandUsageError) -> CheckID {
        guard let parsed = CheckID(parsing: id) else {
            throw CommandUsageError(
                """
                "\(id)" is not a check ID; --rule needs a rule ID such as PHONE-8 or a check ID such as \
                PHONE-8/exact-lifetime
                """)
        }
        let rule = try Self.rule(parsed.rule.rawValue, in: catalogue)
        let checks = catalogue.first { $0.id == rule }?.checks.map(\.id) ?? []
        guard checks.contains(parsed) else {
            let known = checks.map(\.description).joined(separator: ", ")
            throw CommandUsageError("\(rule) has no check \"\(parsed.identifier)\"; its checks are \(known)")
        }
        return parsed
    }

    /// The rule `id` names, or why it names none.
    static func rule(_ id: String, in catalogue: [Rule] = RuleCatalogue.all) throws(CommandUsageError) -> RuleID {
        guard let rule = catalogue.first(where: { $0.id.rawValue == id }) else {
            var areas: [Substring] = []
            for rule in catalogue where !areas.contains(rule.id.area) { areas.append(rule.id.area) }
            let known = areas.compactMap { area -> String? in
                let rules = catalogue.filter { $0.id.area == area }
                guard let first = rules.first?.id, let last = rules.last?.id else { return nil }
                return first == last ? "\(first)" : "\(first)…\(last)"
            }.joined(separator: ", ")
            throw CommandUsageError("there is no rule \"\(id)\"; --rule needs one of \(known)")
        }
        return rule.id
    }

    /// The flow `name` names (`mfa`, any case), or why it names none an option can run.
    static func area(_ name: String, in catalogue: [Rule] = RuleCatalogue.all) throws(CommandUsageError) -> Flow {
        let flows = FlowName.withRules(in: catalogue).map(\.rawValue).joined(separator: ", ")
        guard let flow = FlowName.flow(name) else {
            throw CommandUsageError("there is no flow \"\(name)\"; --flow needs one of \(flows)")
        }
        guard catalogue.contains(where: { $0.flow == flow }) else {
            throw CommandUsageError("the flow \(name) has no rules yet; --flow needs one of \(flows)")
        }
        return flow
    }
}
