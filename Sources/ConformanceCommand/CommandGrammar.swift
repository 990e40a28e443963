/// The command line of the `conformance` executable as a table: its subcommands and the options each takes. One
/// parser reads every command line from it, the help is generated from it, and a usage error names the option and the
/// subcommand from it. The library declares the catalogue's subcommands and the server's options
/// (``CommandGrammar/conformance``); an executable adds its own (the package's adds `serve` and `--variation`) and
/// hands the whole grammar to ``ConformanceCommand``.
public struct CommandGrammar: Sendable {
    /// The first is the one a command line that names none runs.
    package private(set) var subcommands: [Subcommand]
    package private(set) var options: [CommandOption]
    package init(subcommands: [Subcommand], options: [CommandOption]) {
        self.subcommands = subcommands
        self.options = options
    }

    /// The grammar with an executable's own options (the subcommands each names must be in the grammar).
    public func adding(options more: [CommandOption]) -> CommandGrammar {
        var grammar = self
        grammar.options += more
        return grammar
    }

    /// The grammar with a subcommand of an executable's own and its options.
    package func adding(_ subcommand: Subcommand, options more: [CommandOption]) -> CommandGrammar {
        var grammar = self
        grammar.subcommands.append(subcommand)
        grammar.options += more
        return grammar
    }

    /// The options `subcommand` takes, in declaration order.
    package func options(of subcommand: String) -> [CommandOption] {
        options.filter { $0.subcommands.contains(subcommand) }
    }

    package func subcommand(named name: String) -> Subcommand? { subcommands.first { $0.name == name } }

    /// Reads `arguments`: a subcommand first (or the first subcommand, implied), then its options in any order.
    public func parse(_ arguments: [String]) throws(CommandUsageError) -> ParsedCommand {
        var rest = arguments[...]
        var parsed = ParsedCommand(
            subcommand: subcommands.first?.name ?? "", namesSubcommand: false, occurrences: [], help: false,
            helpTopic: nil)
        if rest.contains("--version") {
            parsed.version = true
            return parsed
        }
        if rest.first == "help" {
            rest.removeFirst()
            parsed.help = true
            if let topic = rest.first {
                guard subcommand(named: topic) != nil else { throw unknownSubcommand(topic) }
                parsed.helpTopic = topic
            }
            return parsed
        }
        if let first = rest.first, let named = subcommand(named: first) {
            rest.removeFirst()
            (parsed.subcommand, parsed.namesSubcommand) = (named.name, true)
        }
        if rest.contains("-h") || rest.contains("--help") {
            parsed.help = true
            parsed.helpTopic = parsed.namesSubcommand ? parsed.subcommand : nil
            return parsed
        }
        let takesOperands = subcommand(named: parsed.subcommand)?.operands != nil
        while let argument = rest.popFirst() {
            if takesOperands, !argument.hasPrefix("-") {
                parsed.operands.append(argument)
                continue
            }
            let option = try self.option(argument, of: parsed.subcommand)
            var value: String?
            var typed: (any Sendable)?
            switch option.value {
            case .none: break
            case .required(let placeholder):
                guard let next = rest.first, Self.isValue(next) else {
                    throw CommandUsageError("\(option.name) needs \(option.valueHelp ?? placeholder)")
                }
                value = next
                rest.removeFirst()
            case .optional:
                if let next = rest.first, next == "-" || (!next.hasPrefix("-") && subcommand(named: next) == nil) {
                    value = next
                    rest.removeFirst()
                }
            }
            if let given = value { typed = try option.read(given) }
            if !option.isRepeatable { parsed.occurrences.removeAll { $0.name == option.name } }
            parsed.occurrences.append(.init(name: option.name, text: value, typed: typed))
        }
        return parsed
    }

    /// The declaration `argument` spells for `subcommand`, or the usage error that says why there is none.
    private func option(_ argument: String, of subcommand: String) throws(CommandUsageError) -> CommandOption {
        if let option = options.first(where: { $0.subcommands.contains(subcommand) && $0.name == argument }) {
            return option
        }
        let takers = options.filter { $0.name == argument }.flatMap(\.subcommands)
        guard !takers.isEmpty else {
            if !argument.hasPrefix("-"), self.subcommand(named: argument) != nil {
                throw CommandUsageError(
                    "the subcommand comes first: conformance \(argument) [options], not after \(subcommand)")
            }
            throw CommandUsageError("unknown argument \"\(argument)\"")
        }
        let names = subcommands.map(\.name).filter(takers.contains)
        let verb = names.count == 1 ? "does" : "do"
        throw CommandUsageError("\(subcommand) does not take \(argument) (\(names.joined(separator: ", ")) \(verb))")
    }

    private func unknownSubcommand(_ name: String) -> CommandUsageError {
        CommandUsageError(
            "there is no subcommand \"\(name)\"; the subcommands are \(subcommands.map(\.name).joined(separator: ", "))"
        )
    }

    /// Whether `argument` is a value rather than an option: `-` and negative numbers are values (and refused, with
    /// the option's own message, by an option that needs a positive one).
    private static func isValue(_ argument: String) -> Bool {
        !argument.hasPrefix("-") || argument == "-" || Double(argument) != nil
    }
}
