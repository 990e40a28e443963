import ConformanceKit
import Foundation

/// Runs the report's checks in worker processes of this same executable, so that a subject that crashes the
/// process (a trap, a continuation resumed twice) fails the check it crashed in and the rest is still judged
/// (a crash is a failure of kind `crash` of the check it happened in).
///
/// One worker runs every check and streams each result as it is known. A worker's results count only once it has
/// ended cleanly: a late callback (a continuation resumed a second time by work the call left running) can kill the
/// process after the check it belongs to streamed a pass, while other checks are running. So if a worker dies, none
/// of its results count: its checks run again in two workers, half each (more parts where crashes are dense), and so
/// on down to a check alone. A check whose own worker dies is a `crash`, with the signal and what the process
/// printed, whatever it streamed before; the others get their own verdicts. A crash is thus blamed on the check it
/// happened in, and on no other, run after run.
///
/// A check that hangs retires its worker (``CommandWorker``): the worker ends with ``retiredStatus`` after writing the
/// hang, its results count, and the checks it has no result for run in a new worker, so that a hung call's leftovers
/// (a lock it holds, a queue it blocks) are never blamed on the check that runs next.
package struct CrashIsolation: Sendable {
    /// Set in a worker's environment: it streams results instead of printing a report.
    static let workerVariable = "CONFORMANCE_WORKER"
    /// Set to `off` to run the checks in the command's own process.
    static let switchVariable = "CONFORMANCE_ISOLATION"
    /// In a worker's environment: the checks to run (`PHONE-1#0,AUTH-3#2`), all of the selection when absent.
    static let checksVariable = "CONFORMANCE_WORKER_CHECKS"
    /// In a worker's environment: the variant of the subject to run (`audit` runs each in workers of its own).
    static let variantVariable = "CONFORMANCE_WORKER_VARIANT"
    /// In a worker's environment: the file it writes its results to, one line each, which no subject writes to.
    static let resultsVariable = "CONFORMANCE_WORKER_RESULTS"
    /// Starts each result line a worker writes.
    static let resultPrefix = "conformance-result: "
    /// The status of a worker that ended on purpose after a check hung (`EX_TEMPFAIL`): its results count, and the
    /// checks it has none for run again in a new worker.
    static let retiredStatus: Int32 = 75

    let executable: URL
    /// The command's own arguments, passed to every worker unchanged.
    let arguments: [String]
    let environment: [String: String]
    /// Whether the workers a lost worker's checks run again in go one at a time: a subject whose checks share one
    /// project of a server (``Capabilities/runsOneCheckAtATime``) is never judged by two checks at once.
    var rerunsOneAtATime = false

    /// The isolation for this process, unless it is a worker itself or isolation is switched off.
    static func forThisProcess() -> CrashIsolation? {
        let environment = ProcessInfo.processInfo.environment
        guard environment[workerVariable] == nil, environment[switchVariable] != "off",
            let executable = Bundle.main.executableURL
        else { return nil }
        return CrashIsolation(
            executable: executable, arguments: Array(CommandLine.arguments.dropFirst()), environment: environment)
    }

    /// The report of `rules` against the subject (or its variant named `variant`), with a `crash` for every check
    /// whose own worker died.
    func report(of rules: [Rule], subject: String, variant: String? = nil) async -> ConformanceReport {
        let start = ContinuousClock.now
        let all = rules.flatMap { rule in rule.checks.map(\.id) }
        let results = await attributed(all, variant: variant, everything: variant == nil)
        let ruleResults = rules.map { rule in
            RuleResult(rule: rule, checks: rule.checks.map { results[$0.id] ?? missing(rule, $0) })
        }
        return ConformanceReport(
            subject: subject, results: ruleResults, durationSeconds: (ContinuousClock.now - start).seconds)
    }

    /// The results of `checks` from a worker that ran them and ended cleanly. When a worker dies, none of its results
    /// count: its checks run again in workers of their own (``rerun(_:after:in:variant:)``), until the checks whose
    /// own worker dies are alone, and those are the crashes.
    private func attributed(
        _ checks: [CheckID], variant: String?, everything: Bool = false
    ) async -> [CheckID: CheckResult] {
        let run = await runWorker(checks: everything ? nil : checks, variant: variant)
        if Self.isClean(run, for: checks) { return run.results }
        if Self.isRetired(run) { return await completed(run, of: checks, variant: variant) }
        return await rerun(checks, after: run.ending, in: 2, variant: variant)
    }

    /// The results of a worker that retired after a check hung, with those of the checks it left, from a new worker.
    private func completed(_ run: WorkerRun, of checks: [CheckID], variant: String?) async -> [CheckID: CheckResult] {
        let left = checks.filter { run.results[$0] == nil }
        guard !left.isEmpty else { return run.results }
        // A worker that retired with none of these checks' results told nothing about them: they run again in parts.
        guard left.count < checks.count else { return await rerun(checks, after: run.ending, in: 2, variant: variant) }
        return run.results.merging(await attributed(left, variant: variant)) { first, _ in first }
    }

    /// The checks of a worker that died (its `ending`), in `count` workers, a part each; a part that dies is run again
    /// the same way, and a check whose own worker dies is a crash. Halves find a crash among many checks in the
    /// fewest workers; when every part dies too, crashes are dense, so the parts that died are split in twice as many
    /// (the sooner a check runs alone, the fewer workers die on the way: a `signOut()` that crashes 62 of 213 checks
    /// takes 201 workers this way, 243 in halves throughout).
    private func rerun(
        _ checks: [CheckID], after ending: ChildProcess.Ending, in count: Int, variant: String?
    ) async -> [CheckID: CheckResult] {
        guard checks.count > 1 else { return checks.first.map { [$0: crash(of: $0, ending: ending)] } ?? [:] }
        let parts = checks.parts(count)
        let runs = await parts.concurrentMap(limit: rerunsOneAtATime ? 1 : 2) {
            await runWorker(checks: $0, variant: variant)
        }
        let died = zip(parts, runs).filter { !Self.isClean($1, for: $0) && !Self.isRetired($1) }
        let next = died.count == parts.count ? count * 2 : 2
        var results: [CheckID: CheckResult] = [:]
        for (part, run) in zip(parts, runs) where Self.isClean(run, for: part) {
            results.merge(run.results) { first, _ in first }
        }
        for (part, run) in zip(parts, runs) where !Self.isClean(run, for: part) && Self.isRetired(run) {
            results.merge(await completed(run, of: part, variant: variant)) { first, _ in first }
        }
        let again = await died.concurrentMap(limit: rerunsOneAtATime ? 1 : 2) {
            await rerun($0.0, after: $0.1.ending, in: next, variant: variant)
        }
        for found in again { results.merge(found) { first, _ in first } }
        return results
    }

    /// Whether the worker ended cleanly with a result for each of `checks`.
    private static func isClean(_ run: WorkerRun, for checks: [CheckID]) -> Bool {
        !run.ending.crashed && run.ending.status == 0 && checks.allSatisfy { run.results[$0] != nil }
    }

    /// Whether the worker retired after a check hung, its results written, rather than dying.
    private static func isRetired(_ run: WorkerRun) -> Bool {
        !run.ending.crashed && run.ending.status == retiredStatus && !run.results.isEmpty
    }

    /// The audit of `variants`, each in workers of its own: a variant that crashes the process is reported with a
    /// `crash` in the check it crashed in, and the rest of the audit is printed as usual.
    func audit(_ variants: [AuditVariant], against rules: [Rule]?, progress: ProgressHandler?) async -> [VariantFinding]
    {
        let counter = ProgressCounter("variant audit", total: variants.count, unit: "variants", handler: progress)
        return await variants.concurrentMap(limit: ProcessInfo.processInfo.activeProcessorCount) { variant in
            let report = await report(
                of: rules ?? VariantAudit.rules(of: variant), subject: variant.name, variant: variant.name)
            counter.finishOne()
            return VariantAudit.finding(of: variant, in: report)
        }
    }

    private typealias WorkerRun = (results: [CheckID: CheckResult], ending: ChildProcess.Ending)

    private func runWorker(checks: [CheckID]?, variant: String?) async -> WorkerRun {
        var environment = environment
        environment[Self.workerVariable] = "1"
        environment["SWIFT_BACKTRACE"] = "enable=no"  // the crash's own message is what a vendor needs, at once
        if let checks { environment[Self.checksVariable] = checks.map(\.description).joined(separator: ",") }
        if let variant { environment[Self.variantVariable] = variant }
        let channel = FileManager.default.temporaryDirectory.appendingPathComponent(
            "conformance-results-\(UUID().uuidString)")
        _ = FileManager.default.createFile(atPath: channel.path, contents: nil)
        defer { try? FileManager.default.removeItem(at: channel) }
        environment[Self.resultsVariable] = channel.path
        let ending = await ChildProcess(executable: executable, arguments: arguments, environment: environment).run()
        Self.relay(ending)
        let written = (try? String(contentsOf: channel, encoding: .utf8)) ?? ""
        let decoder = JSONDecoder()
        var results: [CheckID: CheckResult] = [:]
        for line in written.split(separator: "\n") where line.hasPrefix(Self.resultPrefix) {
            if let streamed = try? decoder.decode(
                StreamedResult.self, from: Data(line.dropFirst(Self.resultPrefix.count).utf8))
            {
                results[streamed.check] = streamed.result
            }
        }
        return (results, ending)
    }

    /// What the worker's subject printed, passed on to this process's standard error as it was printed: a vendor's
    /// SDK logging reaches the terminal, and never the report (which may be JSON on standard output).
    private static func relay(_ ending: ChildProcess.Ending) {
        for printed in [ending.output, ending.error] where !printed.isEmpty {
            FileHandle.standardError.write(Data(printed.utf8))
        }
    }

    private func crash(of key: CheckID, ending: ChildProcess.Ending) -> CheckResult {
        let rule = RuleCatalogue.rule(key.rule)!
        let check = rule.checks.first { $0.id == key }!
        let printed =
            (ending.output.split(separator: "\n").filter { !$0.hasPrefix(Self.resultPrefix) }
            + ending.error.split(separator: "\n")).suffix(200).map(String.init)
        // The runtime's message comes before its stack trace: the message is what tells a vendor what went wrong.
        let message = printed.prefix { !$0.hasPrefix("Current stack trace:") }
        return CheckResult(
            id: check.id, name: check.name, status: rule.level == .must ? .fail : .warn,
            message: "\(rule.id): the subject crashed the process during this check, when it ran alone",
            failure: .init(
                kind: .crash, expected: "the check runs to its verdict", actual: ending.how, location: check.location,
                transcript: Array(message)))
    }

    private func missing(_ rule: Rule, _ check: Check) -> CheckResult {
        CheckResult(
            id: check.id, name: check.name, status: rule.level == .must ? .fail : .warn,
            message: "\(rule.id): the worker process ended without this check's result",
            failure: .init(kind: .crash, location: check.location))
    }
}

/// One line a worker streams: a check and its result.
struct StreamedResult: Codable, Sendable {
    let check: CheckID
    let result: CheckResult
}
