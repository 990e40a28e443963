import ConformanceCommand
import ConformanceKit
import Foundation
import ReferenceAuth
import ReferenceTestSupport
import Testing

/// Each JSON the command prints, validated against its schema in `schemas/` (the catalogue's is
/// `Fixtures/catalogue.schema.json`, which CatalogueDocumentTests validates).
@Suite("The command's JSON against its schemas")
struct JSONSchemaTests {
    static let folder = FixtureFiles.folder.deletingLastPathComponent().appendingPathComponent("schemas")

    private func errors(_ output: String, _ schema: String) throws -> [String] {
        let root = try JSONDecoder().decode(
            JSONValue.self, from: Data(contentsOf: Self.folder.appendingPathComponent(schema)))
        return JSONSchemaSubset(root: root).errors(
            in: try JSONDecoder().decode(JSONValue.self, from: Data(output.utf8)))
    }

    @Test("run --json, with failures, a known failure and its bug, follows schemas/report.schema.json")
    func report() async throws {
        let list = try temporaryFile("PHONE-3/one-sms-us-number four digits https://example.com/issues/1\n")
        defer { try? FileManager.default.removeItem(at: list) }
        let outcome = await ConformanceCommand.run(
            subject: ReferenceSubject(), variants: Defect.variants,
            arguments: [
                "--json", "--rule", "PHONE-3", "--rule", "PHONE-2", "--variant", "sendsFourDigitCodes",
                "--expected-failures", list.path,
            ])
        #expect(outcome.output.contains("\"bug\" : \"https://example.com/issues/1\""))
        let found = try errors(outcome.output, "report.schema.json")
        #expect(found.isEmpty, "\(found.prefix(20).joined(separator: "\n"))")
        let broken = outcome.output.replacingOccurrences(of: "\"schemaVersion\" : 1", with: "\"schemaVersion\" : 2")
        let refused = try errors(broken, "report.schema.json")
        #expect(refused.count == 1 && refused[0].hasPrefix("$.schemaVersion: not the constant"), "\(refused)")
    }

    @Test("audit --json, stress --json and bench --json follow their schemas")
    func others() async throws {
        let audit = await ConformanceCommand.run(
            subject: ReferenceSubject(), variants: Defect.variants, arguments: ["audit", "--rule", "PHONE-2", "--json"])
        #expect(try errors(audit.output, "audit.schema.json").isEmpty)
        let stress = await ConformanceCommand.run(
            subject: ReferenceSubject(), variants: Defect.variants,
            arguments: ["stress", "--runs", "2", "--rule", "PHONE-2", "--json"])
        #expect(try errors(stress.output, "stress.schema.json").isEmpty)
        // With --html, bench times the report page alone and gives its size too.
        for extra in [[], ["--html", "page.html"]] {
            let bench = await ConformanceCommand.run(
                subject: NoFlowSubject(), arguments: ["bench", "--runs", "1", "--json"] + extra)
            #expect(try errors(bench.output, "bench.schema.json").isEmpty)
            #expect(bench.output.contains("\"reportPageBytes\"") == !extra.isEmpty)
        }
    }
}
