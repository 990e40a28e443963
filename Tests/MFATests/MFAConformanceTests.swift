import ConformanceTesting
import ReferenceAuth
import ReferenceTestSupport
import Testing

/// The SMS multi-factor rules against the reference, as a vendor's test target runs them against its own subject.
@Suite("SMS multi-factor conformance of ReferenceAuth")
struct MFAConformanceTests {
    @Test("Rule", arguments: RuleCatalogue.rules(in: .multiFactor))
    func rule(_ rule: Rule) async throws {
        try await expectConformance(of: ReferenceSubject(), to: rule)
    }

    @Test("Defect is caught by the check it names, the way it names", arguments: Defect.allCases.filter { $0.flows.contains(.multiFactor) })
    func defectIsCaught(_ defect: Defect) async throws {
        try await expectCaught(defect)
    }

    @Test("a middle-digits mask is named with the hint and the rule")
    func maskFailureMessage() async throws {
        let result = await (try ConformanceRunner(subject: ReferenceSubject(defects: [.masksOnlyMiddleDigits]))).run(Rule.mfa7)
        let message = try #require(result.checks.first { $0.status == .fail }?.message)
        #expect(message.hasPrefix("MFA-7: "))
        #expect(message.contains("\"+1650***0101\""))
        #expect(message.contains("more leading digits than the country calling code"))
    }
}
