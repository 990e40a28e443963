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

    /// Reads a value and returns it as the option keeps it (a flow's name in its one spelling, whatever its case), or
    /// says why it is not one (the command's specific message: the watchdog's bounds, a rule ID's format, …).
    public typealias Check = @Sendable (String) throws(CommandUsageError) -> String

    /// `--rule`: the name the help shows and the parsed command is keyed by.
    package let name: String
    package let value: Value
    /// The subcommands that take the option; every other one refuses it.
    package let subcommands: [String]
    package let help: String
    /// What the value is, for the error when it is missing: `--rule needs a rule ID such as PHONE-8`.
    package var valueHelp: String?
    package var isRepeatable: Bool
    /// Reads a value once, where it is checked, into what the parts of the command use (a `Duration`, a `Flow`, a
    /// count…; the text the check returned for an option declared with ``Check``): ``ParsedCommand`` keeps it.
    package var read: @Sendable (String) throws(CommandUsageError) -> any Sendable

    public init(
        _ name: String, _ value: Value = .none, subcommands: [String], help: String, valueHelp: String? = nil,
        isRepeatable: Bool = false, check: @escaping Check = { value throws(CommandUsageError) in value }
    ) {
        self.init(
            name, value, subcommands: subcommands, help: help, valueHelp: valueHelp, isRepeatable: isRepeatable,
            reading: check)
    }

    /// An option whose value is read into a `T` where it is checked: the parts of the command take it typed
    /// (``ParsedCommand/typed(_:as:)``), never reading its text again.
    package init<T: Sendable>(
        _ name: String, _ value: Value, subcommands: [String], help: String, valueHelp: String? = nil,
        isRepeatable: Bool = false, reading: @escaping @Sendable (String) throws(CommandUsageError) -> T
    ) {
        self.name = name
        self.value = value
        self.subcommands = subcommands
        self.help = help
        self.valueHelp = valueHelp
        self.isRepeatable = isRepeatable
        self.read = { text throws(CommandUsageError) in try reading(text) }
    }

    /// `--rule RULE-ID`, `--json [FILE]`, `--matrix`: the option as the usage lines show it.
    package var synopsis: String {
        switch value {
        case .none: name
        case .required(let placeholder): "\(name) \(placeholder)"
        case .optional(let placeholder): "\(name) [\(placeholder)]"
        }
    }
}
