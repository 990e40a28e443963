import ConformanceCommand
import ConformanceKit
import Foundation
import ReferenceAuth
import Testing

@testable import IdentityToolkitServer

/// The README and the DocC articles stay true: what they count, list and name is read from the code, not from
/// sentences pinned here. A renamed symbol is caught by `.ci/docs` (DocC with warnings as errors); a changed count,
/// a rule missing from its flow's article, a route the server no longer answers, an option the command no longer
/// takes, or a file outside the package named in a document or a doc comment is caught here.
@Suite("The documentation matches the code")
struct DocumentationTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../..")
        .standardized

    /// Every document a reader sees: the README, the contributors' guide and every DocC article.
    static let documents: [(path: String, text: String)] = {
        var paths = ["README.md", "CONTRIBUTING.md"]
        let sources = root.appendingPathComponent("Sources")
        let modules = (try? FileManager.default.contentsOfDirectory(atPath: sources.path)) ?? []
        for module in modules.sorted() {
            let catalog = "Sources/\(module)/\(module).docc"
            let files =
                (try? FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent(catalog).path))
            paths += (files ?? []).filter { $0.hasSuffix(".md") }.sorted().map { "\(catalog)/\($0)" }
        }
        return paths.map { ($0, read($0)) }
    }()

    static func read(_ path: String) -> String {
        (try? String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)) ?? ""
    }

    static func article(_ module: String, _ name: String) -> String {
        read("Sources/\(module)/\(module).docc/\(name).md")
    }

    private var areas: [Flow] { Flow.allCases.filter { !RuleCatalogue.rules(in: $0).isEmpty } }

    @Test("every document this test reads exists, the README fits on a screen or two")
    func documentsExist() {
        #expect(Self.documents.count > 10, "found only \(Self.documents.map(\.path))")
        for (path, text) in Self.documents { #expect(!text.isEmpty, "\(path) is empty or missing") }
        let lines = Self.read("README.md").split(separator: "\n", omittingEmptySubsequences: false).count
        #expect(lines <= 160, "README.md has \(lines) lines: move the detail into an article")
    }

    @Test("every link of the README and the contributors' guide to a file of the package reaches one")
    func relativeLinks() {
        for path in ["README.md", "CONTRIBUTING.md"] {
            let targets = Self.read(path).matches(of: /\]\(([^)#:]+)\)/).map { String($0.output.1) }
            let broken = targets.filter {
                !FileManager.default.fileExists(atPath: Self.root.appendingPathComponent($0).path)
            }
            #expect(broken.isEmpty, "\(path) links to \(broken), which the package does not have")
        }
    }

    // MARK: Counts

    /// The counts a document may state: the whole catalogue's, or one area's.
    static func allowedCounts() -> [String: Set<Int>] {
        let flows = Flow.allCases.map(RuleCatalogue.rules(in:)).filter { !$0.isEmpty }
        return [
            "rules": Set([RuleCatalogue.all.count] + flows.map(\.count)),
            "checks": Set(
                [RuleCatalogue.all.map(\.checks.count).reduce(0, +)] + flows.map { $0.map(\.checks.count).reduce(0, +) }
            ), "defects": [Defect.allCases.count], "variations": [Variation.allCases.count],
        ]
    }

    /// Every "N rules", "N checks", "N defects" or "N variations" in `text` whose N the code does not give.
    static func wrongCounts(in text: String, allowed: [String: Set<Int>]) -> [String] {
        let pattern = /(?:^|[^\w-])(\d[\d,]*) (rules|checks|defects|variations)\b/
        return text.matches(of: pattern).compactMap { match in
            let number = Int(match.output.1.replacing(",", with: "")) ?? -1
            let count = "\(match.output.1) \(match.output.2)"
            return allowed[String(match.output.2)]?.contains(number) == true ? nil : count
        }
    }

    /// "PHONE-1 … PHONE-19": a range of a flow's rules ends at its last rule.
    static func wrongRanges(in text: String) -> [String] {
        text.matches(of: /([A-Z]+)-1 … ([A-Z]+)-(\d+)/).compactMap { match in
            let prefix = String(match.output.1)
            let count = RuleCatalogue.all.count { $0.id.rawValue.hasPrefix(prefix + "-") }
            return match.output.1 == match.output.2 && Int(match.output.3) == count ? nil : String(match.output.0)
        }
    }

    @Test("every count of rules, checks, defects and variations is the code's")
    func counts() async {
        let allowed = Self.allowedCounts()
        // The one output quoted whole is checked against the command below; its own counts are the selection's.
        let quoted = await defectsExample()
        for (path, text) in Self.documents {
            let wrong = Self.wrongCounts(in: text.replacing(quoted, with: ""), allowed: allowed)
            #expect(wrong.isEmpty, "\(path) states \(wrong); the code has \(allowed.mapValues { $0.sorted() })")
            let ranges = Self.wrongRanges(in: text)
            #expect(ranges.isEmpty, "\(path): \(ranges) do not end at the flow's last rule")
        }
    }

    /// The benchmark's tables are checked with the other measured figures (``MeasuredFiguresTests``).
    @Test("the report's summary line counts every rule, and the benchmark's hangs every defect caught by one")
    func summaryLines() {
        let count = RuleCatalogue.all.count
        let summary = "\(count) rules: \(count) pass, 0 fail, 0 warn, 0 n/a"
        #expect(Self.read("README.md").contains(summary))
        #expect(Self.article("ConformanceKit", "GettingStarted").contains(summary))
        let benchmark = Self.article("ConformanceCommand", "StressGateAndBenchmark")
        let hangs = Defect.allCases.count { $0.catches.contains { $0.kind == .hang } }
        #expect(benchmark.contains("Of the defects, \(hangs) are caught by a hang"))
    }

    @Test("a stale document fails the count checks")
    func staleCountsFail() {
        let stale = "53 rules, 108 checks; a catalogue of 1 defects and 2 variations; AUTH-1 checks; PHONE-1 … PHONE-3"
        #expect(Self.wrongCounts(in: stale, allowed: Self.allowedCounts()).count == 4)
        #expect(Self.wrongRanges(in: stale) == ["PHONE-1 … PHONE-3"])
    }

    // MARK: Rules

    /// The article that holds each area's rule table.
    static let flowArticles: [Flow: String] = [
        .phone: "PhoneSignIn", .multiFactor: "MultiFactorAuthentication", .emailLink: "EmailLinkSignIn",
        .oauth: "GitHubOAuth", .apple: "SignInWithApple", .general: "SessionsAndTokens",
    ]

    @Test("every rule is in its flow's article, with its level")
    func rulesInTheirArticles() {
        for flow in areas {
            let name = Self.flowArticles[flow] ?? "(no article for \(flow.rawValue))"
            let text = Self.article("ConformanceKit", name)
            let missing = RuleCatalogue.rules(in: flow).filter { !text.contains("| \($0.id) | \($0.level) |") }
            #expect(missing.isEmpty, "\(name).md does not list \(missing.map(\.id))")
        }
    }

    @Test("the rule reference article is the catalogue as the command renders it")
    func ruleReference() async {
        let committed = Self.article("ConformanceKit", "RuleReference")
        let rendered = await ConformanceCommand.run(
            subject: ReferenceSubject(), variants: Defect.variants, arguments: ["catalogue", "--docc"]
        ).output
        #expect(
            committed == rendered,
            "RuleReference.md has drifted from the catalogue: regenerate it with `\(CatalogueMarkdown.regenerateDocC)`")
    }

    @Test("every list of areas names every area with rules, in catalogue order")
    func areaLists() {
        let names = "(" + areas.map { "`\($0.rawValue)`" }.joined(separator: ", ") + ")"
        let reports = Self.article("ConformanceCommand", "ReportsKnownFailuresAndExitStatuses")
        #expect(reports.contains("runs only the rules of this flow \(names)"), "--flow's list is not \(names)")
        #expect(reports.contains("One `<testsuite>` per area \(names)"), "JUnit's list is not \(names)")
    }

    // MARK: Defects

    private func defectsExample() async -> String {
        await ConformanceCommand.run(
            subject: ReferenceSubject(), variants: Defect.variants, arguments: ["audit", "--rule", "PHONE-5"]
        ).output
    }

    @Test("the audit example is the command's output, and the declaration example names the defect's check")
    func defectExamples() async {
        let audit = Self.article("ConformanceCommand", "AuditingYourVariants")
        let output = await defectsExample()
        #expect(output.hasSuffix("not caught\n"))
        #expect(audit.contains("```\n" + output + "```\n"), "the `audit --rule PHONE-5` example is not:\n\(output)")
        let catches = Defect.codesAreReusable.catches.map { ".\($0.kind.rawValue)(\"\($0.check)\")" }
        #expect(
            audit.contains(
                """
                    "codesAreReusable", rules: ["PHONE-7"], catches: [\(catches.joined(separator: ", "))],
                    "\(Defect.codesAreReusable.summary)"
                """))
    }

    // MARK: Routes and options

    /// A route as the route table writes it: `v3/<endpoint>`, `v1/…` and `v2/…` below
    /// `/identitytoolkit.googleapis.com`, `securetoken/v1/token`.
    static func short(_ path: String) -> String {
        if path.hasPrefix(ServerRoutes.relyingParty) { return "v3/" + path.dropFirst(ServerRoutes.relyingParty.count) }
        if path.hasPrefix(ServerRoutes.identityToolkit + "/") {
            return String(path.dropFirst(ServerRoutes.identityToolkit.count + 1))
        }
        return path.replacing("/securetoken.googleapis.com/", with: "securetoken/")
    }

    @Test("the route table names every route the served server answers, and no legacy route it does not")
    func routeTable() {
        let text = Self.article("IdentityToolkitSubject", "ServingTheStrictReference")
        let table = text.split(separator: "\n").filter { $0.hasPrefix("| `") }
        let named = Set(
            table.flatMap { row in
                row.split(separator: "|").first.map { cell in
                    cell.matches(of: /`(?:GET )?([^`]+)`/).map { String($0.output.1) }
                } ?? []
            })
        let served = ServerRoutes.operations.keys.map(Self.short)
        let missing = served.filter { !named.contains($0) }.sorted()
        #expect(missing.isEmpty, "the route table does not name \(missing)")
        let legacy = Set(ServerRoutes.legacy.map { "v3/" + $0.endpoint })
        let unknown = named.filter { $0.hasPrefix("v3/") && !legacy.contains($0) }.sorted()
        #expect(unknown.isEmpty, "the route table names \(unknown), which the server does not answer")
    }

    @Test(
        """
        every subcommand and option the command declares is documented, and the options table names only options the \
        command takes
        """)
    func options() {
        let grammar = CommandGrammar.conformance
        let taken = Set(grammar.options.map(\.name))
        let everything = Self.documents.map(\.text).joined(separator: "\n")
        let undocumented = Set(grammar.options.map(\.name)).filter { !everything.contains("`\($0)") }.sorted()
        #expect(undocumented.isEmpty, "no document names \(undocumented)")
        let subcommands = grammar.subcommands.map(\.name).filter { !everything.contains("conformance \($0)") }
        #expect(subcommands.isEmpty, "no document runs \(subcommands)")
        let reports = Self.article("ConformanceCommand", "ReportsKnownFailuresAndExitStatuses")
        let table = reports.split(separator: "\n").filter { $0.hasPrefix("| `--") }
        let listed = table.compactMap { $0.firstMatch(of: /`(--[a-z-]+)/).map { String($0.output.1) } }
        #expect(!listed.isEmpty)
        let unknown = listed.filter { !taken.contains($0) }
        #expect(unknown.isEmpty, "the options table lists \(unknown), which the command does not take")
    }

    // MARK: Files

    /// Files a reader of this package does not have: the project's own notes outside the repository.
    static func namesOutsideFiles(_ text: String) -> [String] {
        let outside = [
            /SPEC\.md/, /DESIGN\.md/, /\.\.\/shared/, /`reference\/[a-z-]+\.md/, /provider-rules\.md/, /seed 0\d\d/,
        ]
        return outside.flatMap { text.matches(of: $0).map { String($0.output) } }
    }

    @Test("no document or doc comment names a file outside the package")
    func noOutsideFiles() throws {
        var texts = Self.documents
        let sources = Self.root.appendingPathComponent("Sources")
        let enumerator = FileManager.default.enumerator(atPath: sources.path)
        while let path = enumerator?.nextObject() as? String {
            if path.hasSuffix(".swift") { texts.append(("Sources/\(path)", Self.read("Sources/\(path)"))) }
        }
        texts.append(("docs/RULES.md", Self.read("docs/RULES.md")))
        #expect(texts.count > 100)
        for (path, text) in texts {
            let named = Self.namesOutsideFiles(text)
            #expect(named.isEmpty, "\(path) names \(named): cite the public document instead")
        }
        #expect(Self.namesOutsideFiles("as SPEC.md says (seed 004)").count == 2)
    }
}
