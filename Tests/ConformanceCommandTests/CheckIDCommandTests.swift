import ConformanceCommand
import ConformanceKit
import Foundation
import ReferenceTestSupport
import Testing

/// The command shows and takes checks by their IDs.
@Suite("Check IDs in the command")
struct CheckIDCommandTests {
    @Test("the catalogue's JSON gives each check its ID and its sentence")
    func catalogueJSON() async throws {
        let outcome = await ConformanceCommand.run(subject: NoFlowSubject(), arguments: ["catalogue", "--json"])
        let document = try JSONDecoder().decode(CatalogueDocument.self, from: Data(outcome.output.utf8))
        let entry = try #require(document.rules.first { $0.id == "PHONE-8" })
        #expect(entry.checks.map(\.id) == Rule.phone8.checks.map(\.id))
        #expect(entry.checks.map(\.name) == Rule.phone8.checks.map(\.name))
        #expect(entry.checks.first?.id == "PHONE-8/exact-lifetime")
    }

    @Test("--rule takes a check ID: its rule runs with that check alone")
    func ruleOption() async throws {
        let outcome = await ConformanceCommand.run(
            subject: NoFlowSubject(), arguments: ["--json", "--rule", "PHONE-8/one-second-before", "--rule", "MFA-7"])
        let report = try JSONDecoder().decode(ConformanceReport.self, from: Data(outcome.output.utf8))
        #expect(report.results.map(\.rule) == ["PHONE-8", "MFA-7"])
        #expect(report.results.first?.checks.map(\.id) == ["PHONE-8/one-second-before"])
        #expect(report.results.last?.checks.count == Rule.mfa7.checks.count)
        let list = await ConformanceCommand.run(
            subject: NoFlowSubject(), arguments: ["list", "--rule", "PHONE-8/exact-lifetime"])
        #expect(list.output.contains("\n  PHONE-8/exact-lifetime  ") && !list.output.contains("PHONE-8/one-second"))
        for (id, error) in [
            (
                "PHONE-8/no-such-check",
                "PHONE-8 has no check \"no-such-check\"; its checks are PHONE-8/exact-lifetime, "
            ), ("PHONE-99/exact-lifetime", "there is no rule \"PHONE-99\""),
            ("PHONE-8/Bad_ID", "\"PHONE-8/Bad_ID\" is not a check ID"),
        ] {
            let refused = await ConformanceCommand.run(subject: NoFlowSubject(), arguments: ["--rule", id])
            #expect(refused.status == 64 && refused.error.contains(error), "\(refused.error)")
        }
    }
}
