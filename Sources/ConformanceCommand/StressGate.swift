import ConformanceKit

/// Runs the catalogue many times against one subject, several runs at once, and reports every check whose
/// result is not the same in every run. The suite claims determinism (its own worlds, virtual clock, seeded
/// randomness); the gate is how CI holds it to that, and how a vendor finds an adapter that races.
package struct StressGate: Sendable {
    package let runs: Int
    /// How many runs are in flight at once.
    package let parallel: Int
    package let options: ConformanceRunner.Options

    /// Counts below one are taken as one, and `parallel` is at most `runs`.
    package init(
        runs: Int, parallel: Int = 1, options: ConformanceRunner.Options = .init()
    ) throws(ConformanceRunner.OptionsError) {
        self.runs = max(1, runs)
        self.parallel = min(max(1, parallel), self.runs)
        self.options = try options.validated()
    }

    package func run(
        subject: any ConformanceSubject, rules: [Rule] = RuleCatalogue.all, progress: ProgressHandler? = nil
    ) async -> StressReport {
        // The options were validated when the gate was made.
        let runner = try! ConformanceRunner(subject: subject, options: options)
        let counter = ProgressCounter("stress gate", total: runs, unit: "runs", handler: progress)
        let reports = await (0..<runs).concurrentMap(limit: parallel) { _ in
            let results = await runner.run(rules).results
            counter.finishOne()
            return results
        }
        let differences = rules.indices.flatMap { ruleIndex in
            rules[ruleIndex].checks.indices.compactMap { checkIndex in
                difference(in: reports.map { $0[ruleIndex].checks[checkIndex] })
            }
        }
        return StressReport(
            subject: subject.name, runs: runs, parallel: parallel, rules: rules.count,
            checks: rules.map(\.checks.count).reduce(0, +), differences: differences)
    }

    /// The difference in one check's results across the runs (in run order), or nil when they all agree.
    private func difference(in results: [CheckResult]) -> StressReport.Difference? {
        guard let first = results.first, results.contains(where: { $0.status != first.status }) else { return nil }
        let statuses = Dictionary(grouping: results, by: \.status).mapValues(\.count)
        let example = results.firstIndex { $0.status != .pass }.map { (run: $0 + 1, result: results[$0]) }
        return StressReport.Difference(
            check: first.id, name: first.name, statuses: statuses, example: example?.result, exampleRun: example?.run)
    }
}
