/// What the command prints for help and for a usage error: the grammar's generated help, then the text of the options
/// an executable parses itself (`executableOptions`, for an executable that does not declare them).
struct UsageText: Sendable {
    let grammar: CommandGrammar
    let executableOptions: String?

    /// The help of the whole command, or of the subcommand `topic`.
    func text(_ topic: String?, subject: String) -> String {
        grammar.help(topic, subject: subject) + (topic == nil ? executableOptions.map { "\n\n" + $0 } ?? "" : "")
    }

    /// `conformance: MESSAGE`, the usage line of the subcommand `arguments` name and where the help is, for
    /// standard error.
    func usageError(_ error: CommandArguments.UsageError, subject: String, _ arguments: [String]) -> String {
        let named = arguments.first.flatMap(grammar.subcommand(named:))
        guard let subcommand = named ?? grammar.subcommands.first else { return "conformance: \(error.message)\n" }
        let help = named == nil ? "conformance --help" : "conformance \(subcommand.name) --help"
        return "conformance: \(error.message)\n\n\(grammar.usage(of: subcommand, prefix: "usage: "))\n\n"
            + "(\(help) says more)\n" + (executableOptions.map { "\n\($0)\n" } ?? "")
    }
}
