import ConformanceTesting
import ReferenceAuth
import ReferenceTestSupport
import Testing

/// The SMS multi-factor rules against the reference, as a vendor's test target runs them against its own subject.
@Suite("SMS multi-factor conformance of ReferenceAuth")
struct MFAConformanceTests {
    @Test("Rule", arguments: RuleCatalogue.rules(in: .multiFactor))
    func rule(_ rule: Rule) async throws { try await expectConformance(of: ReferenceSubject(), to: rule) }

    @Test(
        "Defect is caught by the check it names, the way it names",
        arguments: Defect.allCases.filter { $0.flows.contains(.multiFactor) })
    func defectIsCaught(_ defect: Defect) async throws { try await expectCaught(defect) }

    @Test("a middle-digits mask is reported for every hint, each with the masks the rule allows and the hint shown")
    func maskFailureMessage() async throws {
        let result = await (try ConformanceRunner(subject: ReferenceSubject(defects: [.masksOnlyMiddleDigits]))).run(
            Rule.mfa7)
        let check = try #require(result.checks.first { $0.status == .fail })
        #expect(check.message == "MFA-7: 3 of 3 hints went wrong")
        let issues = try #require(check.failure?.issues)
        try #require(issues.count == 3)
        #expect(issues[0].message == "the hint for +16505550101 is not masked as the rule says")
        #expect(
            issues[0].expected == #"every digit but the last four masked, one * each: "+*******0101" or "+1******0101""#
        )
        #expect(issues[0].actual == #""+1650***0101": it shows more leading digits than the country calling code"#)
        #expect(
            issues.allSatisfy {
                $0.location?.file == "Sources/ConformanceKit/Rules/MultiFactor/MFA-07-MaskedHints.swift"
            })
    }
}
