/// A subcommand of the command line (`conformance audit`), declared once with what the help says of it. Its options
/// are the ``CommandOption``s that name it.
public struct Subcommand: Sendable, Hashable {
    /// `audit`.
    public let name: String
    /// One line: what it does.
    public let summary: String
    /// More of what it does, for its own help; empty when the summary says all.
    public let discussion: String
    /// How it exits: `0 when …, 1 otherwise`.
    public let exitStatus: String

    public init(_ name: String, summary: String, discussion: String = "", exitStatus: String) {
        self.name = name
        self.summary = summary
        self.discussion = discussion
        self.exitStatus = exitStatus
    }
}
