import ConformanceCommand
import ConformanceKit
import Foundation
import IdentityToolkitServer
import IdentityToolkitSubject
import LoopbackHTTP
import MockIdP
import ReferenceTestSupport
import Testing
import URLSessionExample

/// The example's command (Examples/URLSessionClientCommand: `ConformanceCommand.main(client: tinyAuthFactory)`, its
/// one call) against the reference served on loopback: every server option applies to the vendor's client, the
/// preflight keeps it, and what it found reaches the crash-isolation workers, which run the same client. TinyAuth
/// logs every call (`TINYAUTH_DEBUG`) on standard output and standard error, tokens and all, each line in two
/// pieces: the verdicts are a quiet run's, one check at a time and a tenant each, and what it printed reaches the
/// command's standard error, never the report.
@Suite("The URLSession example through the command, one call")
struct ExampleCommandTests {
    /// The rules whose false failures a chatty SDK once caused on a shared project (AUTH-4, AUTH-5, AUTH-8), with a
    /// rule of each flow TinyAuth offers.
    static let sharedProjectRules = ["AUTH-4", "AUTH-5", "AUTH-8", "LINK-1", "LINK-3", "PHONE-1", "PHONE-2"]

    @Test(
        "a chatty SDK gets exactly the verdicts of a quiet one, through the workers, one at a time and a tenant each",
        arguments: [false, true])
    func chattyAsQuiet(tenants: Bool) async throws {
        let server = try Self.served()
        defer { server.http.stop() }
        var arguments = ["--identity-toolkit", server.url, "--project", "demo-conformance", "--json"]
        if tenants { arguments.append("--tenants") }
        // With a tenant each, the long version runs the whole catalogue (``LongTests``).
        if !tenants || !LongTests.inFull { arguments += Self.sharedProjectRules.flatMap { ["--rule", $0] } }
        let quiet = try await Self.run(arguments, environment: [:])
        let chatty = try await Self.run(arguments, environment: ["TINYAUTH_DEBUG": "1"])
        #expect(quiet.status == 0 && chatty.status == 0, "\(chatty.error.suffix(2000))")
        let verdicts = { (output: String) throws -> [String] in
            try JSONDecoder().decode(ConformanceReport.self, from: Data(output.utf8)).results.flatMap(\.checks).map {
                "\($0.id) \($0.status)"
            }
        }
        let heard = try verdicts(chatty.output)
        #expect(heard == (try verdicts(quiet.output)))
        #expect(!heard.isEmpty)
        let report = try JSONDecoder().decode(ConformanceReport.self, from: Data(chatty.output.utf8))
        // The report names the server it judged over HTTP.
        #expect(report.server?.hasPrefix(server.url) == true, "\(report.server ?? "no server")")
        // Every rule the pinned run passes passes here too; the preflight finds the served server's time control, so
        // the rules that need time to pass apply here, and pass.
        for rule in report.results {
            #expect([.pass, .notApplicable, .notJudged].contains(rule.status), "\(rule.rule)")
            if ExampleClientCatalogueTests.expected["\(rule.rule)"] == .pass { #expect(rule.status == .pass) }
        }
        #expect(chatty.error.contains("TinyAuth: POST /identitytoolkit.googleapis.com/v1/accounts:"))
        #expect(chatty.error.contains("answered"))
        #expect(!quiet.error.contains("TinyAuth:"))
        #expect(chatty.error.contains("conformance: the server at \(server.url): layout:"), "the preflight ran")
    }

    @Test("the stress gate and the named flows apply to the vendor's client too")
    func repeatAndFlows() async throws {
        let server = try Self.served()
        defer { server.http.stop() }
        let base = ["--identity-toolkit", server.url, "--project", "demo-conformance"]
        let stress = try await Self.run(
            ["stress"] + base + ["--tenants", "--runs", "2", "--parallel", "2", "--flow", "phone"], environment: [:])
        #expect(stress.status == 0 && stress.output.contains("2 runs, 2 at once: 0 differing results"), "\(stress)")
        let password = try await Self.run(
            base + ["--flows", "password", "--rule", "AUTH-5", "--rule", "PHONE-1", "--json"], environment: [:])
        let report = try JSONDecoder().decode(ConformanceReport.self, from: Data(password.output.utf8))
        #expect(report.results.map { "\($0.rule) \($0.status)" } == ["PHONE-1 notApplicable", "AUTH-5 pass"])
        // The one call's report says which client was judged against which server: the factory's module names it.
        #expect(
            report.subject == "URLSessionExample against Identity Toolkit at \(server.url) (project demo-conformance)",
            "\(report.subject)")
    }

