import ConformanceKit
import Foundation

/// What the command would print, the report files it would write, and how it would exit, so that it can be
/// tested without ending the process or touching the disk.
public struct CommandOutcome: Sendable, Hashable {
    /// A report file (`--junit FILE`, `--markdown FILE`) and its contents.
    public struct File: Sendable, Hashable {
        public let path: String
        /// Ends in a newline.
        public let contents: String

        public init(path: String, contents: String) {
            self.path = path
            self.contents = contents
        }
    }

    public struct WriteError: Error, Sendable, Hashable, CustomStringConvertible {
        public let path: String
        public let reason: String

        public var description: String { "cannot write \(path): \(reason)" }
    }

    /// Standard output, ending in a newline unless empty.
    public let output: String
    /// Standard error, ending in a newline unless empty.
    public let error: String
    public let status: Int32
    public let files: [File]

    public init(output: String = "", error: String = "", status: Int32, files: [File] = []) {
        self.output = output
        self.error = error
        self.status = status
        self.files = files
    }

    /// Writes the report files, each whole or not at all.
    public func writeFiles() throws(WriteError) {
        for file in files {
            do { try Data(file.contents.utf8).write(to: URL(fileURLWithPath: file.path), options: .atomic) } catch {
                throw WriteError(path: file.path, reason: "\(error.localizedDescription)")
            }
        }
    }

    public static let success: Int32 = 0
    public static let failure: Int32 = 1
    /// `EX_USAGE` of sysexits(3).
    public static let usageError: Int32 = 64
    /// `EX_CANTCREAT` of sysexits(3): a report file cannot be written.
    public static let cannotWrite: Int32 = 73
    /// The server the command is pointed at does not answer (`EX_UNAVAILABLE`).
    public static let unavailable: Int32 = 69
    /// The server the command is pointed at answers, but is not the one named (`EX_CONFIG`): it serves another
    /// project, or its outboxes cannot be read.
    public static let otherServer: Int32 = 78
}
