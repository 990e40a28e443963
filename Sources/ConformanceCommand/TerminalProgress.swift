import ConformanceKit
import Foundation
import Synchronization

/// The one-line progress indicator of a long command on a terminal: rewritten in place (`\r`) on standard
/// error, and wiped before the result is printed.
package final class TerminalProgress: Sendable {
    private let width = Mutex(0)
    private let write: @Sendable (String) -> Void

    package init(write: @escaping @Sendable (String) -> Void = { FileHandle.standardError.write(Data($0.utf8)) }) {
        self.write = write
    }

    /// Whether standard output is a terminal: a person is watching, not a pipe or a file.
    package static var isTerminal: Bool { isatty(STDOUT_FILENO) == 1 }

    package func update(_ progress: RunProgress) {
        width.withLock { width in
            let text = progress.rendered
            write(Self.line(text, over: width))
            width = text.count
        }
    }

    package func finish() {
        width.withLock { width in
            if width > 0 { write("\r" + String(repeating: " ", count: width) + "\r") }
            width = 0
        }
    }

    /// `text` after a carriage return, padded to cover a longer line before it.
    package static func line(_ text: String, over previousWidth: Int) -> String {
        "\r" + text + String(repeating: " ", count: max(0, previousWidth - text.count))
    }
}
