import ConformanceTesting
import ReferenceAuth
import ReferenceTestSupport
import Testing

/// The email-link rules against the reference, as a vendor's test target runs them against its own subject.
@Suite("Email-link sign-in conformance of ReferenceAuth")
struct EmailLinkConformanceTests {
    @Test("Rule", arguments: RuleCatalogue.rules(in: .emailLink))
    func rule(_ rule: Rule) async throws { try await expectConformance(of: ReferenceSubject(), to: rule) }

    @Test(
        "Defect is caught by the check it names, the way it names",
        arguments: Defect.allCases.filter { $0.flows.contains(.emailLink) })
    func defectIsCaught(_ defect: Defect) async throws { try await expectCaught(defect) }

    @Test(
        """
        a link for another address is named with the rule and the address; expected and actual are fields; the \
        transcript
        """)
    func failureMessage() async throws {
        let result = await (try ConformanceRunner(subject: ReferenceSubject(defects: [.signsInWhateverEmailIsGiven])))
            .run(Rule.link7)
        let failed = try #require(result.checks.first { $0.status == .fail })
        let message = try #require(failed.message)
        #expect(message.hasPrefix("LINK-7: "))
        #expect(message.contains("signIn(withEmail: \"adb@example.com\", link: ada's link) succeeded"))
        #expect(failed.failure?.expected == AuthErrorCode.invalidEmail.label)
        #expect(failed.failure?.actual?.hasPrefix("success") == true)
        #expect(failed.failure?.transcript.contains { $0.contains("email to ada@example.com") } == true)
    }

    @Test("LINK-5 reports every fixture link answered wrong, each with its answer and the expected one as fields")
    func everyFixtureLink() async throws {
        let result = await (try ConformanceRunner(subject: ReferenceSubject(defects: [.recognizesAnyActionLink]))).run(
            Rule.link5)
        let failed = try #require(result.checks.first { $0.status == .fail && $0.id == "LINK-5/fixture-cases-agree" })
        let issues = try #require(failed.failure?.issues)
        #expect(failed.message?.hasSuffix("links of the fixture went wrong") == true)
        #expect(!issues.isEmpty)
        for issue in issues {
            #expect(issue.message.hasPrefix("isSignIn(withEmailLink:) for "))
            #expect(issue.expected == "false" && issue.actual == "true")
            #expect(issue.location?.file == "Sources/ConformanceKit/Rules/EmailLink/LINK-05-IsSignIn.swift")
        }
    }
}
