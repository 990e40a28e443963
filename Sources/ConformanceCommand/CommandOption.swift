/// One option of the command line, declared once: the parser reads it, the help describes it, and the usage errors
/// name it from this declaration alone, so that what the command takes, says and documents cannot drift apart.
public struct CommandOption: Sendable {
    /// Whether the option takes a value, and how the help names it.
    public enum Value: Sendable, Hashable {
        /// A flag: `--matrix`.
        case none
        /// `--rule RULE-ID`: the value is needed.
        case required(String)
        /// `--json [FILE]`: a value follows when the next argument is one (not an option; `-` is a value).
        case optional(String)
    }

    /// A value as the option keeps it, and the deprecation line its spelling earns, if any.
    public struct Checked: Sendable, Hashable {
        public var value: String
        /// Printed on standard error, without the leading `conformance: `.
        public var deprecation: String?

        public init(_ value: String, deprecation: String? = nil) {
            self.value = value
            self.deprecation = deprecation
        }
    }

    /// Reads a value, or says why it is not one (the command's specific message: the watchdog's bounds, a rule ID's
    /// format, …).
    public typealias Check = @Sendable (String) throws(CommandArguments.UsageError) -> Checked

    /// `--rule`: the name the help shows and the parsed command is keyed by.
    public let name: String
    public let value: Value
    /// The subcommands that take the option; every other one refuses it.
    public let subcommands: [String]
    public let help: String
    /// What the value is, for the error when it is missing: `--rule needs a rule ID such as PHONE-8`.
    public var valueHelp: String?
    public var isRepeatable: Bool
    /// Other spellings, accepted silently (`--repeat` for `--runs`).
    public var aliases: [String]
    /// Old spellings, accepted with a deprecation line on standard error (`--area` for `--flow`).
    public var deprecatedAliases: [String]
    public var check: Check

    public init(
        _ name: String, _ value: Value = .none, subcommands: [String], help: String, valueHelp: String? = nil,
        isRepeatable: Bool = false, aliases: [String] = [], deprecatedAliases: [String] = [],
        check: @escaping Check = { value throws(CommandArguments.UsageError) in Checked(value) }
    ) {
        self.name = name
        self.value = value
        self.subcommands = subcommands
        self.help = help
        self.valueHelp = valueHelp
        self.isRepeatable = isRepeatable
        self.aliases = aliases
        self.deprecatedAliases = deprecatedAliases
        self.check = check
    }

    /// Whether `argument` spells this option, and whether that spelling is deprecated.
    func spelling(_ argument: String) -> (matches: Bool, deprecated: Bool) {
        if argument == name || aliases.contains(argument) { return (true, false) }
        return (deprecatedAliases.contains(argument), deprecatedAliases.contains(argument))
    }

    /// `--rule RULE-ID`, `--json [FILE]`, `--matrix`: the option as the usage lines show it.
    public var synopsis: String {
        switch value {
        case .none: name
        case .required(let placeholder): "\(name) \(placeholder)"
        case .optional(let placeholder): "\(name) [\(placeholder)]"
        }
    }
}
