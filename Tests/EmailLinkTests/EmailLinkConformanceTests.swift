import ConformanceTesting
import ReferenceAuth
import ReferenceTestSupport
import Testing

/// The email-link rules against the reference, as a vendor's test target runs them against its own subject.
@Suite("Email-link sign-in conformance of ReferenceAuth")
struct EmailLinkConformanceTests {
    @Test("Rule", arguments: RuleCatalogue.rules(in: .emailLink))
    func rule(_ rule: Rule) async throws {
        try await expectConformance(of: ReferenceSubject(), to: rule)
    }

    @Test("Defect is caught by the check it names, the way it names", arguments: Defect.allCases.filter { $0.flows.contains(.emailLink) })
    func defectIsCaught(_ defect: Defect) async throws {
        try await expectCaught(defect)
    }

    @Test("a link for another address is named with the rule, the addresses and the transcript")
    func failureMessage() async throws {
        let result = await (try ConformanceRunner(subject: ReferenceSubject(defects: [.signsInWhateverEmailIsGiven]))).run(Rule.link7)
        let failed = try #require(result.checks.first { $0.status == .fail })
        let message = try #require(failed.message)
        #expect(message.hasPrefix("LINK-7: "))
        #expect(message.contains("signIn(withEmail: \"adb@example.com\", link: ada's link) succeeded"))
        #expect(failed.failure?.transcript.contains { $0.contains("email to ada@example.com") } == true)
    }
}
