import Foundation

/// Whether a variant was caught, and by which rules.
public struct DefectFinding: Sendable, Hashable, Codable {
    public let name: String
    /// The rules that must catch the variant.
    public let rules: [RuleID]
    /// The rules whose checks failed (or warned) against the variant.
    public let caughtBy: [RuleID]

    public init(name: String, rules: [RuleID], caughtBy: [RuleID]) {
        self.name = name
        self.rules = rules
        self.caughtBy = caughtBy
    }

    /// Caught by one of its own rules.
    public var isCaught: Bool { !Set(rules).isDisjoint(with: caughtBy) }
}

/// Runs rules against deliberately broken variants of a subject, to prove that each rule bites.
public struct DefectAudit: Sendable {
    public let options: ConformanceRunner.Options

    public init(options: ConformanceRunner.Options = .init()) throws(ConformanceRunner.OptionsError) {
        self.options = try options.validated()
    }

    /// Runs `rules` (by default the variant's own rules) against the variant.
    public func run(_ variant: AuditVariant, against rules: [Rule]? = nil) async -> DefectFinding {
        // The options were validated when the audit was made.
        let runner = try! ConformanceRunner(subject: variant.subject, options: options)
        let report = await runner.run(rules ?? RuleCatalogue.rules(variant.rules))
        let caughtBy = report.results.filter { $0.status == .fail || $0.status == .warn }.map(\.rule)
        return DefectFinding(name: variant.name, rules: variant.rules, caughtBy: caughtBy)
    }

    /// Runs the variants, a few at a time, each against `rules` (by default its own rules); the findings keep
    /// the order of `variants`. The checks themselves share the options' slots, so however many variants run,
    /// the machine runs only as many checks at once as it runs well.
    public func run(_ variants: [AuditVariant], against rules: [Rule]? = nil, progress: ProgressHandler? = nil) async -> [DefectFinding] {
        let counter = ProgressCounter("defect audit", total: variants.count, unit: "variants", handler: progress)
        return await variants.concurrentMap(limit: Self.variantsAtOnce) { variant in
            let finding = await run(variant, against: rules)
            counter.finishOne()
            return finding
        }
    }

    static var variantsAtOnce: Int { max(4, ProcessInfo.processInfo.activeProcessorCount * 2) }
}
