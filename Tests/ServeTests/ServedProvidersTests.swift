import ConformanceKit
import Foundation
import IdentityToolkitServer
import IdentityToolkitSubject
import ReferenceAuth
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
        let served = try ServedServer(projectID: "demo-conformance")
        defer { served.http.stop() }
        let endpoints = try WorldProviderEndpoints()
        defer { endpoints.stop() }
        var configuration = IdentityToolkitConfiguration(
            baseURL: served.baseURL, projectID: "demo-conformance", isolation: .tenantPerCheck,
            name: "the served reference")
        configuration.providerEndpoints = endpoints
        let rules = RuleCatalogue.rules(in: .apple)
        let options = ConformanceRunner.Options(watchdog: .seconds(60))
        let report = await (try ConformanceRunner(subject: IdentityToolkitSubject(configuration), options: options))
            .run(rules)
        let reference = await (try ConformanceRunner(subject: ReferenceSubject())).run(rules)
        for (result, expected) in zip(report.results, reference.results) {
            #expect(result.status != .notApplicable, "\(result.rule) is not applicable over loopback")
            for (check, inProcess) in zip(result.checks, expected.checks) where check.status != inProcess.status {
                #expect(
                    check.status == .notApplicable
                        && [
                            "time on the world's clock", "verifiesAppleTokensOnSystemClock",
                            "cannot take apple.clientID",
                        ].contains { check.message?.contains($0) == true },
                    "\(check.id): \(check.status) served, \(inProcess.status) in process: \(check.message ?? "")")
            }
        }
        #expect(report.count(.fail) == 0 && report.count(.warn) == 0)
    }
}
