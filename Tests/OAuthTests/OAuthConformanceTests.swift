import ConformanceTesting
import ReferenceAuth
import ReferenceTestSupport
import Testing

/// The OAuth rules against the reference, as a vendor's test target runs them against its own subject.
@Suite("Generic OAuth (GitHub) conformance of ReferenceAuth")
struct OAuthConformanceTests {
    @Test("Rule", arguments: RuleCatalogue.rules(in: .oauth))
    func rule(_ rule: Rule) async throws {
        try await expectConformance(of: ReferenceSubject(), to: rule)
    }

    @Test("Defect is caught by the check it names, the way it names", arguments: Defect.allCases.filter { $0.flows.contains(.oauth) })
    func defectIsCaught(_ defect: Defect) async throws {
        try await expectCaught(defect)
    }
}
