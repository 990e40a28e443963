import ConformanceKit
import Foundation
import Testing

@Suite("The audit of a vendor's own variants")
struct DefectAuditTests {
    private let caught = AuditVariant(
        name: "makesNoBackend", rules: ["PHONE-2"], summary: "every backend is refused", subject: BrokenSubject())
    private let missed = AuditVariant(
        name: "declaresNothing", rules: ["PHONE-2"], summary: "declares no flow, so no rule applies", subject: NoFlowSubject())

    @Test("a variant that breaks its rule is caught by it")
    func caughtVariant() async throws {
        let finding = await (try DefectAudit()).run(caught)
        #expect(finding == DefectFinding(name: "makesNoBackend", rules: ["PHONE-2"], caughtBy: ["PHONE-2"]))
        #expect(finding.isCaught)
    }

    @Test("a variant its rule does not see is not caught")
    func missedVariant() async throws {
        let finding = await (try DefectAudit()).run(missed)
        #expect(finding.caughtBy.isEmpty)
        #expect(!finding.isCaught)
    }

    @Test("a variant caught only by rules other than its own is not caught")
    func caughtByOthers() async throws {
        let finding = await (try DefectAudit()).run(caught, against: [Rule.phone3])
        #expect(finding.caughtBy == ["PHONE-3"])
        #expect(!finding.isCaught)
    }

    @Test("many variants keep their order")
    func order() async throws {
        let findings = await (try DefectAudit()).run([missed, caught, missed])
        #expect(findings.map(\.name) == ["declaresNothing", "makesNoBackend", "declaresNothing"])
        #expect(findings.map(\.isCaught) == [false, true, false])
    }

    @Test("a watchdog that is not positive is refused")
    func badOptions() {
        #expect(throws: ConformanceRunner.OptionsError.self) { try DefectAudit(options: .init(watchdog: .zero)) }
    }

    @Test("the command's table and exit status: 1 when a variant is not caught, 0 when all are")
    func command() async {
        let mixed = await ConformanceCommand.run(subject: NoFlowSubject(), variants: [caught, missed], arguments: ["--defects"])
        #expect(mixed.status == 1)
        #expect(mixed.output.contains("NOT CAUGHT"))
        #expect(mixed.output.hasSuffix("2 defects: 1 caught by one of their own rules, 1 not caught\n"))
        let all = await ConformanceCommand.run(subject: NoFlowSubject(), variants: [caught], arguments: ["--defects"])
        #expect(all.status == 0)
    }

    @Test("the command's JSON has the documented shape")
    func json() async throws {
        let outcome = await ConformanceCommand.run(subject: NoFlowSubject(), variants: [caught], arguments: ["--defects", "--json"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(outcome.output.utf8)) as? [String: Any])
        let finding = try #require((object["defects"] as? [[String: Any]])?.first)
        #expect(Set(finding.keys) == ["name", "rules", "caughtBy"])
        #expect(finding["name"] as? String == "makesNoBackend")
        #expect(finding["rules"] as? [String] == ["PHONE-2"])
        #expect((finding["caughtBy"] as? [String])?.contains("PHONE-2") == true)
    }

    @Test("--defect runs the catalogue against the named variant")
    func oneVariant() async {
        let outcome = await ConformanceCommand.run(subject: NoFlowSubject(), variants: [missed, caught], arguments: ["--defect", "makesNoBackend"])
        #expect(outcome.status == 1)
        #expect(outcome.output.hasPrefix("Conformance of Broken\n"))
    }
}
