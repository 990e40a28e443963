import ConformanceKit

extension Defect {
    /// The reference with this one defect switched on, for ``VariantAudit``.
    package var variant: AuditVariant {
        AuditVariant(
            name: rawValue, rules: rules, catches: catches, summary: summary, subject: ReferenceSubject(defects: [self])
        )
    }

    /// Every defect as a variant, in declaration order.
    package static var variants: [AuditVariant] { allCases.map(\.variant) }
}

extension VariantAudit {
    /// Runs `rules` (by default the defect's own rules) against the reference with `defect`.
    package func run(_ defect: Defect, against rules: [Rule]? = nil) async -> VariantFinding {
        await run(defect.variant, against: rules)
    }
}
