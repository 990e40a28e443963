import ConformanceKit
import ReferenceAuth
import ReferenceTestSupport
import Testing

/// Over HTTP, a check's evidence is what reached the server: each request the subject sent and the server's answer
/// are in the failure's transcript, and the report page shows them with every token as `<JWT>`.
@Suite("What reached the server is a failure's evidence")
struct ExchangeEvidenceTests {
    @Test("a failure over HTTP lists each request and answer; the page masks their tokens")
    func exchangesInTheTranscript() async throws {
        let report = await
            (try ConformanceRunner(
                subject: httpSubject(defects: [.refreshSurvivesPasswordChange], timeControl: true).0, options: .overHTTP
            )).run(RuleCatalogue.rules(["AUTH-7"]))
        let failed = try #require(report.results.flatMap(\.checks).first { $0.id == "AUTH-7/password-changed" })
        #expect(failed.status == .fail, "\(failed.message ?? "")")
        let transcript = failed.failure?.transcript ?? []
        // The iOS SDK's routes, the HTTP subject's default layout: setAccountInfo is accounts:update.
        let update = transcript.filter { $0.contains("server: POST ") && $0.contains("/setAccountInfo") }
        #expect(!update.isEmpty, "\(transcript.joined(separator: "\n"))")
        #expect(transcript.contains { $0.contains("server: POST ") && $0.contains("/token") && $0.contains("→ 200") })
        let page = HTMLReport(report).rendered
        #expect(page.contains("server: POST "))
        #expect(update.allSatisfy { $0.contains("{\"idToken\":\"<JWT>\"") }, "\(update)")
        #expect(page.contains("&lt;JWT&gt;"))
        #expect(page.firstMatch(of: /eyJ[A-Za-z0-9_-]{10,}\.eyJ/) == nil, "a token is shown unmasked")
    }
}
