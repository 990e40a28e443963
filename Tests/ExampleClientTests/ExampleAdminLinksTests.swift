import ConformanceKit
import Foundation
import IdentityToolkitServer
import IdentityToolkitSubject
import Testing
import URLSessionExample

/// TinyAuth against a server with no test hooks, its mails read through the administrator's link route
/// (`--admin-token`): the route is asked with TinyAuth's own `sendOobCode` request as it was sent, every field, so the
/// link is the one TinyAuth's request makes (its Android fields included), never one made from a field list of the
/// suite's.
@Suite("The URLSession example without an email outbox: the administrator is asked with the client's own request")
struct ExampleAdminLinksTests {
    @Test("each administrator's link is asked with the client's request as sent; LINK-4 judges the link it makes")
    func clientsOwnRequest() async throws {
        let server = IdentityToolkitServer(defaultProjectID: "demo-conformance", servesTestHooks: false)
        var configuration = IdentityToolkitConfiguration(
            baseURL: server.baseURL, projectID: "demo-conformance",
            makeSessionConfiguration: { server.urlSessionConfiguration() }, name: "a server with no test hooks")
        configuration.answersInProcess = { await server.handle($0) }
        configuration.adminToken = "owner"
        let (prepared, findings) = try await IdentityToolkitSubject(configuration, client: tinyAuthFactory)
            .preflighted()
        #expect(findings.adminLinks && !findings.emailOutbox, "\(findings)")
        let report = await (try ConformanceRunner(subject: prepared, options: .init(watchdog: .seconds(60)))).run(
            RuleCatalogue.rules(["LINK-4"]))
        #expect(report.results.first?.status == .pass, "\(report.results.map(\.summary))")
        let bodies = server.requests.filter { $0.url.path.hasSuffix("accounts:sendOobCode") }.compactMap {
            FixtureValue.decoding($0.body)
        }.filter { $0["email"]?.stringValue?.hasPrefix("ada") == true }
        let asked = bodies.filter { $0["returnOobLink"] != nil }
        let sent = bodies.filter { $0["returnOobLink"] == nil }
        #expect(!sent.isEmpty && asked.count == sent.count, "\(bodies)")
        for (ask, request) in zip(asked, sent) {
            guard case .object(var fields) = request else { continue }
            fields["clientType"] = nil
            fields["returnOobLink"] = .bool(true)
            #expect(ask == .object(fields), "the administrator was asked \(ask), the client sent \(request)")
            #expect(request["androidPackageName"] != nil, "TinyAuth sends the Android fields")
        }
    }
}
