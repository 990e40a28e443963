import Foundation

/// Whether a variant was caught, and by which checks.
public struct VariantFinding: Sendable, Hashable, Codable {
    public let name: String
    /// The rules that must catch the variant.
    public let rules: [RuleID]
    /// The checks meant to catch it and how they must fail; empty when the variant names none.
    public let expected: [ExpectedCatch]
    /// The rules whose checks failed (or warned) against the variant.
    public let caughtBy: [RuleID]
    /// Every check that failed (or warned) against the variant, with its kind of failure.
    public let failedChecks: [FailedCheck]

    public init(
        name: String, rules: [RuleID], expected: [ExpectedCatch] = [], caughtBy: [RuleID],
        failedChecks: [FailedCheck] = []
    ) {
        self.name = name
        self.rules = rules
        self.expected = expected
        self.caughtBy = caughtBy
        self.failedChecks = failedChecks
    }

    /// The failed checks that are a catch meant for the variant: one it names, failing the way it names. For a
    /// variant that names no check, every failed check of its own rules.
    public var catches: [FailedCheck] {
        if expected.isEmpty { return failedChecks.filter { rules.contains($0.rule) } }
        return failedChecks.filter { failure in expected.contains { $0.matches(failure) } }
    }

    /// Caught the way it must be: by a check it names, with the kind it names (or, naming none, by one of its rules).
    public var isCaught: Bool {
        if expected.isEmpty { return !Set(rules).isDisjoint(with: caughtBy) }
        return !catches.isEmpty
    }

    /// Why a variant is not caught, for the table and the tests; nil when it is.
    public var miss: String? {
        guard !isCaught else { return nil }
        let wanted =
            expected.isEmpty
            ? rules.map(\.rawValue).joined(separator: ", ") : expected.map(\.description).joined(separator: " or ")
        let got =
            failedChecks.isEmpty
            ? "no check failed" : "failed: " + failedChecks.map(\.description).joined(separator: "; ")
        return "expected \(wanted); \(got)"
    }
}

/// Runs rules against deliberately broken variants of a subject, to prove that each rule bites.
public struct VariantAudit: Sendable {
    public let options: ConformanceRunner.Options

    public init(options: ConformanceRunner.Options = .init()) throws(ConformanceRunner.OptionsError) {
        self.options = try options.validated()
    }

    /// Runs `rules` (by default the variant's own rules and those of the checks it names) against the variant.
    public func run(_ variant: AuditVariant, against rules: [Rule]? = nil) async -> VariantFinding {
        // The options were validated when the audit was made.
        let runner = try! ConformanceRunner(subject: variant.subject, options: options)
        return Self.finding(of: variant, in: await runner.run(rules ?? Self.rules(of: variant)))
    }

    /// The variant's own rules and those of the checks it names: what it is audited against by default.
    public static func rules(of variant: AuditVariant) -> [Rule] {
        RuleCatalogue.rules(variant.rules + variant.catches.map(\.rule).filter { !variant.rules.contains($0) })
    }

    /// Whether `report`, a run against `variant`, caught it.
    public static func finding(of variant: AuditVariant, in report: ConformanceReport) -> VariantFinding {
        let failed = report.results.flatMap { result in
            result.checks.filter { $0.status == .fail || $0.status == .warn }.map {
                FailedCheck(check: $0.id, status: $0.status, kind: $0.failure?.kind)
            }
        }
        let caughtBy = report.results.filter { $0.status == .fail || $0.status == .warn }.map(\.rule)
        return VariantFinding(
            name: variant.name, rules: variant.rules, expected: variant.catches, caughtBy: caughtBy,
            failedChecks: failed)
    }

    /// Runs the variants, a few at a time, each against `rules` (by default its own rules); the findings keep
    /// the order of `variants`. The checks themselves share the options' slots, so however many variants run,
    /// the machine runs only as many checks at once as it runs well.
    public func run(
        _ variants: [AuditVariant], against rules: [Rule]? = nil, progress: ProgressHandler? = nil
    ) async -> [VariantFinding] {
        let counter = ProgressCounter("variant audit", total: variants.count, unit: "variants", handler: progress)
        return await variants.concurrentMap(limit: Self.variantsAtOnce) { variant in
            let finding = await run(variant, against: rules)
            counter.finishOne()
            return finding
        }
    }

    static var variantsAtOnce: Int { max(4, ProcessInfo.processInfo.activeProcessorCount * 2) }
}
