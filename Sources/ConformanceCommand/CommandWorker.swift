import ConformanceKit
import Foundation
import Synchronization

/// The command as a worker process of ``CrashIsolation``: it runs the checks its environment names (all of the
/// selection by default) and prints each result on a line of its own the moment it is known, so that the results
/// of the checks that finished survive a crash of the subject.
struct CommandWorker: Sendable {
    let subject: any ConformanceSubject
    let variants: [AuditVariant]
    let arguments: [String]

    /// Runs the checks and returns the exit status: 0, or 64 when the arguments are not understood.
    func run() async -> Int32 {
        guard let parsed = try? CommandArguments(parsing: arguments),
            let options = try? ConformanceRunner.Options(watchdog: parsed.watchdog).validated()
        else { return CommandOutcome.usageError }
        let environment = ProcessInfo.processInfo.environment
        var subject = subject
        if let name = environment[CrashIsolation.variantVariable] ?? parsed.variant {
            guard let variant = variants.first(where: { $0.name == name }) else { return CommandOutcome.usageError }
            subject = variant.subject
        }
        let only = environment[CrashIsolation.checksVariable].map { list in
            Set(list.split(separator: ",").compactMap { CheckID(parsing: $0) })
        }
        // The checks named are run whatever the selection (a variant's audit names its own rules' checks).
        let rules = only.map { only in RuleCatalogue.all.filter { rule in only.contains { $0.rule == rule.id } } }
        let printer = LinePrinter()
        await (try! ConformanceRunner(subject: subject, options: options)).run(
            rules ?? parsed.selection.rules(), only: only
        ) { key, result in printer.print(StreamedResult(check: key, result: result)) }
        return CommandOutcome.success
    }
}

/// Writes one result a line, whole, however many checks finish at once.
private final class LinePrinter: Sendable {
    private let output = Mutex(FileHandle.standardOutput)
    private let encoder = Mutex(JSONEncoder())

    func print(_ result: StreamedResult) {
        guard let json = encoder.withLock({ try? $0.encode(result) }) else { return }
        let line = Data(CrashIsolation.resultPrefix.utf8) + json + Data("\n".utf8)
        output.withLock { $0.write(line) }
    }
}
