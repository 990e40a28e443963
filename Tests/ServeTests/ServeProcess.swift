import Foundation
import ReferenceTestSupport
import Testing

/// `conformance serve`, the built executable, run as a user runs it: in a process of its own, on a free port, stopped
/// with SIGTERM. Its standard output is read until the line that names its port; nothing waits on a clock.
final class ServeProcess: @unchecked Sendable {
    let process = Process()
    private let output = Pipe()
    private let errors = Pipe()
    /// What it printed up to the line naming its port.
    private(set) var printed = ""
    private(set) var port = 0

    /// What a run that ended printed, and how it ended.
    struct Ending: Error {
        let status: Int32
        let output: String
        let error: String
    }

    /// Starts `conformance serve --port 0 --quiet ARGUMENTS`; returns it once it serves, or how it ended when it
    /// ended before serving.
    static func start(_ arguments: [String]) async throws -> Result<ServeProcess, Ending> {
        let executable = try #require(
            BuiltExecutable("conformance"), "the conformance executable was not built beside the tests")
        let served = ServeProcess()
        served.process.executableURL = executable.url
        served.process.arguments = ["serve", "--port", "0", "--quiet"] + arguments
        served.process.standardOutput = served.output
        served.process.standardError = served.errors
        try served.process.run()
        let ready = await withCheckedContinuation { continuation in
            DispatchQueue.global().async { continuation.resume(returning: served.readUntilServing()) }
        }
        guard ready else { return .failure(await served.ending()) }
        return .success(served)
    }

    /// Reads the output until the line `FIREBASE_AUTH_EMULATOR_HOST=127.0.0.1:PORT`; false when the output ends first.
    private func readUntilServing() -> Bool {
        let marker = "FIREBASE_AUTH_EMULATOR_HOST=127.0.0.1:"
        while true {
            let chunk = output.fileHandleForReading.availableData
            guard !chunk.isEmpty else { return false }
            printed += String(decoding: chunk, as: UTF8.self)
            if let range = printed.range(of: marker), let end = printed[range.upperBound...].firstIndex(of: "\n") {
                port = Int(printed[range.upperBound..<end]) ?? 0
                return true
            }
        }
    }

    var baseURL: URL { URL(string: "http://127.0.0.1:\(port)")! }

    /// Sends SIGTERM and waits for the process to end.
    func stop() async -> Ending {
        process.terminate()
        return await ending()
    }

    private func ending() async -> Ending {
        await withCheckedContinuation { continuation in
            DispatchQueue.global().async { [self] in
                let rest = output.fileHandleForReading.readDataToEndOfFile()
                let error = errors.fileHandleForReading.readDataToEndOfFile()
                process.waitUntilExit()
                continuation.resume(
                    returning: Ending(
                        status: process.terminationStatus, output: printed + String(decoding: rest, as: UTF8.self),
                        error: String(decoding: error, as: UTF8.self)))
            }
        }
    }
}
