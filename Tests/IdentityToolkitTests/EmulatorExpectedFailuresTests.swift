import ConformanceCommand
import ConformanceKit
import Foundation
import IdentityToolkitSubject
import ReferenceTestSupport
import Testing

@Suite("The emulator's known-failures file")
struct EmulatorExpectedFailuresTests {
    static let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
        "../../Fixtures/identity-toolkit/emulator-expected-failures.txt"
    ).standardized.path

    @Test("it reads as --expected-failures, names catalogue rules, and none of them is wholly not applicable over HTTP")
    func readable() throws {
        let text = try String(contentsOfFile: Self.path, encoding: .utf8)
        let list = try ExpectedFailures(parsing: text).validated()
        #expect(list.expectedFailures.count >= 8)
        let subject = IdentityToolkitSubject(.emulator())
        for entry in list.expectedFailures {
            let rule = try #require(RuleCatalogue.all.first { $0.id == entry.rule })
            #expect(
                subject.capabilities.flows.contains(rule.flow) || rule.flow == .general,
                "\(entry.rule) is in a flow the subject does not declare")
            #expect(
                NotApplicableOverHTTP.checks[entry.rule.rawValue]?.count != rule.checks.count,
                "\(entry.rule) is not applicable over HTTP")
        }
    }

    @Test("the command reads it")
    func command() async throws {
        let (subject, server) = httpSubject()
        let outcome = await ConformanceCommand.run(
            subject: subject, arguments: ["--rule", "AUTH-5", "--expected-failures", Self.path])
        #expect(outcome.status == CommandOutcome.success, "\(outcome.error)")
        _ = server
    }
}
