import ConformanceKit

/// Times the catalogue on the real clock: per area, whole, the variant audit (every variant against its own rules,
/// as `audit` runs it) and the variant matrix (every variant against the whole catalogue, `audit --matrix`). It
/// measures and reports; it never judges, because
/// real time depends on the machine and the build.
package struct CatalogueBenchmark: Sendable {
    /// How many times each row is timed.
    package let repeats: Int
    package let options: ConformanceRunner.Options

    /// A count below one is taken as one.
    package init(repeats: Int, options: ConformanceRunner.Options = .init()) throws(ConformanceRunner.OptionsError) {
        self.repeats = max(1, repeats)
        self.options = try options.validated()
    }

    /// One row per flow that has rules, one for the whole catalogue, and, when there are variants, one for the
    /// variant audit and one for the variant matrix. One unmeasured run of the catalogue first loads the fixtures.
    package func run(
        subject: any ConformanceSubject, variants: [AuditVariant] = [], progress: ProgressHandler? = nil
    ) async -> BenchmarkReport {
        // The options were validated when the benchmark was made.
        let runner = try! ConformanceRunner(subject: subject, options: options)
        let audit = try! VariantAudit(options: options)
        let areas = Flow.allCases.map { RuleCatalogue.rules(in: $0) }.filter { !$0.isEmpty }
        let rowCount = areas.count + 1 + (variants.isEmpty ? 0 : 2)
        let counter = ProgressCounter("benchmark", total: rowCount * repeats, unit: "timings", handler: progress)
        _ = await runner.run(RuleCatalogue.all)
        var rows: [BenchmarkReport.Row] = []
        for rules in areas {
            let times = await timed(counter) { _ = await runner.run(rules) }
            rows.append(.init(name: rules[0].flow.rawValue, rules: rules.count, variants: nil, times: times))
        }
        let all = RuleCatalogue.all
        rows.append(
            .init(
                name: "catalogue", rules: all.count, variants: nil,
                times: await timed(counter) { _ = await runner.run(all) }))
        if !variants.isEmpty {
            let audited = await timed(counter) { _ = await audit.run(variants) }
            rows.append(
                .init(
                    name: "variant audit", rules: Set(variants.flatMap(\.rules)).count, variants: variants.count,
                    times: audited))
            let matrix = await timed(counter) { _ = await audit.run(variants, against: all) }
            rows.append(.init(name: "variant matrix", rules: all.count, variants: variants.count, times: matrix))
        }
        return BenchmarkReport(subject: subject.name, repeats: repeats, rows: rows)
    }

    /// The report page at its largest (`bench --html FILE`, which writes it): the whole catalogue with every check
    /// failing (``ReportPageBenchmark``), the time rendering it takes and its size, which must stay under 2 MB.
    package func reportPage(subject: String) async -> BenchmarkReport {
        let counter = ProgressCounter("benchmark", total: repeats, unit: "timings", handler: nil)
        let failing = ReportPageBenchmark.everyCheckFailing
        var page = ""
        let times = await timed(counter) { page = HTMLReport(failing).rendered }
        let row = BenchmarkReport.Row(
            name: "report page, every check failing", rules: failing.results.count, variants: nil, times: times)
        var report = BenchmarkReport(subject: subject, repeats: repeats, rows: [row])
        report.reportPageBytes = page.utf8.count
        return report
    }

    private func timed(_ counter: ProgressCounter, _ work: () async -> Void) async -> [Duration] {
        let clock = ContinuousClock()
        var times: [Duration] = []
        for _ in 0..<repeats {
            let start = clock.now
            await work()
            times.append(clock.now - start)
            counter.finishOne()
        }
        return times
    }
}
