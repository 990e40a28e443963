import ConformanceTesting
import ReferenceAuth
import ReferenceTestSupport
import Testing

/// The OAuth rules against the reference, as a vendor's test target runs them against its own subject.
@Suite("Generic OAuth (GitHub) conformance of ReferenceAuth")
struct OAuthConformanceTests {
    @Test("Rule", arguments: RuleCatalogue.rules(in: .oauth))
    func rule(_ rule: Rule) async throws { try await expectConformance(of: ReferenceSubject(), to: rule) }

    @Test(
        "Defect is caught by the check it names, the way it names",
        arguments: Defect.allCases.filter { $0.flows.contains(.oauth) })
    func defectIsCaught(_ defect: Defect) async throws { try await expectCaught(defect) }

    @Test("OAUTH-1 reports every fixture case that forwards a reserved parameter, each at the rule file's line")
    func everyReservedParameterCase() async throws {
        let result = await
            (try ConformanceRunner(subject: ReferenceSubject(defects: [.forwardsReservedOAuthParameters]))).run(
                Rule.oauth1)
        let failed = try #require(result.checks.first { $0.status == .fail })
        let issues = try #require(failed.failure?.issues)
        #expect(failed.message?.contains("cases of oauth/custom-parameters.json went wrong") == true)
        #expect(issues.count > 1)
        for issue in issues {
            #expect(issue.expected != nil && issue.actual != nil)
            #expect(issue.location?.file == "Sources/ConformanceKit/Rules/OAuth/OAUTH-01-ReservedParameters.swift")
        }
    }
}
