import ConformanceCommand
import ConformanceKit
import Foundation
import ReferenceAuth
import Testing

/// What the README says about the code stays true: counts, area lists and the report's summary line.
@Suite("The README's claims match the code")
struct ReadmeClaimsTests {
    private let readme: String = {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../README.md")
        return (try? String(contentsOf: url, encoding: .utf8)) ?? ""
    }()

    private var areas: [String] { Flow.allCases.filter { !RuleCatalogue.rules(in: $0).isEmpty }.map(\.rawValue) }

    @Test("the number of defects")
    func defectCount() {
        #expect(
            readme.contains("a catalogue of \(Defect.allCases.count) defects"),
            "the README does not say how many defects there are now")
    }

    @Test("the summary line of the report example counts every rule")
    func ruleCount() {
        let count = RuleCatalogue.all.count
        #expect(
            readme.contains("\(count) rules: \(count) pass, 0 fail, 0 warn, 0 n/a"),
            "the example summary is not the catalogue's \(count) rules")
    }

    @Test("the benchmark's catalogue row counts every rule")
    func benchmarkRow() {
        let row = readme.split(separator: "\n").first { $0.hasPrefix("catalogue ") }
        #expect(
            row?.split(separator: " ").dropFirst().first == "\(RuleCatalogue.all.count)"[...],
            "the benchmark's row: \(row ?? "none")")
    }

    @Test("every list of areas names every area with rules, in catalogue order")
    func areaLists() {
        let list = "(" + areas.map { "`\($0)`" }.joined(separator: ", ") + ")"
        #expect(readme.contains("runs only the rules of this area \(list)"), "--area's list is not \(list)")
        #expect(readme.contains("One `<testsuite>` per area \(list)"), "JUnit's list is not \(list)")
    }

    @Test("the number of defects caught by a hang")
    func hangCount() {
        let hangs = Defect.allCases.count { $0.catches.contains { $0.kind == .hang } }
        #expect(
            readme.contains("Of the defects, \(hangs) are caught by a hang"),
            "the README does not say that \(hangs) defects are caught by a hang")
    }

    @Test("the --defects example is the command's output")
    func defectsExample() async {
        let output = await ConformanceCommand.run(
            subject: ReferenceSubject(), variants: Defect.variants, arguments: ["--defects", "--rule", "PHONE-5"]
        ).output
        #expect(output.hasSuffix("not caught\n"))
        #expect(
            readme.contains("```\n" + output + "```\n"),
            "the README's `--defects --rule PHONE-5` example is not what the command prints:\n\(output)")
    }

    @Test("the declaration example names the check the defect names")
    func declarationExample() {
        let catches = Defect.codesAreReusable.catches.map { ".\($0.kind.rawValue)(\"\($0.check)\")" }
        #expect(
            readme.contains(
                """
                    "codesAreReusable", rules: ["PHONE-7"], catches: [\(catches.joined(separator: ", "))],
                    "\(Defect.codesAreReusable.summary)"
                """))
    }

    @Test("a stand-in README that is out of date fails each claim")
    func staleReadmeFails() {
        let stale = """
            a catalogue of 1 defects; 2 rules: 2 pass, 0 fail, 0 warn, 0 n/a; runs only the rules of this area \
            (`phone`)
            """
        #expect(!stale.contains("a catalogue of \(Defect.allCases.count) defects"))
        #expect(!stale.contains("\(RuleCatalogue.all.count) rules: "))
        #expect(!stale.contains("(" + areas.map { "`\($0)`" }.joined(separator: ", ") + ")"))
    }
}
