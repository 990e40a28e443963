import ConformanceKit

/// A deliberate deviation of the reference from one documented behaviour, and the check that must catch it.
/// The suite's own tests run every defect and require a check it names to fail (or warn, for a SHOULD) the way it
/// names: an assertion, or a hang only for a defect whose very fault is that something never happens.
///
/// Each defect is declared once, in the file of its flow: its name, its rules, the checks that catch it, what it
/// does in one sentence, and its effect, a change of the ``ReferenceBehaviour`` the conforming reference reads.
package struct Defect: Sendable, Hashable, Comparable, CaseIterable, RawRepresentable, CustomStringConvertible {
    package let name: String
    /// The rules whose checks must catch this defect.
    package let rules: [RuleID]
    /// The checks meant to catch it, and how they must fail: a catch by any other check or kind does not count.
    package let catches: [ExpectedCatch]
    /// What the defect does, in one sentence.
    package let summary: String
    let effect: @Sendable (inout ReferenceBehaviour) -> Void

    /// `name` is the name of the static property that declares the defect.
    init(
        _ name: String, rules: [RuleID], catches: [ExpectedCatch] = [], _ summary: String,
        effect: @escaping @Sendable (inout ReferenceBehaviour) -> Void
    ) {
        self.name = name
        self.rules = rules
        self.catches = catches
        self.summary = summary
        self.effect = effect
    }

    package init?(rawValue: String) {
        guard let defect = Self.allCases.first(where: { $0.name == rawValue }) else { return nil }
        self = defect
    }

    /// Every defect, in catalogue order: the phone flow's, the general rules', the multi-factor flow's.
    package static let allCases =
        phoneDefects + generalDefects + multiFactorDefects + emailLinkDefects + oauthDefects + appleDefects
        + doorDefects + consumptionDefects + administratorDefects

    package var rawValue: String { name }

    package var description: String { name }

    /// The flows of the rules that must catch the defect.
    package var flows: Set<Flow> { Set(RuleCatalogue.rules(rules).map(\.flow)) }

    package static func == (lhs: Defect, rhs: Defect) -> Bool { lhs.name == rhs.name }

    package func hash(into hasher: inout Hasher) { hasher.combine(name) }

    package static func < (lhs: Defect, rhs: Defect) -> Bool { lhs.name < rhs.name }
}
