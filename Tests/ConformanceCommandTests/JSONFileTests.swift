import ConformanceCommand
import ConformanceKit
import Foundation
import ReferenceTestSupport
import Testing

/// `--json FILE`: the JSON report in a file, standard output keeping the table, so that a client SDK that
/// prints to standard output itself cannot spoil the report; `--json` alone still prints it instead of the table.
@Suite("--json FILE writes the JSON report to a file; --json alone prints it")
struct JSONFileTests {
    @Test("--json FILE is a file of the outcome, parsed as the report; standard output keeps the table")
    func jsonFile() async throws {
        let outcome = await ConformanceCommand.run(
            subject: BrokenSubject(), arguments: ["--json", "out/report.json", "--junit", "j.xml", "--rule", "PHONE-2"])
        #expect(outcome.status == 1)
        #expect(outcome.output.hasPrefix("Conformance of Broken\n"))
        #expect(outcome.files.map(\.path) == ["j.xml", "out/report.json"])
        let file = try #require(outcome.files.last)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(file.contents.utf8)) as? [String: Any])
        #expect(object["subject"] as? String == "Broken")
    }

    @Test("--json alone, or with -, prints the report instead of the table, as before")
    func jsonPrinted() throws {
        #expect(try CommandArguments(parsing: ["--json"]).json)
        #expect(try CommandArguments(parsing: ["--json", "-", "--rule", "PHONE-2"]).json)
        let filed = try CommandArguments(parsing: ["--json", "r.json", "--rule", "PHONE-2"])
        #expect(!filed.json && filed.jsonFile == "r.json")
    }

    @Test("--json FILE is for the conformance report: not with audit, and not with another printed format")
    func refused() {
        #expect(throws: CommandUsageError.self) { try CommandArguments(parsing: ["audit", "--json", "r.json"]) }
        #expect(throws: CommandUsageError.self) { try CommandArguments(parsing: ["--json", "--junit"]) }
    }
}
