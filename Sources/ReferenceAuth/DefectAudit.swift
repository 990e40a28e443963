import ConformanceKit

/// Whether a defect of the reference was caught, and by which rules.
public struct DefectFinding: Sendable, Hashable, Codable {
    public let name: String
    /// The rules that must catch the defect.
    public let rules: [RuleID]
    /// The rules whose checks failed (or warned) against the defect.
    public let caughtBy: [RuleID]

    /// Caught by one of its own rules.
    public var isCaught: Bool { !Set(rules).isDisjoint(with: caughtBy) }
}

/// Runs rules against the reference with one defect switched on, to prove that each rule bites.
public struct DefectAudit: Sendable {
    public let options: ConformanceRunner.Options

    public init(options: ConformanceRunner.Options = .init()) throws(ConformanceRunner.OptionsError) {
        self.options = try options.validated()
    }

    /// Runs `rules` (by default the defect's own rules) against the reference with `defect`.
    public func run(_ defect: Defect, against rules: [Rule]? = nil) async -> DefectFinding {
        // The options were validated when the audit was made.
        let runner = try! ConformanceRunner(subject: ReferenceSubject(defects: [defect]), options: options)
        let report = await runner.run(rules ?? RuleCatalogue.rules(defect.rules))
        let caughtBy = report.results.filter { $0.status == .fail || $0.status == .warn }.map(\.rule)
        return DefectFinding(name: defect.rawValue, rules: defect.rules, caughtBy: caughtBy)
    }

    /// Runs every defect in `defects` in parallel, each against `rules` (by default its own rules).
    public func run(_ defects: [Defect] = Defect.allCases, against rules: [Rule]? = nil) async -> [DefectFinding] {
        await defects.concurrentMap { await run($0, against: rules) }
    }
}
