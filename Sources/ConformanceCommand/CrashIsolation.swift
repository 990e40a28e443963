import ConformanceKit
import Foundation

/// Runs the report's checks in worker processes of this same executable, so that a subject that crashes the
/// process (a trap, a continuation resumed twice) fails the check it crashed in and the rest is still judged
/// (a crash is a failure of kind `crash` of the check it happened in).
///
/// One worker runs every check and streams each result as it is known. A worker's results count only once it has
/// ended cleanly: a late callback (a continuation resumed a second time by work the call left running) can kill the
/// process after the check it belongs to streamed a pass, while other checks are running. So if a worker dies, none
/// of its results count: its checks run again in two workers, half each, and so on down to a check alone. A check
/// whose own worker dies is a `crash`, with the signal and what the process printed, whatever it streamed before;
/// the others get their own verdicts. A crash is thus blamed on the check it happened in, and on no other, run after
/// run.
struct CrashIsolation: Sendable {
    /// Set in a worker's environment: it streams results instead of printing a report.
    static let workerVariable = "CONFORMANCE_WORKER"
    /// Set to `off` to run the checks in the command's own process.
    static let switchVariable = "CONFORMANCE_ISOLATION"
    /// In a worker's environment: the checks to run (`PHONE-1#0,AUTH-3#2`), all of the selection when absent.
    static let checksVariable = "CONFORMANCE_WORKER_CHECKS"
    /// In a worker's environment: the variant of the subject to run (`--defects` audits each in workers of its own).
    static let variantVariable = "CONFORMANCE_WORKER_VARIANT"
    /// Starts each result line a worker prints: what the subject prints itself is told apart by it.
    static let resultPrefix = "conformance-result: "

    let executable: URL
    /// The command's own arguments, passed to every worker unchanged.
    let arguments: [String]
    let environment: [String: String]

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
    /// count: its checks are split in halves, each run again in a worker of its own, until the checks whose own worker
    /// dies are alone, and those are the crashes.
    private func attributed(
        _ checks: [CheckID], variant: String?, everything: Bool = false
    ) async -> [CheckID: CheckResult] {
        let run = await runWorker(checks: everything ? nil : checks, variant: variant)
        let clean = !run.ending.crashed && run.ending.status == 0
        if clean, checks.allSatisfy({ run.results[$0] != nil }) { return run.results }
        guard checks.count > 1 else { return checks.first.map { [$0: crash(of: $0, ending: run.ending)] } ?? [:] }
        let halves = [Array(checks.prefix(checks.count / 2)), Array(checks.dropFirst(checks.count / 2))]
        let parts = await halves.concurrentMap(limit: 2) { await attributed($0, variant: variant) }
        return parts[0].merging(parts[1]) { first, _ in first }
    }

    /// The audit of `variants`, each in workers of its own: a variant that crashes the process is reported with a
    /// `crash` in the check it crashed in, and the rest of the audit is printed as usual.
    func audit(_ variants: [AuditVariant], against rules: [Rule]?, progress: ProgressHandler?) async -> [DefectFinding]
    {
        let counter = ProgressCounter("defect audit", total: variants.count, unit: "variants", handler: progress)
        return await variants.concurrentMap(limit: ProcessInfo.processInfo.activeProcessorCount) { variant in
            let report = await report(
                of: rules ?? DefectAudit.rules(of: variant), subject: variant.name, variant: variant.name)
            counter.finishOne()
            return DefectAudit.finding(of: variant, in: report)
        }
    }

    private func runWorker(
        checks: [CheckID]?, variant: String?
    ) async -> (results: [CheckID: CheckResult], ending: ChildProcess.Ending) {
        var environment = environment
        environment[Self.workerVariable] = "1"
        environment["SWIFT_BACKTRACE"] = "enable=no"  // the crash's own message is what a vendor needs, at once
        if let checks { environment[Self.checksVariable] = checks.map(\.description).joined(separator: ",") }
        if let variant { environment[Self.variantVariable] = variant }
        let ending = await ChildProcess(executable: executable, arguments: arguments, environment: environment).run()
        let decoder = JSONDecoder()
        var results: [CheckID: CheckResult] = [:]
        for line in ending.output.split(separator: "\n") where line.hasPrefix(Self.resultPrefix) {
            if let streamed = try? decoder.decode(
                StreamedResult.self, from: Data(line.dropFirst(Self.resultPrefix.count).utf8))
            {
                results[streamed.check] = streamed.result
            }
        }
        return (results, ending)
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
