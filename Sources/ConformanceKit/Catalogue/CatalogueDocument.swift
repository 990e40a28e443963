/// The catalogue as data (`conformance catalogue --json`), for tools in other languages; its JSON Schema is
/// `Fixtures/catalogue.schema.json`.
public struct CatalogueDocument: Sendable, Hashable, Codable {
    public struct Entry: Sendable, Hashable, Codable {
        public let id: RuleID
        public let level: RequirementLevel
        public let flow: Flow
        public let title: String
        public let statement: String
        public let sources: [RuleSource]
        public let hint: String
        /// The checks that prove the rule: each one's ID and sentence.
        public let checks: [CheckEntry]
        /// Paths under `Fixtures/`.
        public let fixtures: [String]
        /// The variants given to the command that this rule must catch.
        public let variants: [Variant]

        public init(_ rule: Rule, variants: [AuditVariant] = []) {
            id = rule.id
            level = rule.level
            flow = rule.flow
            title = rule.title
            statement = rule.statement
            sources = rule.sources
            hint = rule.hint
            checks = rule.checks.map { CheckEntry(id: $0.id, name: $0.name) }
            fixtures = rule.fixtures
            self.variants = variants.filter { $0.rules.contains(rule.id) }.map {
                Variant(name: $0.name, summary: $0.summary)
            }
        }
    }

    /// A check of a rule: `{"id": "PHONE-8/exact-lifetime", "name": "a code used at exactly its lifetime …"}`. The ID
    /// never changes; the sentence may.
    public struct CheckEntry: Sendable, Hashable, Codable {
        public let id: CheckID
        public let name: String

        public init(id: CheckID, name: String) {
            self.id = id
            self.name = name
        }
    }

    public struct Variant: Sendable, Hashable, Codable {
        public let name: String
        public let summary: String

        public init(name: String, summary: String) {
            self.name = name
            self.summary = summary
        }
    }

    public let rules: [Entry]

    public init(rules: [Rule] = RuleCatalogue.all, variants: [AuditVariant] = []) {
        self.rules = rules.map { Entry($0, variants: variants) }
    }
}
