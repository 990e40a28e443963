/// A command line the command cannot run: the message says what is wrong (`--watchdog needs a number of seconds from
/// 0.001 to 3600, not "x"`). The command prints it on standard error with the subcommand's usage line and exits 64
/// (sysexits' EX_USAGE). An option's ``CommandOption/Check`` throws it for a value it refuses.
public struct CommandUsageError: Error, Sendable, Hashable, CustomStringConvertible {
    public let message: String

    public init(_ message: String) { self.message = message }

    public var description: String { message }
}
