import ConformanceKit
import Foundation
import IdentityToolkitServer
import IdentityToolkitSubject
import ReferenceAuth
import ReferenceTestSupport
import Testing
import WorldProviderEndpoints

@Suite("Sign in with Apple over loopback against the served server, pointed at each check's Apple", .serialized)
struct ServedProvidersTests {
    @Test(
        """
        every APPLE rule applies over loopback and passes, each check as in process or not applicable for Apple's \
        clock; the served server reaches the check's Apple at the loopback endpoints
        """)
    func appleRulesOverLoopback() async throws {
        let (report, reference) = try await Self.servedAndInProcess(.apple)
        for result in report.results {
            #expect(result.status != .notApplicable, "\(result.rule) is not applicable over loopback")
        }
        expectInProcessVerdicts(
            report, reference,
            notApplicableFor: [
                "time on the world's clock", "verifiesAppleTokensOnSystemClock", "cannot take apple.clientID",
            ], run: "served")
        #expect(report.count(.fail) == 0 && report.count(.warn) == 0)
    }

    @Test(
        """
        the OAUTH rules apply over loopback against the served server with a tenant per check, each check as in \
        process or not applicable for a provider only the server's console disables
        """)
    func oauthRulesOverLoopback() async throws {
        let (report, reference) = try await Self.servedAndInProcess(.oauth)
        let applicable = expectInProcessVerdicts(report, reference, notApplicableFor: ["oauthProviders"], run: "served")
        #expect(report.count(.fail) == 0 && report.count(.warn) == 0)
        #expect(applicable >= 14, "\(applicable) OAUTH checks apply over loopback")
    }

    /// The flow's rules against the served reference, with a tenant per check and the check's providers on loopback,
    /// and in process.
    static func servedAndInProcess(
        _ flow: Flow
    ) async throws -> (served: ConformanceReport, inProcess: ConformanceReport) {
        let served = try ServedServer(projectID: "demo-conformance")
        defer { served.http.stop() }
        let endpoints = try WorldProviderEndpoints()
        defer { endpoints.stop() }
        var configuration = IdentityToolkitConfiguration(
            baseURL: served.baseURL, projectID: "demo-conformance", isolation: .tenantPerCheck,
            name: "the served reference")
        configuration.providerEndpoints = endpoints
        let rules = RuleCatalogue.rules(in: flow)
        let options = ConformanceRunner.Options(watchdog: .seconds(60))
        let report = await (try ConformanceRunner(subject: IdentityToolkitSubject(configuration), options: options))
            .run(rules)
        return (report, await SharedReferenceRun.report(for: rules))
    }
}
