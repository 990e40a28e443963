/// A subcommand of the command line (`conformance audit`), declared once with what the help says of it. Its options
/// are the ``CommandOption``s that name it.
package struct Subcommand: Sendable, Hashable {
    /// `audit`.
    package let name: String
    /// One line: what it does.
    package let summary: String
    /// More of what it does, for its own help; empty when the summary says all.
    package let discussion: String
    /// How it exits: `0 when …, 1 otherwise`.
    package let exitStatus: String
    /// The arguments it takes that are not options, as its usage line shows them (`A.json B.json [C.json…]`); nil
    /// when it takes none, and an argument that is not an option is then an error.
    package var operands: String?

    package init(_ name: String, summary: String, discussion: String = "", exitStatus: String) {
        self.name = name
        self.summary = summary
        self.discussion = discussion
        self.exitStatus = exitStatus
    }
}
