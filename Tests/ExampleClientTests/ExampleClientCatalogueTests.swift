import ConformanceKit
import Foundation
import IdentityToolkitServer
import IdentityToolkitSubject
import LoopbackHTTP
import Testing
import URLSessionExample

/// The URLSession example client (Examples/URLSessionClient), plugged in through the public API only, against the
/// reference served on loopback as `conformance serve` serves it, a tenant per check so that checks run in parallel
/// (issue 31). Its verdicts are pinned: a change in the suite or in the example that moves one shows here.
@Suite("The URLSession example client against the served server")
struct ExampleClientCatalogueTests {
    /// The rule verdicts of the example: what TinyAuth does not offer (linking, re-authentication, verification
    /// emails) fails, what needs the world's keychain or network is not applicable.
    static let expected: [String: ConformanceStatus] = [:]

    @Test("the catalogue's verdicts of the example client are the pinned ones; each n/a check says why")
    func pinnedVerdicts() async throws {
        let backend = IdentityToolkitServer(
            defaultProjectID: "demo-conformance", followsRealTime: true, recordsRequests: false)
        let http = try LoopbackHTTPServer(
            port: 0, handler: { await backend.handle($0) },
            rejection: { IdentityToolkitServer.invalidArgument($1, code: $0) })
        defer { http.stop() }
        let subject = IdentityToolkitSubject(
            IdentityToolkitConfiguration(
                baseURL: URL(string: "http://127.0.0.1:\(http.port)")!, projectID: "demo-conformance",
                isolation: .tenantPerCheck, name: "TinyAuth"), client: tinyAuthFactory)
        #expect(subject.capabilities.flows == [.password, .emailLink, .phone])
        let report = await (try ConformanceRunner(subject: subject, options: .init(watchdog: .seconds(60)))).run()
        let actual = Dictionary(uniqueKeysWithValues: report.results.map { ("\($0.rule)", $0.status) })
        let listing = actual.sorted { $0.key < $1.key }.map { "\"\($0.key)\": .\($0.value)," }.joined(separator: " ")
        #expect(actual == Self.expected, "actual verdicts: \(listing)")
        for check in report.results.flatMap(\.checks) where check.status == .notApplicable {
            #expect(!(check.message ?? "").isEmpty, "\(check.id) is n/a without a reason")
        }
        let reasons = report.results.flatMap(\.checks).filter { "\($0.id)".hasPrefix("PHONE-18/relaunch") }
        #expect(reasons.allSatisfy { ($0.message ?? "").contains("persistsUserInWorldKeychain") })
        let failures = report.results.flatMap(\.checks).filter { $0.status == .fail }.map {
            "\($0.id): \($0.message ?? "")"
        }
        print("TinyAuth failures:\n" + failures.joined(separator: "\n"))
    }
}
