import ConformanceKit
import Foundation

/// What the command would print, the report files it would write, and how it would exit, so that it can be
/// tested without ending the process or touching the disk.
package struct CommandOutcome: Sendable, Hashable {
    /// A report file (`--junit FILE`, `--markdown FILE`) and its contents.
    package struct File: Sendable, Hashable {
        package let path: String
        /// Ends in a newline.
        package let contents: String

        package init(path: String, contents: String) {
            self.path = path
            self.contents = contents
        }
    }

    package struct WriteError: Error, Sendable, Hashable, CustomStringConvertible {
        package let path: String
        package let reason: String

        package var description: String { "cannot write \(path): \(reason)" }
    }

    /// Standard output, ending in a newline unless empty.
    package let output: String
    /// Standard error, ending in a newline unless empty.
    package let error: String
    package let status: Int32
    package let files: [File]

    package init(output: String = "", error: String = "", status: Int32, files: [File] = []) {
        self.output = output
        self.error = error
        self.status = status
        self.files = files
    }

    /// Writes the report files, each whole or not at all.
    package func writeFiles() throws(WriteError) {
        for file in files {
            do { try Data(file.contents.utf8).write(to: URL(fileURLWithPath: file.path), options: .atomic) } catch {
                throw WriteError(path: file.path, reason: "\(error.localizedDescription)")
            }
        }
    }

    package static let success: Int32 = 0
    package static let failure: Int32 = 1
    /// `EX_USAGE` of sysexits(3).
    package static let usageError: Int32 = 64
    /// `EX_CANTCREAT` of sysexits(3): a report file cannot be written.
    package static let cannotWrite: Int32 = 73
    /// The server the command is pointed at does not answer (`EX_UNAVAILABLE`).
    package static let unavailable: Int32 = 69
    /// The server the command is pointed at answers, but is not the one named (`EX_CONFIG`): it serves another
    /// project, or its outboxes cannot be read.
    package static let otherServer: Int32 = 78
}
