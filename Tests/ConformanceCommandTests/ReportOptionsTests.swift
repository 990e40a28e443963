import ConformanceCommand
import ConformanceKit
import Foundation
import ReferenceTestSupport
import Testing

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// A file in the temporary directory holding `text`, removed by the caller.
func temporaryFile(_ text: String, named name: String = "expected-failures.txt") throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("\(UUID().uuidString)-\(name)")
    try Data(text.utf8).write(to: url)
    return url
}

@Suite("The command's report options: --junit, --markdown, --expected-failures, --rule, --flow")
struct ReportOptionsTests {
    @Test("--junit FILE and --markdown FILE are files of the outcome; standard output keeps the table")
    func files() async throws {
        let outcome = await ConformanceCommand.run(
            subject: BrokenSubject(),
            arguments: ["--junit", "out/j.xml", "--markdown", "summary.md", "--rule", "PHONE-2"])
        #expect(outcome.status == 1)
        #expect(outcome.output.hasPrefix("Conformance of Broken\n"))
        #expect(outcome.files.map(\.path) == ["out/j.xml", "summary.md"])
        #expect(outcome.files.allSatisfy { $0.contents.hasSuffix("\n") })
        #expect(outcome.files[1].contents.hasPrefix("**Conformance of Broken**: ❌ fails · 1 rule in "))
    }

    @Test("the JUnit XML of a real run parses, with one testcase per check and the adapter error as a failure")
    func junitOfARun() async throws {
        let outcome = await ConformanceCommand.run(subject: BrokenSubject(), arguments: ["--junit"])
        let root = try #require(try XMLDocument(xmlString: outcome.output, options: []).rootElement())
        let suites = root.elements(forName: "testsuite")
        #expect(
            suites.compactMap { $0.attribute(forName: "name")?.stringValue } == [
                "phone", "mfa", "email-link", "oauth", "apple", "general",
            ])
        let cases = suites.flatMap { $0.elements(forName: "testcase") }
        #expect(cases.count == RuleCatalogue.all.map(\.checks.count).reduce(0, +))
        let failure = try #require(cases.first?.elements(forName: "failure").first)
        #expect(failure.attribute(forName: "type")?.stringValue == "adapterError")
        #expect(
            root.attribute(forName: "failures")?.stringValue
                == String(cases.count { !$0.elements(forName: "failure").isEmpty }))
    }

    @Test("--markdown alone prints the markdown instead of the table")
    func markdownPrinted() async {
        let outcome = await ConformanceCommand.run(
            subject: NoFlowSubject(), arguments: ["--markdown", "--flow", "general"])
        #expect(outcome.status == 0 && outcome.files.isEmpty)
        #expect(
            outcome.output.hasPrefix("**Conformance of NoFlow**: ✅ passes · \(RuleCatalogue.general.count) rules in "))
    }

    @Test("a listed rule that fails is known: exit 0, marked in the table and the JSON")
    func knownFailure() async throws {
        let file = try temporaryFile("# ours\nPHONE-2 refused on purpose\n")
        defer { try? FileManager.default.removeItem(at: file) }
        let table = await ConformanceCommand.run(
            subject: BrokenSubject(), arguments: ["--rule", "PHONE-2", "--expected-failures", file.path])
        #expect(table.status == 0)
        #expect(table.output.contains("PHONE-2 MUST    FAIL (known)"))
        let json = await ConformanceCommand.run(
            subject: BrokenSubject(), arguments: ["--rule", "PHONE-2", "--expected-failures", file.path, "--json"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: Any])
        let result = try #require((object["results"] as? [[String: Any]])?.first)
        #expect(result["status"] as? String == "fail")
        #expect(result["expectedFailure"] as? [String: String] == ["reason": "refused on purpose", "outcome": "known"])
    }

    @Test("an unlisted failure still fails the run")
    func unlistedFailure() async throws {
        let file = try temporaryFile(
            #"{"expectedFailures": [{"rule": "PHONE-2", "reason": "refused on purpose"}]}"#, named: "known.json")
        defer { try? FileManager.default.removeItem(at: file) }
        let outcome = await ConformanceCommand.run(
            subject: BrokenSubject(), arguments: ["--flow", "phone", "--expected-failures", file.path])
        #expect(outcome.status == 1)
    }

    @Test(
        "an expected-failures file that is missing, malformed or names an unknown rule is a usage error",
        arguments: [
            ("PHONE-2 fine\nPHONE-99 typo\n", "the expected failures name PHONE-99, which is not in the catalogue"),
            ("PHONE-2\n", "the expected failure PHONE-2 has no reason"),
            (
                #"{"expectedFailures": 3}"#,
                "the expected failures are not {\"expectedFailures\": [{\"rule\" or \"check\", \"reason\", \"bug\"?}]}"
            ),
        ])
    func badList(_ text: String, _ message: String) async throws {
        let file = try temporaryFile(text)
        defer { try? FileManager.default.removeItem(at: file) }
        let outcome = await ConformanceCommand.run(
            subject: NoFlowSubject(), arguments: ["--expected-failures", file.path])
        #expect(outcome.status == 64)
        #expect(outcome.error.hasPrefix("conformance: \(file.path): \(message)"))
        let missing = await ConformanceCommand.run(
            subject: NoFlowSubject(), arguments: ["--expected-failures", file.path + ".gone"])
        #expect(
            missing.status == 64
                && missing.error.hasPrefix("conformance: cannot read the expected failures \(file.path).gone"))
    }

    @Test("--rule and --flow run the rules named either way, in catalogue order")
    func selection() async throws {
        let outcome = await ConformanceCommand.run(
            subject: NoFlowSubject(),
            arguments: ["--json", "--rule", "MFA-7", "--flow", "general", "--rule", "PHONE-3"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(outcome.output.utf8)) as? [String: Any])
        let rules = (object["results"] as? [[String: Any]])?.compactMap { $0["rule"] as? String }
        #expect(rules == ["PHONE-3", "MFA-7"] + RuleCatalogue.general.map(\.id.rawValue))
    }

    @Test("audit with a selection audits only the variants the selected rules must catch")
    func selectedAudit() async throws {
        let variants = [
            AuditVariant(name: "phone", rules: ["PHONE-2"], summary: "", subject: BrokenSubject()),
            AuditVariant(name: "mfa", rules: ["MFA-1"], summary: "", subject: BrokenSubject()),
        ]
        let outcome = await ConformanceCommand.run(
            subject: NoFlowSubject(), variants: variants, arguments: ["audit", "--json", "--rule", "PHONE-2"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(outcome.output.utf8)) as? [String: Any])
        let defects = try #require(object["variants"] as? [[String: Any]])
        #expect(defects.compactMap { $0["name"] as? String } == ["phone"])
        #expect(defects.first?["caughtBy"] as? [String] == ["PHONE-2"])
        let none = await ConformanceCommand.run(
            subject: NoFlowSubject(), variants: variants, arguments: ["audit", "--rule", "AUTH-1"])
        #expect(
            none.status == 64 && none.error.hasPrefix("conformance: no variant must be caught by the selected rules"))
    }

    @Test("report files are written whole")
    func written() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(UUID().uuidString)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("report.xml").path
        try CommandOutcome(status: 0, files: [.init(path: path, contents: "<x/>\n")]).writeFiles()
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "<x/>\n")
        #expect(throws: CommandOutcome.WriteError.self) {
            try CommandOutcome(
                status: 0, files: [.init(path: directory.appendingPathComponent("no/such/dir.xml").path, contents: "")]
            ).writeFiles()
        }
    }
}
