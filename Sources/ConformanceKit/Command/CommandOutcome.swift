/// What the command would print and how it would exit, so that it can be tested without ending the process.
public struct CommandOutcome: Sendable, Hashable {
    /// Standard output, ending in a newline unless empty.
    public let output: String
    /// Standard error, ending in a newline unless empty.
    public let error: String
    public let status: Int32

    public init(output: String = "", error: String = "", status: Int32) {
        self.output = output
        self.error = error
        self.status = status
    }

    public static let success: Int32 = 0
    public static let failure: Int32 = 1
    /// `EX_USAGE` of sysexits(3).
    public static let usageError: Int32 = 64
}
