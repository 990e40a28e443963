import ConformanceKit
import Foundation
import IdentityToolkitServer
import IdentityToolkitSubject
import ReferenceAuth
import ReferenceTestSupport
import Testing

@Suite("The catalogue over loopback against the served server", .serialized)
struct ServedCatalogueTests {
    // No time limit: how long the catalogue takes over loopback depends on the machine's load, never its verdict;
    // a hang is the suite's own business (the HTTP subject's bounded network timeout). A tenant per check on both
    // servers, so that the checks run in parallel, and the two runs at once: one check at a time over loopback is
    // what Tests/AdminSDK/run-served.sh runs in CI (the README's command, no option but the URL and the project).
    @Test(
        """
        every check has the result it has against the in-process HTTP server, a tenant per check, with the key set \
        the served server publishes found by default
        """)
    func sameVerdicts() async throws {
        let served = try ServedServer(projectID: "demo-conformance")
        defer { served.http.stop() }
        var servedConfiguration = IdentityToolkitConfiguration(
            baseURL: served.baseURL, projectID: "demo-conformance", isolation: .tenantPerCheck,
            name: "the served reference")
        let inProcessServer = IdentityToolkitServer(defaultProjectID: "demo-conformance")
        var inProcessConfiguration = IdentityToolkitConfiguration(
            baseURL: inProcessServer.baseURL, projectID: inProcessServer.defaultProjectID, isolation: .tenantPerCheck,
            makeSessionConfiguration: { inProcessServer.urlSessionConfiguration() },
            publishedKeys: .at(inProcessServer.publishedKeysURL))
        inProcessConfiguration.answersInProcess = { await inProcessServer.handle($0) }
        // Both drive their server's clock, as the preflight lets them: a change that must end sessions lies a second
        // after them (production's whole-second revocation, which the served server keeps).
        (servedConfiguration.timeControl, inProcessConfiguration.timeControl) = (true, true)
        let overLoopback = IdentityToolkitSubject(servedConfiguration)
        let inProcess = IdentityToolkitSubject(inProcessConfiguration)
        let options = ConformanceRunner.Options(watchdog: .seconds(60))
        // Half the catalogue in `swift test`, the whole in the long version (``LongTests``).
        let rules = LongTests.slice(RuleCatalogue.all, part: 0, of: 2)
        async let servedRun = (try ConformanceRunner(subject: overLoopback, options: options)).run(rules)
        async let referenceRun = (try ConformanceRunner(subject: inProcess, options: options)).run(rules)
        let (servedReport, reference) = try await (servedRun, referenceRun)
        #expect(servedReport.results.map(\.rule) == reference.results.map(\.rule))
        for (result, expected) in zip(servedReport.results, reference.results) {
            for (check, inProcessCheck) in zip(result.checks, expected.checks) {
                #expect(
                    check.status == inProcessCheck.status,
                    """
                    \(check.id): \(check.status) served, \(inProcessCheck.status) in process: \
                    \(check.message ?? "")
                    """)
            }
        }
        #expect(servedReport.failedMustRules.isEmpty && servedReport.count(.fail) == 0)
    }
}
