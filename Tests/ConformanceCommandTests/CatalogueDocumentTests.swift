import ConformanceCommand
import ConformanceKit
import Foundation
import ReferenceTestSupport
import Testing

@Suite("The catalogue as data and as a document")
struct CatalogueDocumentTests {
    static let schema = FixtureFiles.folder.appendingPathComponent("catalogue.schema.json")

    private func catalogueJSON(variants: [AuditVariant] = [], _ extra: [String] = []) async throws -> JSONValue {
        let outcome = await ConformanceCommand.run(
            subject: NoFlowSubject(), variants: variants, arguments: ["catalogue", "--json"] + extra)
        #expect(outcome.status == 0)
        return try JSONDecoder().decode(JSONValue.self, from: Data(outcome.output.utf8))
    }

    @Test("catalogue --json is valid under Fixtures/catalogue.schema.json, with every rule once, in catalogue order")
    func valid() async throws {
        let variant = AuditVariant(
            name: "noBackend", rules: ["PHONE-2", "AUTH-1"], summary: "makes no backend", subject: BrokenSubject())
        let json = try await catalogueJSON(variants: [variant])
        let validator = JSONSchemaSubset(
            root: try JSONDecoder().decode(JSONValue.self, from: Data(contentsOf: Self.schema)))
        let errors = validator.errors(in: json)
        #expect(errors.isEmpty, "\(errors.prefix(20).joined(separator: "\n"))")
        guard case .object(let root) = json, case .array(let rules)? = root["rules"] else {
            Issue.record("no rules")
            return
        }
        let ids = rules.compactMap { rule -> String? in
            guard case .object(let fields) = rule, case .string(let id)? = fields["id"] else { return nil }
            return id
        }
        #expect(ids == RuleCatalogue.all.map(\.id.rawValue))
        let decoded = try JSONDecoder().decode(
            CatalogueDocument.self,
            from: Data(
                await ConformanceCommand.run(
                    subject: NoFlowSubject(), variants: [variant], arguments: ["catalogue", "--json"]
                ).output.utf8))
        #expect(decoded == CatalogueDocument(variants: [variant]))
        #expect(decoded.rules.filter { !$0.variants.isEmpty }.map(\.id) == ["PHONE-2", "AUTH-1"])
        #expect(
            decoded.rules.first { $0.id == "PHONE-2" }?.variants == [
                .init(name: "noBackend", summary: "makes no backend")
            ])
    }

    @Test("the validator refuses what the catalogue schema forbids")
    func refuses() throws {
        let validator = JSONSchemaSubset(
            root: try JSONDecoder().decode(JSONValue.self, from: Data(contentsOf: Self.schema)))
        let bad = """
            {"rules": [{"id": "PHONE-01", "level": "MUSTN'T", "flow": "sms", "title": "", "statement": "s", "hint": \
            "check it",
              "sources": [{"title": "t", "url": "http://insecure"}], "checks": [], "fixtures": ["e164"], "variants": \
              [{"name": "d"}], "extra": 1}]}
            """
        let errors = validator.errors(in: try JSONDecoder().decode(JSONValue.self, from: Data(bad.utf8))).joined(
            separator: "\n")
        for expected in [
            "$.rules[0]: unexpected property extra", "$.rules[0].id: \"PHONE-01\" does not match",
            "$.rules[0].level: not one of the enum's values", "$.rules[0].flow: not one of the enum's values",
            "$.rules[0].title: shorter than 1", "$.rules[0].hint: \"check it\" does not match",
            "$.rules[0].sources[0].url: \"http://insecure\" does not match", "$.rules[0].checks: fewer than 1 items",
            "$.rules[0].fixtures[0]: \"e164\" does not match", "$.rules[0].variants[0]: missing required summary",
        ] { #expect(errors.contains(expected), "no error \"\(expected)\" in:\n\(errors)") }
    }

    @Test("each rule's fixtures exist, and every rule a fixture's cases name lists that fixture")
    func fixturesAreHonest() throws {
        for rule in RuleCatalogue.all {
            for path in rule.fixtures {
                #expect(
                    FileManager.default.fileExists(atPath: FixtureFiles.folder.appendingPathComponent(path).path),
                    "\(rule.id): \(path)")
            }
            for check in rule.checks {
                for match in check.name.matches(of: /Fixtures\/([a-z0-9-]+\/[a-z0-9-]+\.json)/) {
                    #expect(
                        rule.fixtures.contains(String(match.1)),
                        "\(rule.id)'s check \"\(check.name)\" reads \(match.1), which its fixtures do not list")
                }
            }
        }
        for path in FixtureFiles.all {
            guard case .object(let file) = try FixtureFiles.load(path), case .array(let cases)? = file["cases"] else {
                continue
            }
            let named = Set(
                cases.flatMap { fixtureCase -> [String] in
                    guard case .object(let fields) = fixtureCase, case .array(let rules)? = fields["rules"] else {
                        return []
                    }
                    return rules.compactMap { if case .string(let id) = $0 { id } else { nil } }
                })
            for id in named.sorted().map(RuleID.init(rawValue:)) {
                // An area with no rules in the catalogue yet (OAUTH) may have fixtures before its rules.
                guard RuleCatalogue.all.contains(where: { $0.id.area == id.area }) else { continue }
                #expect(
                    RuleCatalogue.rule(id)?.fixtures.contains(path) == true,
                    "\(path) has cases for \(id), whose fixtures do not list it")
            }
        }
    }

    @Test(
        """
        list prints ID, level, title and first source of the selected rules, each check's ID and sentence under its \
        rule, and runs nothing
        """)
    func list() async {
        let outcome = await ConformanceCommand.run(subject: BrokenSubject(), arguments: ["list", "--flow", "general"])
        #expect(outcome.status == 0)
        let lines = outcome.output.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let rules = RuleCatalogue.rules(in: .general)
        // The ID column is as wide as the longest ID listed.
        let width = rules.map(\.id.rawValue.count).max() ?? 0
        #expect(
            lines.first?.hasPrefix("RULE".padding(toLength: width, withPad: " ", startingAt: 0) + "  LEVEL   TITLE")
                == true && lines.first?.hasSuffix("  SOURCE") == true)
        var rest = lines.dropFirst()
        for rule in rules {
            let line = rest.popFirst() ?? ""
            #expect(
                line.hasPrefix(
                    """
                    \(rule.id.rawValue.padding(toLength: width, withPad: " ", startingAt: 0))  \
                    \("\(rule.level)".padding(toLength: 6, withPad: " ", startingAt: 0))  \
                    \(rule.title)
                    """))
            #expect(line.hasSuffix("  \(rule.sources[0].url.absoluteString)"))
            for check in rule.checks {
                let line = rest.popFirst() ?? ""
                #expect(line.hasPrefix("  \(check.id) ") && line.hasSuffix("  \(check.name)"), "\(line)")
            }
        }
        let checks = rules.map(\.checks.count).reduce(0, +)
        #expect(Array(rest) == ["", "\(rules.count) rules, \(checks) checks", ""])
    }

    @Test(
        """
        the markdown spec has a section per area and each rule's statement, sources, hint, checks, fixtures and \
        variants
        """)
    func markdown() async {
        let variant = AuditVariant(
            name: "noBackend", rules: ["MFA-7"], summary: "makes *no* backend", subject: BrokenSubject())
        let spec = await ConformanceCommand.run(
            subject: NoFlowSubject(), variants: [variant], arguments: ["catalogue", "--markdown"]
        ).output
        #expect(spec.hasPrefix("# Rule catalogue\n\n<!-- Generated by `\(CatalogueMarkdown.regenerate)`."))
        #expect(
            spec.contains("\n## Phone number sign-in (`phone`)\n") && spec.contains("\n## Across flows (`general`)\n"))
        let mfa7 =
            spec.components(separatedBy: "\n### MFA-7 [MUST] ").last?.components(separatedBy: "\n### ").first ?? ""
        #expect(mfa7.contains("one \\* per digit"))
        #expect(mfa7.contains("- [\(Rule.mfa7.sources[0].title)](\(Rule.mfa7.sources[0].url.absoluteString)): "))
        #expect(mfa7.contains("\nHint: if this fails, check "))
        for check in Rule.mfa7.checks { #expect(mfa7.contains("\n- `\(check.id)`: \(check.name)")) }
        #expect(mfa7.contains("\nFixtures: [`mfa/phone-hint-mask.json`](../Fixtures/mfa/phone-hint-mask.json)"))
        #expect(mfa7.contains("\nVariants of NoFlow it catches:\n\n- `noBackend`: makes \\*no\\* backend"))
        #expect(spec.contains("\nVariants: none of NoFlow yet."))
        let withoutVariants = await ConformanceCommand.run(subject: NoFlowSubject(), arguments: ["catalogue"]).output
        #expect(!withoutVariants.contains("Variants"))
    }

    @Test("catalogue --markdown FILE writes the spec")
    func markdownFile() async {
        let outcome = await ConformanceCommand.run(
            subject: NoFlowSubject(), arguments: ["catalogue", "--markdown", "docs/RULES.md"])
        #expect(outcome.output.isEmpty && outcome.files.map(\.path) == ["docs/RULES.md"])
        #expect(outcome.files.first?.contents.hasPrefix("# Rule catalogue\n") == true)
    }
}
