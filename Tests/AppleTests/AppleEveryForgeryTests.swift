import ConformanceTesting
import ReferenceAuth
import Testing

/// APPLE-5 tries every forged identity token and records each one accepted: a subject that accepts three learns of all
/// three in one run, in every format.
@Suite("APPLE-5 reports every accepted forgery")
struct AppleEveryForgeryTests {
    @Test("a reference that accepts alg none, another app's audience and an expired token fails with three issues")
    func threeForgeries() async throws {
        let rule = try #require(RuleCatalogue.rule("APPLE-5"))
        let subject = ReferenceSubject(defects: [
            .acceptsAppleAlgNone, .skipsAppleAudienceCheck, .acceptsExpiredAppleToken,
        ])
        let result = await (try ConformanceRunner(subject: subject)).run(rule)
        let check = try #require(result.checks.first)
        #expect(check.status == .fail)
        #expect(check.message == "APPLE-5: 3 of 9 forged identity tokens went wrong")
        let issues = try #require(check.failure?.issues)
        try #require(issues.count == 3)
        #expect(issues[0].message.contains("with alg: none"))
        #expect(issues[1].message.contains(".widget"))
        #expect(issues[2].message.contains("expired an hour ago"))
        for issue in issues {
            #expect(issue.location?.file == "Sources/ConformanceKit/Rules/Apple/APPLE-05-TokenVerification.swift")
            #expect(issue.actual?.hasPrefix("success") == true)
        }
        let report = ConformanceReport(subject: subject.name, results: [result], durationSeconds: 0)
        for text in [ReportTable(report).rendered, JUnitReport(report).rendered, MarkdownReport(report).rendered] {
            for issue in issues { #expect(text.contains(issue.message)) }
        }
    }
}
