import ConformanceCommand
import ConformanceKit
import Foundation
import ReferenceAuth
import ReferenceTestSupport
import Testing

@Suite("compare, --html and --version")
struct CompareCommandTests {
    /// The JSON report of a run of `rules` against the reference (with `defect`), written to a temporary file.
    private func report(_ defect: String?, rules: [String] = ["PHONE-3"]) async throws -> URL {
        let outcome = await ConformanceCommand.run(
            subject: ReferenceSubject(), variants: Defect.variants,
            arguments: ["--json"] + rules.flatMap { ["--rule", $0] } + (defect.map { ["--variant", $0] } ?? []))
        return try temporaryFile(outcome.output, named: "report.json")
    }

    @Test("two runs side by side: the rows that differ first, as a table, markdown or a page")
    func sideBySide() async throws {
        let good = try await report(nil)
        let bad = try await report("sendsFourDigitCodes")
        defer { for file in [good, bad] { try? FileManager.default.removeItem(at: file) } }
        let table = await ConformanceCommand.run(subject: NoFlowSubject(), arguments: ["compare", good.path, bad.path])
        #expect(table.status == 0, "\(table.error)")
        #expect(table.output.hasPrefix("Comparison of 2 runs\n\nA: ReferenceAuth, in process, "))
        let rows = table.output.split(separator: "\n").drop { !$0.hasPrefix("RULE OR CHECK") }.dropFirst(2)
        #expect(rows.first?.hasPrefix("PHONE-3 ") == true && rows.first?.contains("fail") == true)
        let markdown = await ConformanceCommand.run(
            subject: NoFlowSubject(), arguments: ["compare", good.path, bad.path, "--markdown", "--html", "c.html"])
        #expect(markdown.output.hasPrefix("**Comparison of 2 runs**"))
        #expect(markdown.files.map(\.path) == ["c.html"])
        #expect(markdown.files.first?.contents.contains("<h1>Comparison of 2 runs</h1>") == true)
    }

    @Test("a file missing, not JSON or of another schema is one usage error that names it (exit 64)")
    func badInput() async throws {
        let good = try await report(nil)
        let notJSON = try temporaryFile("PHONE-3 FAIL", named: "table.txt")
        let other = try temporaryFile(#"{"rules": []}"#, named: "catalogue.json")
        let newer = try temporaryFile(#"{"schemaVersion": 2}"#, named: "newer.json")
        let broken = try temporaryFile(#"{"schemaVersion": 1, "subject": "S"}"#, named: "broken.json")
        defer { for file in [good, notJSON, other, newer, broken] { try? FileManager.default.removeItem(at: file) } }
        let cases: [(String, String)] = [
            ("/nonexistent/a.json", "cannot read the report /nonexistent/a.json"),
            (notJSON.path, "\(notJSON.path) is not JSON"), (other.path, "\(other.path) has no schemaVersion"),
            (newer.path, "\(newer.path) is a report of schema version 2; this suite reads version 1"),
            (broken.path, "\(broken.path) is not a report of schema version 1: missing \"results\""),
        ]
        for (file, message) in cases {
            let outcome = await ConformanceCommand.run(
                subject: NoFlowSubject(), arguments: ["compare", good.path, file])
            #expect(outcome.status == 64)
            #expect(outcome.error.hasPrefix("conformance: \(message)"), "\(outcome.error)")
            #expect(outcome.output.isEmpty)
        }
        let one = await ConformanceCommand.run(subject: NoFlowSubject(), arguments: ["compare", good.path])
        #expect(one.status == 64 && one.error.hasPrefix("conformance: compare needs two reports or more"))
    }

    @Test("run --html FILE writes the page; standard output keeps the table")
    func htmlFile() async throws {
        let outcome = await ConformanceCommand.run(
            subject: ReferenceSubject(), variants: Defect.variants,
            arguments: ["--rule", "PHONE-3", "--variant", "sendsFourDigitCodes", "--html", "page.html"])
        #expect(outcome.status == 1)
        #expect(outcome.output.hasPrefix("Conformance of ReferenceAuth with sendsFourDigitCodes\n"))
        let page = try #require(outcome.files.first { $0.path == "page.html" }).contents
        #expect(page.hasPrefix("<!DOCTYPE html>") && page.contains("<details class=\"item status status-fail\" open>"))
    }

    @Test("--version prints the suite's version, which the root help's first line names too")
    func version() async {
        for arguments in [["--version"], ["run", "--version"]] {
            let outcome = await ConformanceCommand.run(subject: NoFlowSubject(), arguments: arguments)
            #expect(outcome.status == 0 && outcome.output == "AuthConformance 0.1.0\n")
        }
        let help = await ConformanceCommand.run(subject: NoFlowSubject(), arguments: ["--help"])
        #expect(help.output.hasPrefix("AuthConformance 0.1.0\n") && help.output.contains("conformance --version"))
    }
}
