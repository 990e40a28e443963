import ConformanceKit
import Foundation
import IdentityToolkitServer
import IdentityToolkitSubject
import ReferenceAuth
import Testing

@Suite("The catalogue over loopback against the served server", .serialized)
struct ServedCatalogueTests {
    // No time limit: how long the catalogue takes over loopback depends on the machine's load, never its verdict;
    // a hang is the suite's own business (the HTTP subject's bounded network timeout).
    @Test(
        """
        every check has the result it has against the in-process HTTP server, one check at a time on a shared \
        project, with the key set the served server publishes found by default
        """)
    func sameVerdicts() async throws {
        let served = try ServedServer(projectID: "demo-conformance")
        defer { served.http.stop() }
        let overLoopback = IdentityToolkitSubject(
            IdentityToolkitConfiguration(
                baseURL: served.baseURL, projectID: "demo-conformance", isolation: .oneCheckAtATime,
                name: "the served reference"))
        let inProcessServer = IdentityToolkitServer(defaultProjectID: "demo-conformance")
        let inProcess = IdentityToolkitSubject(
            IdentityToolkitConfiguration(
                baseURL: inProcessServer.baseURL, projectID: inProcessServer.defaultProjectID,
                isolation: .oneCheckAtATime, makeSessionConfiguration: { inProcessServer.urlSessionConfiguration() },
                publishedKeys: .at(inProcessServer.publishedKeysURL)))
        let options = ConformanceRunner.Options(watchdog: .seconds(60))
        let servedReport = await (try ConformanceRunner(subject: overLoopback, options: options)).run()
        let reference = await (try ConformanceRunner(subject: inProcess, options: options)).run()
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
