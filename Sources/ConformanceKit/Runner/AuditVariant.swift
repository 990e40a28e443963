/// A deliberately broken subject and the rules that must catch it: the audit proves that those rules bite.
/// Vendors describe variants of their own implementation this way; the reference's `Defect`s are one set.
public struct AuditVariant: Sendable {
    public let name: String
    /// The rules whose checks must fail (or warn, for a SHOULD) against the variant.
    public let rules: [RuleID]
    /// The checks meant to catch the variant, and how they must fail. Empty: any failure of a check of `rules`
    /// counts (the meaning for a variant that names no check).
    public let catches: [ExpectedCatch]
    /// What the variant gets wrong, in one sentence.
    public let summary: String
    public let subject: any ConformanceSubject

    public init(
        name: String, rules: [RuleID], catches: [ExpectedCatch] = [], summary: String, subject: any ConformanceSubject
    ) {
        self.name = name
        self.rules = rules
        self.catches = catches
        self.summary = summary
        self.subject = subject
    }
}
