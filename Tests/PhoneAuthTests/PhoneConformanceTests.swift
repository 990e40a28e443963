import ConformanceTesting
import ReferenceAuth
import ReferenceTestSupport
import Testing

/// The phone rules (and the rules across flows) against the reference, as a vendor's test target runs them
/// against its own subject.
@Suite("Phone sign-in conformance of ReferenceAuth")
struct PhoneConformanceTests {
    @Test("Rule", arguments: RuleCatalogue.rules(in: .phone) + RuleCatalogue.rules(in: .general))
    func rule(_ rule: Rule) async throws { try await expectConformance(of: ReferenceSubject(), to: rule) }

    @Test(
        "Defect is caught by the check it names, the way it names",
        arguments: Defect.allCases.filter { !$0.flows.isDisjoint(with: [.phone, .general]) })
    func defectIsCaught(_ defect: Defect) async throws { try await expectCaught(defect) }
}
