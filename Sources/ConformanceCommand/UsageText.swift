/// What the command prints for help and for a usage error, from the grammar.
package struct UsageText: Sendable {
    let grammar: CommandGrammar

    package init(grammar: CommandGrammar) { self.grammar = grammar }

    /// The help of the whole command, or of the subcommand `topic`.
    func text(_ topic: String?, subject: String) -> String { grammar.help(topic, subject: subject) }

    /// `conformance: MESSAGE`, the usage line of the subcommand `arguments` name and where the help is, for
    /// standard error.
    package func usageError(_ error: CommandUsageError, _ arguments: [String]) -> String {
        let named = arguments.first.flatMap(grammar.subcommand(named:))
        guard let subcommand = named ?? grammar.subcommands.first else { return "conformance: \(error.message)\n" }
        let help = named == nil ? "conformance --help" : "conformance \(subcommand.name) --help"
        return "conformance: \(error.message)\n\n\(grammar.usage(of: subcommand, prefix: "usage: "))\n\n"
            + "(\(help) says more)\n"
    }
}
