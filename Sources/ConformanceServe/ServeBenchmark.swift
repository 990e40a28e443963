import ConformanceCommand
import ConformanceKit
import Foundation
import HTTPMessages
import IdentityToolkitServer
import IdentityToolkitSubject
import LoopbackHTTP
import ReferenceAuth
import WorldProviderEndpoints

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// `conformance serve --benchmark [--runs N]`: in one run, on a free port of 127.0.0.1, the served server's start-up
/// (until `GET /` answers over loopback), the rules the HTTP subject applies to the served server in process (the
/// reference), and the same rules over HTTP against the served server, with a tenant per check (checks in parallel,
/// as `--tenants` runs them) and one check at a time on the shared project; then how many times the in-process run
/// each HTTP run takes. One more row runs the HTTP subject with a tenant per check against the same server's handler
/// in process, no socket between them: what the HTTP path costs beside the transport (JSON both ways, the server's
/// RS256 signatures, a check's tenant), which bounds the ratio however cheap the loopback becomes. The HTTP subject is
/// the command's (`conformance --identity-toolkit URL`): preflighted (time control, config API) and pointed at each
/// check's GitHub and Apple on loopback, so its rules are the ones a user's run judges.
enum ServeBenchmark {
    static let inProcess = "in process"
    static let tenants = "over HTTP, tenants"
    static let oneAtATime = "over HTTP, one at a time"
    static let noSockets = "HTTP subject, no sockets"

    static func run(repeats: Int) async -> BenchmarkReport {
        let repeats = max(1, repeats)
        var startUps: [Duration] = []
        var times: [String: [Duration]] = [:]
        let clock = ContinuousClock()
        let options = ConformanceRunner.Options(watchdog: .seconds(60))
        var rules = RuleCatalogue.all
        for _ in 0..<repeats {
            let started = clock.now
            guard let (backend, server) = try? serve() else { continue }
            defer { server.stop() }
            let base = URL(string: "http://127.0.0.1:\(server.port)")!
            let probe = URLSession(configuration: .ephemeral)
            defer { probe.finishTasksAndInvalidate() }
            guard (try? await probe.data(from: base)) != nil else { continue }
            startUps.append(clock.now - started)
            let endpoints = try? WorldProviderEndpoints()
            defer { endpoints?.stop() }
            let subjects: [(String, any ConformanceSubject)] = [
                (inProcess, ReferenceSubject()),
                (tenants, await served(base, backend.defaultProjectID, .tenantPerCheck, providers: endpoints)),
                (oneAtATime, await served(base, backend.defaultProjectID, .oneCheckAtATime, providers: endpoints)),
                (
                    noSockets,
                    await served(
                        base, backend.defaultProjectID, .tenantPerCheck, providers: endpoints,
                        answering: { await backend.handle($0) })
                ),
            ]
            let flows = subjects[1].1.capabilities.flows.union([.general])
            rules = RuleCatalogue.all.filter { flows.contains($0.flow) }
            for (name, subject) in subjects {
                guard let runner = try? ConformanceRunner(subject: subject, options: options) else { continue }
                let runStarted = clock.now
                _ = await runner.run(rules)
                times[name, default: []].append(clock.now - runStarted)
            }
        }
        return BenchmarkReport(
            subject: "the reference served on loopback (conformance serve)", repeats: repeats,
            rows: [.init(name: "serve start-up", rules: 0, variants: nil, milliseconds: spread(startUps))]
                + [inProcess, tenants, oneAtATime, noSockets].map { name in
                    .init(name: name, rules: rules.count, variants: nil, milliseconds: spread(times[name] ?? []))
                })
    }

    /// `over HTTP, tenants: 2.4× in process`, one line per HTTP row, from the medians.
    static func ratios(_ report: BenchmarkReport) -> String {
        guard let base = report.rows.first(where: { $0.name == inProcess })?.milliseconds.median, base > 0 else {
            return ""
        }
        return [tenants, oneAtATime, noSockets].compactMap { name in
            guard let median = report.rows.first(where: { $0.name == name })?.milliseconds.median else { return nil }
            return "\(name): \(String(format: "%.1f", median / base))× the in-process run (medians)"
        }.joined(separator: "\n")
    }

    private static func served(
        _ base: URL, _ projectID: String, _ isolation: IdentityToolkitConfiguration.Isolation,
        providers: WorldProviderEndpoints?, answering: (@Sendable (HTTPRequest) async -> HTTPResponse)? = nil
    ) async -> IdentityToolkitSubject {
        var configuration = IdentityToolkitConfiguration(
            baseURL: base, projectID: projectID, isolation: isolation, name: "the served reference")
        configuration.providerEndpoints = providers
        configuration.answersInProcess = answering
        let subject = IdentityToolkitSubject(configuration)
        return (try? await subject.preflighted())?.subject ?? subject
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
