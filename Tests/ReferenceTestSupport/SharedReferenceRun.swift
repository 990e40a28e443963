import ConformanceKit
import ReferenceAuth

/// The in-process reference's whole catalogue, run once per test process (on first use) and shared by every suite
/// that compares another run with it: the run's results do not depend on which suite asked, and all test targets run
/// in one process, so a suite that needs the reference's verdicts for some rules reads them here instead of running
/// the reference again.
package enum SharedReferenceRun {
    /// Every rule of the catalogue, against `ReferenceSubject()`.
    package static var whole: ConformanceReport { get async { await run.value } }

    /// The whole run's results for `rules` only, in the order of `rules`, as a report of its own.
    package static func report(for rules: [Rule]) async -> ConformanceReport {
        let whole = await whole
        let byRule = Dictionary(whole.results.map { ($0.rule, $0) }, uniquingKeysWith: { first, _ in first })
        return ConformanceReport(
            subject: whole.subject, results: rules.compactMap { byRule[$0.id] }, durationSeconds: whole.durationSeconds)
    }

    private static let run = Task { await (try! ConformanceRunner(subject: ReferenceSubject())).run() }
}
