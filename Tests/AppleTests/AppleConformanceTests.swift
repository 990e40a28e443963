import ConformanceTesting
import ReferenceAuth
import ReferenceTestSupport
import Testing

/// The Sign in with Apple rules against the reference, as a vendor's test target runs them against its own subject.
@Suite("Sign in with Apple conformance of ReferenceAuth")
struct AppleConformanceTests {
    @Test("Rule", arguments: RuleCatalogue.rules(in: .apple))
    func rule(_ rule: Rule) async throws { try await expectConformance(of: ReferenceSubject(), to: rule) }

    @Test(
        "Defect is caught by the check it names, the way it names",
        arguments: Defect.allCases.filter { $0.flows.contains(.apple) })
    func defectIsCaught(_ defect: Defect) async throws { try await expectCaught(defect) }
}
