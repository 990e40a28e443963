import Foundation

/// Runs the report's checks in worker processes of this same executable, so that a subject that crashes the
/// process (a trap, a continuation resumed twice) fails the check it crashed in and the rest is still judged
/// (SPEC.md: "A subject that crashes … fails the check it crashed in, with kind `crash`").
///
/// One worker runs every check and streams each result as it is known. If it dies, every check without a result
/// runs again alone, each in a worker of its own: one that crashes there is reported as a `crash`, with the signal
/// and what the process printed; the others get their own verdicts.
struct CrashIsolation: Sendable {
    /// Set in a worker's environment: it streams results instead of printing a report.
    static let workerVariable = "CONFORMANCE_WORKER"
    /// Set to `off` to run the checks in the command's own process.
    static let switchVariable = "CONFORMANCE_ISOLATION"
    /// In a worker's environment: the checks to run (`PHONE-1/valid-numbers,AUTH-3/three-listeners`), all of the
    /// selection when absent.
    static let checksVariable = "CONFORMANCE_WORKER_CHECKS"
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

    /// The report of `rules`, with a `crash` for every check that crashed alone.
    func report(of rules: [Rule], subject: String) async -> ConformanceReport {
        let start = ContinuousClock.now
        let all = rules.flatMap { rule in rule.checks.map(\.id) }
        let first = await runWorker(checks: nil)
        var results = first.results
        if first.ending.crashed || first.ending.status != 0 {
            let unfinished = all.filter { results[$0] == nil }
            let alone = await unfinished.concurrentMap(limit: ProcessInfo.processInfo.activeProcessorCount) { key in
                let alone = await runWorker(checks: [key])
                return alone.results[key] ?? crash(of: key, in: rules, ending: alone.ending)
            }
            for (key, result) in zip(unfinished, alone) { results[key] = result }
        }
        let ruleResults = rules.map { rule in
            RuleResult(rule: rule, checks: rule.checks.map { results[$0.id] ?? missing(rule, $0) })
        }
        return ConformanceReport(
            subject: subject, results: ruleResults, durationSeconds: (ContinuousClock.now - start).seconds)
    }

    private func runWorker(checks: [CheckID]?) async -> (results: [CheckID: CheckResult], ending: ChildProcess.Ending) {
        var environment = environment
        environment[Self.workerVariable] = "1"
        environment["SWIFT_BACKTRACE"] = "enable=no"  // the crash's own message is what a vendor needs, at once
        if let checks { environment[Self.checksVariable] = checks.map(\.description).joined(separator: ",") }
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

    private func crash(of key: CheckID, in rules: [Rule], ending: ChildProcess.Ending) -> CheckResult {
        let rule = rules.first { $0.id == key.rule }!
        let check = rule.checks.first { $0.id == key }!
        let printed =
            (ending.output.split(separator: "\n").filter { !$0.hasPrefix(Self.resultPrefix) }
            + ending.error.split(separator: "\n")).suffix(200).map(String.init)
        // The runtime's message comes before its stack trace: the message is what tells a vendor what went wrong.
        let message = printed.prefix { !$0.hasPrefix("Current stack trace:") }
        return CheckResult(
            id: check.id, name: check.name, status: rule.level == .must ? .fail : .warn,
            message: "\(rule.id): the subject crashed the process during this check, also when the check ran alone",
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
