import ConformanceKit

/// A flow as the command line names it: its raw value (`password`, `phone`, `mfa`, `email-link`, `oauth`, `apple`,
/// `general`), in any case, for `--flow` and `--flows` alike.
package enum FlowName {
    /// The flow `text` names (any case); nil when it names none.
    package static func flow(_ text: String) -> Flow? { Flow(rawValue: text.lowercased()) }

    /// The flows with rules, which `--flow` can run: `phone, mfa, email-link, oauth, apple, general`.
    static func withRules(in catalogue: [Rule] = RuleCatalogue.all) -> [Flow] {
        Flow.allCases.filter { flow in catalogue.contains { $0.flow == flow } }
    }
}
