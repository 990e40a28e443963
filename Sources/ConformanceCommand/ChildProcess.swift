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
        // The child gets the pipes' write ends as its standard output and error, and no other descriptor of ours.
        var pipes: [[Int32]] = [[-1, -1], [-1, -1]]
        for index in pipes.indices {
            guard pipe(&pipes[index]) == 0 else {
                for fd in pipes.joined() where fd >= 0 { close(fd) }
                return Ending(output: "", error: "cannot start \(executable.path): no pipe", status: -1, crashed: true)
            }
        }
        let pid: pid_t
        do {
            pid = try ChildSpawn.start(
                executable.path, arguments: arguments, environment: environment, output: pipes[0][1], error: pipes[1][1]
            )
        } catch {
            for fd in pipes.joined() { close(fd) }
            return Ending(output: "", error: "\(error)", status: -1, crashed: true)
        }
        close(pipes[0][1])
        close(pipes[1][1])
        // Both pipes are drained at once, so a child that fills one never blocks on it.
        let group = DispatchGroup()
        let printed = Printed()
        for (fd, keyPath) in [(pipes[0][0], \(output: String, error: String).output), (pipes[1][0], \.error)] {
            group.enter()
            DispatchQueue.global().async {
                let data = FileHandle(fileDescriptor: fd, closeOnDealloc: true).readDataToEndOfFile()
                printed.set(keyPath, String(decoding: data, as: UTF8.self))
                group.leave()
            }
        }
        let termination: ChildSpawn.Termination
        do { termination = try ChildSpawn.wait(pid) } catch {
            group.wait()
            return Ending(output: printed.get(\.output), error: "\(error)", status: -1, crashed: true)
        }
        group.wait()
        return Ending(
            output: printed.get(\.output), error: printed.get(\.error), status: termination.status,
            crashed: termination.signal != nil)
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
