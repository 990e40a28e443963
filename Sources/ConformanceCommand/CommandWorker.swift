import ConformanceKit
import Foundation
import Synchronization

/// The command as a worker process of ``CrashIsolation``: it runs the checks its environment names (all of the
/// selection by default) and writes each result on a line of its own the moment it is known, so that the results
/// of the checks that finished survive a crash of the subject. The lines go to the command's own channel (the file
/// ``CrashIsolation/resultsVariable`` names), which no subject writes to: whatever the subject prints on standard
/// output or standard error is its own, and never splits a result.
///
/// A check that hangs retires its worker: the hang is written, and the worker ends at once with
/// ``CrashIsolation/retiredStatus``, so that whatever the hung call left behind in the process (a lock it holds, a
/// queue it blocks, threads still waiting on it) fails no later check. The command runs the checks it has no result
/// for in a new worker.
struct CommandWorker: Sendable {
    let subject: any ConformanceSubject
    let variants: [AuditVariant]
    let arguments: [String]
    /// The command's grammar, with the executable's own options, which the worker reads past.
    var grammar = CommandGrammar.conformance

    /// Runs the checks and returns the exit status: 0, or 64 when the arguments are not understood.
    func run() async -> Int32 {
        guard let parsed = try? CommandArguments(grammar.parse(arguments)),
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
        let printer = LinePrinter(
            channel: environment[CrashIsolation.resultsVariable].flatMap { FileHandle(forWritingAtPath: $0) }
                ?? .standardOutput)
        await (try! ConformanceRunner(subject: subject, options: options)).run(
            rules ?? parsed.selection.rules(), only: only
        ) { key, result in
            printer.print(StreamedResult(check: key, result: result), retiring: result.failure?.kind == .hang)
        }
        return CommandOutcome.success
    }

    /// Ends the worker at once, its results written: what the subject printed is flushed, and no code of the subject
    /// (nor any exit handler that might wait for it) runs again.
    fileprivate static func retire() -> Never {
        fflush(nil)
        _exit(CrashIsolation.retiredStatus)
    }
}

/// Writes one result a line, whole, however many checks finish at once.
private final class LinePrinter: Sendable {
    private let output: Mutex<FileHandle>

    init(channel: FileHandle) { output = Mutex(channel) }

    private let encoder = Mutex(JSONEncoder())

    /// Writes `result`'s line; `retiring`, ends the worker right after it, before any other line is written (a check
    /// that hung behind the first hang is not blamed for it: it runs again in a new worker).
    func print(_ result: StreamedResult, retiring: Bool = false) {
        guard let json = encoder.withLock({ try? $0.encode(result) }) else { return }
        let line = Data(CrashIsolation.resultPrefix.utf8) + json + Data("\n".utf8)
        output.withLock { output in
            output.write(line)
            if retiring { CommandWorker.retire() }
        }
    }
}
