import ConformanceKit

/// The one spelling of a flow on the command line, for `--flow` and `--flows` alike: `password`, `phone`, `mfa`,
/// `email-link`, `oauth`, `apple`, `general`. The raw values of `Flow` (`multiFactor`, `emailLink`) and the older
/// friendly names are still read, each with a deprecation line, until 0.2.
package enum FlowName {
    /// Each flow's name, in `Flow`'s order.
    package static func name(of flow: Flow) -> String {
        switch flow {
        case .multiFactor: "mfa"
        case .emailLink: "email-link"
        default: flow.rawValue
        }
    }

    /// The old spellings, lowercased, and the flow each names.
    private static let deprecated: [String: Flow] = [
        "multifactor": .multiFactor, "multi-factor": .multiFactor, "emaillink": .emailLink, "link": .emailLink,
        "email-password": .password,
    ]

    /// The flow `text` names (any case), and whether the spelling is deprecated; nil when it names none.
    package static func flow(_ text: String) -> (flow: Flow, deprecated: Bool)? {
        let lowered = text.lowercased()
        if let flow = Flow.allCases.first(where: { name(of: $0) == lowered }) { return (flow, false) }
        return deprecated[lowered].map { ($0, true) }
    }

    /// `--flow multiFactor is deprecated, use --flow mfa (accepted until 0.2)`.
    static func deprecation(_ option: String, _ spelled: String, _ flow: Flow) -> String {
        "\(option) \(spelled) is deprecated, use \(option) \(name(of: flow)) (accepted until 0.2)"
    }

    /// The flows with rules, which `--flow` can run: `phone, mfa, email-link, oauth, apple, general`.
    static func withRules(in catalogue: [Rule] = RuleCatalogue.all) -> [Flow] {
        Flow.allCases.filter { flow in catalogue.contains { $0.flow == flow } }
    }
}
