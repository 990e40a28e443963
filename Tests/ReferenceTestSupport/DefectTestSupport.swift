import ConformanceKit
import ReferenceAuth
import Synchronization
import Testing

extension Defect: CustomTestStringConvertible {
    package var testDescription: String { "\(rawValue) → \(rules.map(\.rawValue).joined(separator: ", "))" }
}

extension ConformanceRunner.Options {
    /// A defect that makes the reference hang (a listener never called, a party waited for forever) is found the
    /// moment nothing can run; the short quiet limit is for variants that work outside the check's tasks, and a
    /// check that keeps moving never reaches it, however loaded the machine.
    package static let forDefects = ConformanceRunner.Options(watchdog: .seconds(3))
}

/// The defect self-test every flow's test target runs: a check the defect names fails the way it names (an
/// assertion, or a hang for a defect whose fault is one); a failure of any other check or kind is no catch.
package func expectCaught(_ defect: Defect, sourceLocation: SourceLocation = #_sourceLocation) async throws {
    #expect(!defect.catches.isEmpty, "\(defect) names no check that must catch it", sourceLocation: sourceLocation)
    let finding = VariantAudit.finding(of: defect.variant, in: await SharedDefectRuns.report(of: defect))
    #expect(
        finding.isCaught, "\(defect) (\(defect.summary)) was not caught: \(finding.miss ?? "")",
        sourceLocation: sourceLocation)
}

/// Each defect's audit run in process (its rules and those of the checks it names, against the reference with that
/// defect), made once per test process on first use and shared: the flow targets' self-tests (``expectCaught(_:)``)
/// and the suites that read every defect's failures ask for the same runs.
package enum SharedDefectRuns {
    private static let runs = Mutex<[Defect: Task<ConformanceReport, Never>]>([:])

    package static func report(of defect: Defect) async -> ConformanceReport {
        let task = runs.withLock { runs in
            if let task = runs[defect] { return task }
            let task = Task {
                await (try! ConformanceRunner(subject: ReferenceSubject(defects: [defect]), options: .forDefects)).run(
                    VariantAudit.rules(of: defect.variant))
            }
            runs[defect] = task
            return task
        }
        return await task.value
    }
}

/// The audit's finding for `variant`, from the checks it names alone (all of its rules' checks when it names none):
/// whether it is caught depends only on how those checks end (``VariantFinding/isCaught``), and each check runs in a
/// world of its own, so the other checks of its rules, which the command's audit also runs, add time and no verdict.
package func namedChecksFinding(of variant: AuditVariant, options: ConformanceRunner.Options) async -> VariantFinding {
    let audit = try! VariantAudit(options: options)
    guard !variant.catches.isEmpty else { return await audit.run(variant) }
    let named = Set(variant.catches.map(\.check))
    let rules = RuleCatalogue.rules(variant.catches.map(\.rule))
    let heard = Mutex<[CheckID: CheckResult]>([:])
    await (try! ConformanceRunner(subject: variant.subject, options: options)).run(rules, only: named) { id, result in
        heard.withLock { $0[id] = result }
    }
    let results = heard.withLock { $0 }
    let report = ConformanceReport(
        subject: variant.subject.name,
        results: rules.map { rule in RuleResult(rule: rule, checks: rule.checks.compactMap { results[$0.id] }) },
        durationSeconds: 0)
    return VariantAudit.finding(of: variant, in: report)
}

/// ``namedChecksFinding(of:options:)`` for each of `variants`, a few at a time, in the order of `variants`.
package func namedChecksFindings(
    of variants: [AuditVariant], options: ConformanceRunner.Options
) async -> [VariantFinding] {
    await withTaskGroup(of: (Int, VariantFinding).self) { group in
        var findings = [VariantFinding?](repeating: nil, count: variants.count)
        var next = 0
        func start() {
            guard next < variants.count else { return }
            let index = next
            next += 1
            group.addTask { (index, await namedChecksFinding(of: variants[index], options: options)) }
        }
        for _ in 0..<8 { start() }
        for await (index, finding) in group {
            findings[index] = finding
            start()
        }
        return findings.compactMap { $0 }
    }
}
