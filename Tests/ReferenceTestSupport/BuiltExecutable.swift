import ConformanceCommand
import Foundation

/// An executable of this package, built into the same folder as the test bundle, run as a user runs it.
package struct BuiltExecutable: Sendable {
    /// What a run printed and how it ended.
    package struct Outcome: Sendable {
        package let output: String
        package let error: String
        package let status: Int32
    }

    package let url: URL

    /// The executable `name` beside the test bundle, or nil when the build made none.
    package init?(_ name: String) {
        let folders = [
            URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent(),
            Bundle.main.bundleURL.deletingLastPathComponent(),
        ]
        guard
            let url = folders.map({ $0.appendingPathComponent(name) }).first(where: {
                FileManager.default.isExecutableFile(atPath: $0.path)
            })
        else { return nil }
        self.url = url
    }

    /// Runs it with `arguments`, the test's environment with `environment` laid over it (a nil value removes the
    /// variable), on a thread of its own. Its standard output and error go to files, which never fill while it waits.
    /// Started by `ChildSpawn`, not Foundation's `Process`, whose start crashes this test process now and then.
    package func run(_ arguments: [String], environment: [String: String?] = [:]) async throws -> Outcome {
        let path = url.path
        return try await withCheckedThrowingContinuation { continuation in
            DispatchQueue.global().async {
                var variables = ProcessInfo.processInfo.environment
                for (name, value) in environment { variables[name] = value }
                let files = ["out", "err"].map {
                    FileManager.default.temporaryDirectory.appendingPathComponent(
                        "\(URL(fileURLWithPath: path).lastPathComponent)-\(UUID()).\($0)")
                }
                defer { for file in files { try? FileManager.default.removeItem(at: file) } }
                do {
                    for file in files { _ = FileManager.default.createFile(atPath: file.path, contents: nil) }
                    let handles = try files.map { try FileHandle(forWritingTo: $0) }
                    let pid = try ChildSpawn.start(
                        path, arguments: arguments, environment: variables, output: handles[0].fileDescriptor,
                        error: handles[1].fileDescriptor)
                    for handle in handles { try handle.close() }
                    let ended = try ChildSpawn.wait(pid)
                    let read = { (file: URL) in (try? String(contentsOf: file, encoding: .utf8)) ?? "" }
                    continuation.resume(
                        returning: Outcome(output: read(files[0]), error: read(files[1]), status: ended.status))
                } catch { continuation.resume(throwing: error) }
            }
        }
    }
}