    @Test("the preflight's subject keeps the vendor's client, and so do the workers told what it found")
    func preflightKeepsTheClient() async throws {
        let server = try Self.served()
        defer { server.http.stop() }
        let named = try #require(
            try IdentityToolkitCommandLine.subject(
                from: ["--identity-toolkit", server.url, "--project", "demo-conformance", "--tenants"],
                client: tinyAuthFactory))
        #expect(named.subject.clientFactory != nil && named.subject.configuration.isolation == .tenantPerCheck)
        guard case .ready(let ready, _) = await IdentityToolkitCommandLine.prepare(named.subject) else {
            Issue.record("the served server is refused")
            return
        }
        #expect(ready.clientFactory != nil)
        var renamed = ready
        renamed.clientFactory?.name = "TinyAuth 1.0"
        #expect(renamed.name == "TinyAuth 1.0 against \(ready.configuration.name)")
        #expect(ready.capabilities.flows == [.password, .emailLink, .phone], "the client's flows the server serves")
        let worker = IdentityToolkitCommandLine.applying(
            IdentityToolkitCommandLine.findings(of: ready), to: named.subject)
        #expect(worker.clientFactory != nil && worker.capabilities.flows == ready.capabilities.flows)
        #expect(worker.configuration.layout == ready.configuration.layout)
    }

    @Test("without a server named, the one call is a usage error that says how to name it")
    func needsAServer() async throws {
        let run = try await Self.run(["--rule", "AUTH-5"], environment: [:])
        #expect(run.status == CommandOutcome.usageError)
        #expect(run.error.contains("--identity-toolkit URL --project ID"))
        let help = try await Self.run(["--help"], environment: [:])
        #expect(help.status == 0 && help.output.contains("usage: conformance"))
    }

    @Test("the app's name is the check's: the same on each of its devices and relaunches, another check's elsewhere")
    func appIdentity() {
        let (world, other) = (World(), World())
        let context = { (world: World, device: Device) in
            IdentityToolkitClientContext(
                baseURL: URL(string: "http://127.0.0.1:9099")!, apiKey: "k", projectID: "p", tenantID: nil,
                world: world, device: device, project: .standard)
        }
        let (first, relaunch) = (context(world, .primary), context(world, .primary))
        let second = context(world, .secondary)
        #expect(first.appName == relaunch.appName && first.appName == second.appName)
        #expect(first.appName != context(other, .primary).appName && first.appName.hasPrefix("check-"))
        #expect(first.installationID == relaunch.installationID && first.installationID != second.installationID)
    }

    @Test("the example's adapter and its command are what a vendor writes: 150 lines at most")
    func exampleSize() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let files = ["Examples/URLSessionClient/TinyAuthAdapter.swift", "Examples/URLSessionClientCommand/main.swift"]
        let lines = try files.map {
            try String(contentsOf: root.appendingPathComponent($0), encoding: .utf8).split(
                separator: "\n", omittingEmptySubsequences: false
            ).count - 1
        }
        #expect(lines.reduce(0, +) <= 150, "\(zip(files, lines).map { "\($0): \($1)" })")
    }

    private static func served() throws -> (http: LoopbackHTTPServer, url: String) {
        let backend = IdentityToolkitServer(
            defaultProjectID: "demo-conformance", followsRealTime: true, recordsRequests: false)
        let http = try LoopbackHTTPServer(
            port: 0, handler: { await backend.handle($0) },
            rejection: { IdentityToolkitServer.invalidArgument($1, code: $0) })
        return (http, "http://127.0.0.1:\(http.port)")
    }

    /// The example's command, run with `TINYAUTH_DEBUG` only where `environment` sets it.
    private static func run(
        _ arguments: [String], environment: [String: String]
    ) async throws -> BuiltExecutable.Outcome {
        let executable = try #require(
            BuiltExecutable("tinyauth-conformance"),
            "the tinyauth-conformance executable was not built beside the tests")
        let variables = environment.reduce(into: ["TINYAUTH_DEBUG": nil] as [String: String?]) { $0[$1.key] = $1.value }
        return try await executable.run(arguments, environment: variables)
    }
}
