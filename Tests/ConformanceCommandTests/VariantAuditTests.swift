import ConformanceCommand
import ConformanceKit
import Foundation
import ReferenceTestSupport
import Testing

@Suite("The audit of a vendor's own variants")
struct VariantAuditTests {
    private let caught = AuditVariant(
        name: "makesNoBackend", rules: ["PHONE-2"], summary: "every backend is refused", subject: BrokenSubject())
    private let missed = AuditVariant(
        name: "declaresNothing", rules: ["PHONE-2"], summary: "declares no flow, so no rule applies",
        subject: NoFlowSubject())

    @Test("a variant that breaks its rule is caught by it")
    func caughtVariant() async throws {
        let finding = await (try VariantAudit()).run(caught)
        #expect(finding.caughtBy == ["PHONE-2"])
        #expect(finding.failedChecks == [FailedCheck(check: Self.phone2Check, status: .fail, kind: .adapterError)])
        #expect(finding.isCaught)
    }

    private static let phone2Check: CheckID = "PHONE-2/empty-number"

    @Test("a variant that names its check is caught only when that check fails the way it names")
    func namedCheck() async throws {
        func variant(_ catches: [ExpectedCatch]) -> AuditVariant {
            AuditVariant(
                name: "makesNoBackend", rules: ["PHONE-2"], catches: catches, summary: "", subject: BrokenSubject())
        }
        let audit = try VariantAudit()
        // The broken stand-in fails PHONE-2's check with an adapter error, not an assertion: no catch.
        let asAssertion = await audit.run(variant([.assertion(Self.phone2Check)]))
        #expect(!asAssertion.isCaught)
        #expect(asAssertion.miss?.contains("(adapterError)") == true)
        let asAdapterError = await audit.run(variant([ExpectedCatch(check: Self.phone2Check, kind: .adapterError)]))
        #expect(asAdapterError.isCaught)
        #expect(asAdapterError.catches.map(\.check) == [Self.phone2Check])
        let otherCheck = await audit.run(variant([ExpectedCatch(check: "PHONE-2/another-check", kind: .adapterError)]))
        #expect(!otherCheck.isCaught)
        let asHang = await audit.run(variant([.hang(Self.phone2Check)]))
        #expect(!asHang.isCaught)
    }

    @Test("a variant its rule does not see is not caught")
    func missedVariant() async throws {
        let finding = await (try VariantAudit()).run(missed)
        #expect(finding.caughtBy.isEmpty)
        #expect(!finding.isCaught)
    }

    @Test("a variant caught only by rules other than its own is not caught")
    func caughtByOthers() async throws {
        let finding = await (try VariantAudit()).run(caught, against: [Rule.phone3])
        #expect(finding.caughtBy == ["PHONE-3"])
        #expect(!finding.isCaught)
    }

    @Test("many variants keep their order")
    func order() async throws {
        let findings = await (try VariantAudit()).run([missed, caught, missed])
        #expect(findings.map(\.name) == ["declaresNothing", "makesNoBackend", "declaresNothing"])
        #expect(findings.map(\.isCaught) == [false, true, false])
    }

    @Test("a watchdog that is not positive is refused")
    func badOptions() {
        #expect(throws: ConformanceRunner.OptionsError.self) { try VariantAudit(options: .init(watchdog: .zero)) }
    }

    @Test("the command's table and exit status: 1 when a variant is not caught, 0 when all are")
    func command() async {
        let mixed = await ConformanceCommand.run(
            subject: NoFlowSubject(), variants: [caught, missed], arguments: ["audit"])
        #expect(mixed.status == 1)
        #expect(mixed.output.contains("NOT CAUGHT"))
        #expect(mixed.output.hasSuffix("2 variants: 1 caught by the check meant for them, 1 not caught\n"))
        let all = await ConformanceCommand.run(subject: NoFlowSubject(), variants: [caught], arguments: ["audit"])
        #expect(all.status == 0)
    }

    @Test("the command's JSON has the documented shape")
    func json() async throws {
        let outcome = await ConformanceCommand.run(
            subject: NoFlowSubject(), variants: [caught], arguments: ["audit", "--json"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(outcome.output.utf8)) as? [String: Any])
        let finding = try #require((object["variants"] as? [[String: Any]])?.first)
        #expect(Set(finding.keys) == ["name", "rules", "expected", "caughtBy", "failedChecks"])
        #expect(finding["name"] as? String == "makesNoBackend")
        #expect(finding["rules"] as? [String] == ["PHONE-2"])
        #expect((finding["caughtBy"] as? [String])?.contains("PHONE-2") == true)
        let failed = try #require((finding["failedChecks"] as? [[String: Any]])?.first)
        #expect(Set(failed.keys) == ["check", "status", "kind"])
        #expect(failed["check"] as? String == "PHONE-2/empty-number")
        #expect(failed["kind"] as? String == "adapterError" && failed["status"] as? String == "fail")
    }

    @Test("--variant runs the catalogue against the named variant")
    func oneVariant() async {
        let outcome = await ConformanceCommand.run(
            subject: NoFlowSubject(), variants: [missed, caught], arguments: ["--variant", "makesNoBackend"])
        #expect(outcome.status == 1)
        #expect(outcome.output.hasPrefix("Conformance of Broken\n"))
    }
}
