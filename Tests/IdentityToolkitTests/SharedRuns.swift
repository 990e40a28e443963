import ConformanceKit
import IdentityToolkitServer
import IdentityToolkitSubject
import ReferenceAuth
import ReferenceTestSupport

/// The catalogue runs that several suites compare against, each made once per test process (on first use) and
/// shared: the whole catalogue is the slowest thing a suite does, and a run's results do not depend on which suite
/// asked for it. A suite that needs something of its own from a run (its server's requests, another isolation)
/// still makes that run itself.
enum SharedRuns {
    /// The in-process reference, the whole catalogue (shared with every test target: ``SharedReferenceRun``).
    static var reference: ConformanceReport { get async { await SharedReferenceRun.whole } }

    /// The HTTP subject against the in-process server, a project per check, the whole catalogue.
    static var perProjectOverHTTP: ConformanceReport { get async { await perProjectRun.value } }

    /// The HTTP subject against the in-process server, a project per check, with what the preflight found (the time
    /// control and the config API), the whole catalogue.
    static var preflightedOverHTTP: ConformanceReport { get async { await preflightedRun.value } }

    /// The results of `report` for `rules` only, in the order of `rules`.
    static func results(of report: ConformanceReport, for rules: [Rule]) -> [RuleResult] {
        let byRule = Dictionary(report.results.map { ($0.rule, $0) }, uniquingKeysWith: { first, _ in first })
        return rules.compactMap { byRule[$0.id] }
    }

    private static let perProjectRun = Task {
        let (subject, server) = httpSubject()
        let report = await (try! ConformanceRunner(subject: subject, options: .overHTTP)).run()
        _ = server
        return report
    }

    private static let preflightedRun = Task {
        let (subject, server) = httpSubject()
        let (prepared, _) = try! await subject.preflighted()
        let report = await (try! ConformanceRunner(subject: prepared, options: .overHTTP)).run()
        _ = server
        return report
    }
}
