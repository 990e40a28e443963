/// A command line as ``CommandGrammar`` read it: the subcommand, each option given (under its declared name, its value
/// checked), and the deprecation lines its old spellings earned. The values stay text: each part of the command (the
/// report's ``CommandArguments``, the server's ``IdentityToolkitCommandLine``, an executable's own options) reads the
/// options it declared.
public struct ParsedCommand: Sendable, Hashable {
    /// One option as given: its declared name and, for an option with a value, the value it was given.
    public struct Occurrence: Sendable, Hashable {
        public let name: String
        public let value: String?
    }

    /// The subcommand, named or implied (`run` when none is named).
    public var subcommand: String
    /// Whether the arguments named the subcommand (`conformance run`), rather than implied it.
    public var namesSubcommand: Bool
    public var occurrences: [Occurrence]
    /// `-h`, `--help`, `conformance help [SUBCOMMAND]`: the help of ``helpTopic``, or of the whole command when nil.
    public var help: Bool
    public var helpTopic: String?
    /// One line each, without `conformance: ` before or a newline after, for standard error (never standard output,
    /// whose JSON a script reads).
    public var deprecations: [String]
    /// The arguments that are not options, in order, for a subcommand that takes them (`compare`'s files).
    package var operands: [String] = []
    /// `--version`: the suite's version, whatever else the command line holds.
    package var version = false

    /// Whether the option `name` (as declared) was given.
    public func has(_ name: String) -> Bool { occurrences.contains { $0.name == name } }

    /// The last value `name` was given.
    public func value(_ name: String) -> String? { occurrences.last { $0.name == name && $0.value != nil }?.value }

    /// Every value `name` was given, in order.
    public func values(_ name: String) -> [String] { occurrences.filter { $0.name == name }.compactMap(\.value) }
}
