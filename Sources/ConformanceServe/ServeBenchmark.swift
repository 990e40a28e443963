import ConformanceCommand
import ConformanceKit
import Foundation
import IdentityToolkitServer
import IdentityToolkitSubject
import LoopbackHTTP
import ReferenceAuth

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// `conformance serve --benchmark [--repeat N]`: the served server's start-up (until `GET /` answers over
/// loopback) and the catalogue over HTTP against it, each timed N times on a free port of 127.0.0.1.
enum ServeBenchmark {
    static func run(repeats: Int) async -> BenchmarkReport {
        let repeats = max(1, repeats)
        var startUps: [Duration] = []
        var catalogues: [Duration] = []
        let clock = ContinuousClock()
        for _ in 0..<repeats {
            let started = clock.now
            guard let (backend, server) = try? serve() else { continue }
            let session = URLSession(configuration: .ephemeral)
            let base = URL(string: "http://127.0.0.1:\(server.port)")!
            guard (try? await session.data(from: base)) != nil else {
                server.stop()
                continue
            }
            startUps.append(clock.now - started)
            let subject = IdentityToolkitSubject(
                IdentityToolkitConfiguration(
                    baseURL: base, projectID: backend.defaultProjectID, isolation: .oneCheckAtATime,
                    name: "the served reference"))
            let runStarted = clock.now
            if let runner = try? ConformanceRunner(subject: subject, options: .init(watchdog: .seconds(60))) {
                _ = await runner.run()
            }
            catalogues.append(clock.now - runStarted)
            server.stop()
        }
        return BenchmarkReport(
            subject: "the reference served on loopback (conformance serve)", repeats: repeats,
            rows: [
                .init(name: "serve start-up", rules: 0, variants: nil, milliseconds: spread(startUps)),
                .init(
                    name: "catalogue over HTTP", rules: RuleCatalogue.all.count, variants: nil,
                    milliseconds: spread(catalogues)),
            ])
    }

    private static func spread(_ times: [Duration]) -> BenchmarkReport.Spread {
        BenchmarkReport.Spread(
            times.map { (Double($0.components.seconds) + Double($0.components.attoseconds) / 1e18) * 1000 })
    }

    private static func serve() throws -> (IdentityToolkitServer, LoopbackHTTPServer) {
        let backend = IdentityToolkitServer(
            defaultProjectID: ProjectConfiguration.standard.projectID, followsRealTime: true, recordsRequests: false)
        let server = try LoopbackHTTPServer(
            port: 0, handler: { request in await backend.handle(request) },
            rejection: { status, message in IdentityToolkitServer.invalidArgument(message, code: status) })
        return (backend, server)
    }
}
