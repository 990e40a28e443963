/// A command line as ``CommandGrammar`` read it, once: the subcommand and each option given, under its declared name,
/// its value as the option's check returned it. Each part of the command (the report's options, the server's, an
/// executable's own) reads the options it declared.
public struct ParsedCommand: Sendable, Hashable {
    /// One option as given: its declared name and, for an option with a value, the value it was given.
    package struct Occurrence: Sendable, Hashable {
        package let name: String
        package let value: String?
    }

    /// The subcommand, named or implied (`run` when none is named).
    public var subcommand: String
    /// Whether the arguments named the subcommand (`conformance run`), rather than implied it.
    package var namesSubcommand: Bool
    package var occurrences: [Occurrence]
    /// `-h`, `--help`, `conformance help [SUBCOMMAND]`: the help of ``helpTopic``, or of the whole command when nil.
    package var help: Bool
    package var helpTopic: String?
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
