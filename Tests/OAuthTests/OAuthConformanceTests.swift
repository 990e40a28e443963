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

    @Test(
        """
        a subject that forwards reserved keys fails OAUTH-1 only: OAUTH-2 judges the other parameters, which reach \
        GitHub unchanged, and says the reserved keys are OAUTH-1's
        """, arguments: [Defect.forwardsReservedOAuthParameters, .forwardsOAuthToken])
    func reservedKeysBelongToOAUTH1(_ defect: Defect) async throws {
        let runner = try ConformanceRunner(subject: ReferenceSubject(defects: [defect]))
        #expect(await runner.run(Rule.oauth1).status == .fail)
        let oauth2 = await runner.run(Rule.oauth2)
        #expect(oauth2.status == .pass, "\(oauth2.summary)")
        #expect(oauth2.checks.allSatisfy { $0.status != .fail })
        let deferred = oauth2.checks.filter { $0.status == .notApplicable }
        #expect(!deferred.isEmpty && deferred.allSatisfy { $0.message?.contains("OAUTH-1") == true })
    }

    @Test("a subject that drops allow_signup fails OAUTH-2 only")
    func otherParametersBelongToOAUTH2() async throws {
        let runner = try ConformanceRunner(subject: ReferenceSubject(defects: [.dropsAllowSignup]))
        #expect(await runner.run(Rule.oauth1).status == .pass)
        #expect(await runner.run(Rule.oauth2).status == .fail)
    }
}
