/// A command line as ``CommandGrammar`` read it, once: the subcommand and each option given, under its declared name,
/// its value read where the option checks it (the text an executable's option's check returned; a `Duration`, a
/// `Flow`, a count… for the command's own). Each part of the command (the report's options, the server's, an
/// executable's own) reads the options it declared.
public struct ParsedCommand: Sendable {
    /// One option as given: its declared name and, for an option with a value, the text it was given and what the
    /// option read from it.
    package struct Occurrence: Sendable {
        package let name: String
        package let text: String?
        package let typed: (any Sendable)?
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

    /// The last value `name` was given, as its check returned it.
    public func value(_ name: String) -> String? { values(name).last }

    /// Every value `name` was given, in order, as its check returned it.
    public func values(_ name: String) -> [String] {
        occurrences.filter { $0.name == name }.compactMap { ($0.typed as? String) ?? $0.text }
    }

    /// The last value `name` was read into, as a `T`.
    package func typed<T>(_ name: String, as type: T.Type = T.self) -> T? { every(name, as: type).last }

    /// Every value `name` was read into, in order, as `T`s.
    package func every<T>(_ name: String, as type: T.Type = T.self) -> [T] {
        occurrences.filter { $0.name == name }.compactMap { $0.typed as? T }
    }
}
