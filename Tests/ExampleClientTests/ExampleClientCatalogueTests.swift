import ConformanceKit
import Foundation
import IdentityToolkitServer
import IdentityToolkitSubject
import LoopbackHTTP
import Testing
import URLSessionExample

/// The URLSession example client (Examples/URLSessionClient), plugged in through the public API only, against the
/// reference served on loopback as `conformance serve` serves it, a tenant per check so that checks run in parallel
/// and move their tenant's clock (the server's time control). Its verdicts are pinned: a change in the suite or in
/// the example that moves one shows here.
@Suite("The URLSession example client against the served server")
struct ExampleClientCatalogueTests {
    /// The rule verdicts of the example: every rule that applies passes, the checks of calls in flight included (its
    /// session routed through the world's network in one line). Not judged: the relaunches, which need the world's
    /// keychain, where TinyAuth keeps its own storage. Not applicable: the flows it does not offer, and what the
    /// served server cannot give (the world's parties; each such check's message says what).
    static let expected: [String: ConformanceStatus] = [
        // not judged
        "AUTH-3": .notJudged, "PHONE-18": .notJudged,
        // pass
        "AUTH-1": .pass, "AUTH-4": .pass, "AUTH-5": .pass, "AUTH-6": .pass, "AUTH-7": .pass, "AUTH-8": .pass,
        "AUTH-9": .pass, "AUTH-10": .pass, "LINK-1": .pass, "LINK-2": .pass, "LINK-4": .pass, "LINK-5": .pass,
        "LINK-6": .pass, "LINK-7": .pass, "LINK-8": .pass, "LINK-10": .pass, "LINK-11": .pass, "LINK-12": .pass,
        "LINK-13": .pass, "LINK-14": .pass, "PHONE-1": .pass, "PHONE-2": .pass, "PHONE-3": .pass, "PHONE-4": .pass,
        "PHONE-5": .pass, "PHONE-6": .pass, "PHONE-7": .pass, "PHONE-9": .pass, "PHONE-16": .pass, "PHONE-19": .pass,
        // notApplicable
        "APPLE-1": .notApplicable, "APPLE-2": .notApplicable, "APPLE-3": .notApplicable, "APPLE-4": .notApplicable,
        "APPLE-5": .notApplicable, "APPLE-6": .notApplicable, "APPLE-7": .notApplicable, "APPLE-8": .notApplicable,
        "APPLE-9": .notApplicable, "APPLE-10": .notApplicable, "APPLE-11": .notApplicable, "APPLE-12": .notApplicable,
        "APPLE-13": .notApplicable, "AUTH-2": .notApplicable, "LINK-3": .notApplicable, "LINK-9": .notApplicable,
        "MFA-1": .notApplicable, "MFA-2": .notApplicable, "MFA-3": .notApplicable, "MFA-4": .notApplicable,
        "MFA-5": .notApplicable, "MFA-6": .notApplicable, "MFA-7": .notApplicable, "MFA-8": .notApplicable,
        "MFA-9": .notApplicable, "MFA-10": .notApplicable, "MFA-11": .notApplicable, "MFA-12": .notApplicable,
        "MFA-13": .notApplicable, "MFA-14": .notApplicable, "MFA-15": .notApplicable, "OAUTH-1": .notApplicable,
        "OAUTH-2": .notApplicable, "OAUTH-3": .notApplicable, "OAUTH-4": .notApplicable, "OAUTH-5": .notApplicable,
        "OAUTH-6": .notApplicable, "OAUTH-7": .notApplicable, "OAUTH-8": .notApplicable, "OAUTH-9": .notApplicable,
        "OAUTH-10": .notApplicable, "OAUTH-11": .notApplicable, "PHONE-8": .notApplicable, "PHONE-10": .notApplicable,
        "PHONE-11": .notApplicable, "PHONE-12": .notApplicable, "PHONE-13": .notApplicable, "PHONE-14": .notApplicable,
        "PHONE-15": .notApplicable, "PHONE-17": .notApplicable,
    ]

    @Test("the catalogue's verdicts of the example client are the pinned ones; each n/a check says why")
    func pinnedVerdicts() async throws {
        let backend = IdentityToolkitServer(
            defaultProjectID: "demo-conformance", followsRealTime: true, recordsRequests: false)
        let http = try LoopbackHTTPServer(
            port: 0, handler: { await backend.handle($0) },
            rejection: { IdentityToolkitServer.invalidArgument($1, code: $0) })
        defer { http.stop() }
        var configuration = IdentityToolkitConfiguration(
            baseURL: URL(string: "http://127.0.0.1:\(http.port)")!, projectID: "demo-conformance",
            isolation: .tenantPerCheck, name: "TinyAuth")
        configuration.timeControl = true
        let subject = IdentityToolkitSubject(configuration, client: tinyAuthFactory)
        #expect(subject.capabilities.flows == [.password, .emailLink, .phone])
        let report = await (try ConformanceRunner(subject: subject, options: .init(watchdog: .seconds(60)))).run()
        let actual = Dictionary(uniqueKeysWithValues: report.results.map { ("\($0.rule)", $0.status) })
        let listing = actual.sorted { $0.key < $1.key }.map { "\"\($0.key)\": .\($0.value)," }.joined(separator: " ")
        #expect(actual == Self.expected, "actual verdicts: \(listing)")
        for check in report.results.flatMap(\.checks) where check.status == .notApplicable {
            #expect(!(check.message ?? "").isEmpty, "\(check.id) is n/a without a reason")
        }
        let reasons = report.results.flatMap(\.checks).filter { "\($0.id)".hasPrefix("PHONE-18/relaunch") }
        #expect(reasons.count == 2 && reasons.allSatisfy { ($0.message ?? "").contains("persistsUserInWorldKeychain") })
        #expect(reasons.allSatisfy { $0.status == .notJudged })
        let inFlight = report.results.flatMap(\.checks).filter { $0.id == "AUTH-6/listener-added-during-sign-in" }
        #expect(inFlight.map(\.status) == [.pass], "the network seam in one line: the check of a call in flight runs")
    }
}
