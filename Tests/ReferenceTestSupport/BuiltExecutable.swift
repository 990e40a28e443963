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
    package func run(_ arguments: [String], environment: [String: String?] = [:]) async throws -> Outcome {
        let url = url
        return try await withCheckedThrowingContinuation { continuation in
            DispatchQueue.global().async {
                do {
                    let process = Process()
                    process.executableURL = url
                    process.arguments = arguments
                    var variables = ProcessInfo.processInfo.environment
                    for (name, value) in environment { variables[name] = value }
                    process.environment = variables
                    let files = ["out", "err"].map {
                        FileManager.default.temporaryDirectory.appendingPathComponent(
                            "\(url.lastPathComponent)-\(UUID()).\($0)")
                    }
                    defer { for file in files { try? FileManager.default.removeItem(at: file) } }
                    for file in files { _ = FileManager.default.createFile(atPath: file.path, contents: nil) }
                    process.standardOutput = try FileHandle(forWritingTo: files[0])
                    process.standardError = try FileHandle(forWritingTo: files[1])
                    try process.run()
                    process.waitUntilExit()
                    let read = { (file: URL) in (try? String(contentsOf: file, encoding: .utf8)) ?? "" }
                    continuation.resume(
                        returning: Outcome(
                            output: read(files[0]), error: read(files[1]), status: process.terminationStatus))
                } catch { continuation.resume(throwing: error) }
            }
        }
    }
}
