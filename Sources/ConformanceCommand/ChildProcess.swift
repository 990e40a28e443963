import ConformanceKit
import Dispatch
import Foundation
import Synchronization

/// One run of an executable as a child process, with what it printed and how it ended.
struct ChildProcess: Sendable {
    struct Ending: Sendable {
        /// Standard output, whole.
        let output: String
        /// Standard error, whole.
        let error: String
        /// The exit status, or the signal that ended it.
        let status: Int32
        let crashed: Bool

        /// `signal 4 (SIGILL)`, or `exit status 3`.
        var how: String {
            guard crashed else { return "exit status \(status)" }
            return "signal \(status)" + (Self.signalNames[status].map { " (\($0))" } ?? "")
        }

        private static let signalNames: [Int32: String] = [
            4: "SIGILL", 5: "SIGTRAP", 6: "SIGABRT", 7: "SIGBUS", 8: "SIGFPE", 9: "SIGKILL", 11: "SIGSEGV",
            15: "SIGTERM",
        ]
    }

    let executable: URL
    let arguments: [String]
    let environment: [String: String]

    /// Runs the child to its end; a child that cannot be started ends as a crash with the reason on standard error.
    func run() async -> Ending {
        await withCheckedContinuation { continuation in
            DispatchQueue.global().async { continuation.resume(returning: runBlocking()) }
        }
    }

    private func runBlocking() -> Ending {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.environment = environment
        let output = Pipe()
        let error = Pipe()
        process.standardOutput = output
        process.standardError = error
        process.standardInput = FileHandle.nullDevice
        do { try process.run() } catch {
            return Ending(output: "", error: "cannot start \(executable.path): \(error)", status: -1, crashed: true)
        }
        // Both pipes are drained at once, so a child that fills one never blocks on it.
        let group = DispatchGroup()
        let printed = Printed()
        for (pipe, keyPath) in [(output, \(output: String, error: String).output), (error, \.error)] {
            group.enter()
            DispatchQueue.global().async {
                let data = pipe.fileHandleForReading.readDataToEndOfFile()
                printed.set(keyPath, String(decoding: data, as: UTF8.self))
                group.leave()
            }
        }
        process.waitUntilExit()
        group.wait()
        return Ending(
            output: printed.get(\.output), error: printed.get(\.error), status: process.terminationStatus,
            crashed: process.terminationReason == .uncaughtSignal)
    }
}

/// What the two reading threads collect.
private final class Printed: Sendable {
    private let values = Mutex((output: "", error: ""))

    func set(_ keyPath: WritableKeyPath<(output: String, error: String), String> & Sendable, _ value: String) {
        values.withLock { $0[keyPath: keyPath] = value }
    }

    func get(_ keyPath: KeyPath<(output: String, error: String), String> & Sendable) -> String {
        values.withLock { $0[keyPath: keyPath] }
    }
}
