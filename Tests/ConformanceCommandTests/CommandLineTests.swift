import ConformanceCommand
import ConformanceKit
import Foundation
import IdentityToolkitServer
import IdentityToolkitSubject
import MockIdP
import ReferenceAuth
import ReferenceTestSupport
import Testing

@Suite("conformance --identity-toolkit URL --project ID [--api-key KEY]")
struct CommandLineTests {
    @Test("the server's options name the subject and leave every report option to the command")
    func parsed() throws {
        let parsed = try #require(
            try IdentityToolkitCommandLine.subject(from: [
                "--identity-toolkit", "http://127.0.0.1:9099", "--json", "--project", "demo-conformance",
                "--expected-failures", "f.json", "--rule", "PHONE-3",
            ]))
        #expect(parsed.remaining == ["--json", "--expected-failures", "f.json", "--rule", "PHONE-3"])
        #expect(parsed.subject.configuration.projectID == "demo-conformance")
        #expect(parsed.subject.configuration.apiKey == "fake-api-key")
        #expect(parsed.subject.configuration.isolation == .oneCheckAtATime)
        #expect(parsed.subject.capabilities.runsOneCheckAtATime && !parsed.subject.capabilities.runsOnWorldClock)
        #expect(parsed.subject.configuration.publishedKeys == .fromServer)
        let keyed = try #require(
            try IdentityToolkitCommandLine.subject(from: [
                "--identity-toolkit", "https://auth.example.com", "--project", "p", "--api-key", "K",
                "--published-keys", "https://auth.example.com/jwks",
            ]))
        #expect(keyed.subject.configuration.apiKey == "K" && keyed.remaining.isEmpty)
        #expect(keyed.subject.configuration.publishedKeys == .at(URL(string: "https://auth.example.com/jwks")!))
        let tested = try #require(
            try IdentityToolkitCommandLine.subject(from: [
                "--identity-toolkit", "http://h", "--project", "p", "--test-phone-number", "+16505550188=654321",
                "--test-phone-number", "+16505550189=112233",
            ]))
        #expect(
            tested.subject.configuration.testPhoneNumbers == [
                TestPhoneNumber("+16505550188", code: "654321"), TestPhoneNumber("+16505550189", code: "112233"),
            ])
        #expect(try IdentityToolkitCommandLine.subject(from: ["--json", "--rule", "PHONE-3"]) == nil)
        let short = try #require(
            try IdentityToolkitCommandLine.subject(from: [
                "--identity-toolkit", "http://h", "--project", "p", "--id-token-lifetime", "10",
            ]))
        #expect(short.subject.capabilities.shortIDTokenLifetime == .seconds(10))
    }

    @Test("the crash-isolation workers judge the server as the preflight found it, providers refused included")
    func findingsReachTheWorkers() throws {
        var configuration = IdentityToolkitConfiguration.emulator()
        configuration.providerEndpoints = NoProviderEndpoints()
        (configuration.layout, configuration.flows, configuration.readsOutbox) = (.production, [.password], false)
        (configuration.timeControl, configuration.configAPI) = (true, false)
        for takes in [true, false] {
            configuration.takesProviderEndpoints = takes
            let found = IdentityToolkitSubject(configuration)
            let findings = IdentityToolkitCommandLine.findings(of: found)
            var started = IdentityToolkitConfiguration.emulator()
            started.providerEndpoints = NoProviderEndpoints()
            let worker = IdentityToolkitCommandLine.applying(findings, to: IdentityToolkitSubject(started))
            #expect(worker.capabilities.flows == found.capabilities.flows, "\(findings)")
            #expect(worker.configuration.takesProviderEndpoints == takes && worker.configuration.layout == .production)
            #expect(worker.capabilities.flows.contains(.apple) == takes)
            // Neither outbox: the workers read none either (`outbox=` with nothing after it).
            #expect(!worker.capabilities.readsTexts && !worker.capabilities.readsMails, "\(findings)")
        }
        // A server the preflight found without a reset: the workers' checks sign up with addresses of their own.
        configuration.accountReset = nil
        let findings = IdentityToolkitCommandLine.findings(of: IdentityToolkitSubject(configuration))
        let worker = IdentityToolkitCommandLine.applying(
            findings, to: IdentityToolkitSubject(IdentityToolkitConfiguration.emulator()))
        #expect(findings.contains("reset=no") && worker.capabilities.keepsAccountsBetweenChecks, "\(findings)")
    }

    @Test(
        "bad arguments are usage errors that say what is wrong",
        arguments: [
            (["--identity-toolkit"], "needs the server's URL"),
            (["--identity-toolkit", "foo", "--project", "p"], "http or https URL"),
            (["--identity-toolkit", "ftp://x", "--project", "p"], "http or https URL"),
            (["--identity-toolkit", "http://127.0.0.1:9099"], "needs --project"),
            (["--project", "p"], "with --identity-toolkit URL"),
            (["--published-keys", "https://k"], "with --identity-toolkit URL"),
            (
                ["--identity-toolkit", "http://h", "--project", "p", "--published-keys", "keys.json"],
                "http or https URL"
            ), (["--identity-toolkit", "http://h", "--project", "--json"], "needs the server's project ID"),
            (
                ["--identity-toolkit", "http://h", "--project", "p", "--test-phone-number", "5550188=654321"],
                "NUMBER=CODE"
            ),
            (
                ["--identity-toolkit", "http://h", "--project", "p", "--test-phone-number", "+16505550188=12"],
                "6-digit"
            ), (["--test-phone-number", "+16505550188=654321"], "with --identity-toolkit URL"),
            (["--identity-toolkit", "http://h", "--project", "p", "--id-token-lifetime", "3601"], "from 1 to 3600"),
            (["--identity-toolkit", "http://h", "--project", "p", "--id-token-lifetime", "2.5"], "whole number"),
            (["--id-token-lifetime", "10"], "with --identity-toolkit URL"),
            (["audit", "--identity-toolkit", "http://h", "--project", "p"], "audit does not take --identity-toolkit"),
            (["--identity-toolkit", "http://h", "--project", "p", "--variant", "x"], "has none"),
            (
                ["stress", "--identity-toolkit", "http://h", "--project", "p", "--runs", "3", "--parallel", "2"],
                "without --parallel"
            ),
        ])
    func usageErrors(_ arguments: [String], _ says: String) {
        #expect { _ = try IdentityToolkitCommandLine.subject(from: arguments) } throws: { error in
            (error as? CommandUsageError)?.message.contains(says) == true
        }
    }

    @Test("a report against a server that does not answer is a clear adapter error, not a hang")
    func unreachable() async throws {
        let parsed = try #require(
            try IdentityToolkitCommandLine.subject(from: [
                "--identity-toolkit", "http://127.0.0.1:9", "--project", "p", "--rule", "AUTH-5",
            ]))
        let outcome = await ConformanceCommand.run(subject: parsed.subject, arguments: parsed.remaining)
        #expect(outcome.status == CommandOutcome.failure)
        #expect(outcome.output.contains("networkError"))
    }

    @Test(
        """
        the command asks a server once before running: one that does not answer is named, one that answers with an \
        error is reachable
        """)
    func reachability() async throws {
        let refused = try #require(
            try IdentityToolkitCommandLine.subject(from: ["--identity-toolkit", "http://127.0.0.1:9", "--project", "p"])
        )
        let reason = await refused.subject.unreachableReason()
        #expect(reason?.contains("127.0.0.1:9") == true)
        let (inProcess, _) = httpSubject()
        #expect(await inProcess.unreachableReason() == nil)
    }

    @Test(
        """
        before any check: a server that does not answer exits 69, one on another project 78 naming both projects and \
        how to start the emulator
        """)
    func preflight() async throws {
        let refused = try #require(
            try IdentityToolkitCommandLine.subject(from: [
                "--identity-toolkit", "http://127.0.0.1:9", "--project", "demo-conformance",
            ]))
        let unreachable = try #require(await IdentityToolkitCommandLine.preflight(refused.subject))
        #expect(
            unreachable.status == CommandOutcome.unavailable && unreachable.error.contains("does not answer"),
            "\(unreachable.error)")

        let server = IdentityToolkitServer(defaultProjectID: "another-project")
        let subject = IdentityToolkitSubject(
            IdentityToolkitConfiguration(
                baseURL: server.baseURL, projectID: "demo-conformance",
                makeSessionConfiguration: { server.urlSessionConfiguration() }))
        let mismatch = try #require(await IdentityToolkitCommandLine.preflight(subject))
        #expect(mismatch.status == CommandOutcome.otherServer, "\(mismatch.error)")
        #expect(mismatch.error.split(separator: "\n").count == 1)
        for part in [
            "another-project", "demo-conformance", "firebase emulators:start --only auth --project demo-conformance",
        ] { #expect(mismatch.error.contains(part), "\(mismatch.error) does not name \(part)") }

        let matching = IdentityToolkitSubject(
            IdentityToolkitConfiguration(
                baseURL: server.baseURL, projectID: "another-project",
                makeSessionConfiguration: { server.urlSessionConfiguration() }))
        #expect(await IdentityToolkitCommandLine.preflight(matching) == nil)
    }

    @Test(
        """
        before any check: a server whose outbox cannot be read is judged without one (not refused), and the preflight \
        says so in one line with the layout, the flows and the time control
        """)
    func noOutbox() async throws {
        let server = IdentityToolkitServer()
        let subject = IdentityToolkitSubject(
            IdentityToolkitConfiguration(
                baseURL: server.baseURL, projectID: server.defaultProjectID,
                makeSessionConfiguration: { server.urlSessionConfiguration() }, outboxReader: HooklessOutbox()))
        #expect(await IdentityToolkitCommandLine.preflight(subject) == nil)
        guard case .ready(let ready, let findings) = await IdentityToolkitCommandLine.prepare(subject) else {
            Issue.record("the server was refused")
            return
        }
        // One check at a time (the default) keeps real time even with a time control (`drivesServerClock`).
        #expect(!ready.capabilities.readsDeliveries && !ready.capabilities.runsOnWorldClock)
        #expect(ready.configuration.timeControl == true && !ready.configuration.drivesServerClock)
        #expect(findings.split(separator: "\n").count == 1)
        for part in [
            "layout: sdk", "outbox: no (the text outbox cannot be read", "the email outbox cannot be read",
            "time control: yes", "flows: email-link, mfa",
        ] { #expect(findings.contains(part), "\(findings) does not say \(part)") }
    }

    @Test("--flows names the flows in their one spelling, --no-outbox drops the outbox; other names are refused")
    func flowsOption() throws {
        let base = ["--identity-toolkit", "http://127.0.0.1:9099", "--project", "p"]
        let named = try #require(
            try IdentityToolkitCommandLine.subject(from: base + ["--flows", "password,email-link,mfa,phone"]))
        #expect(named.subject.configuration.flows == [.password, .emailLink, .multiFactor, .phone])
        #expect(named.subject.capabilities.flows == [.password, .emailLink, .multiFactor, .phone])
        let raw = try #require(
            try IdentityToolkitCommandLine.subject(from: base + ["--flows", "MFA,email-link", "--no-outbox"]))
        #expect(raw.subject.configuration.flows == [.multiFactor, .emailLink] && raw.remaining.isEmpty)
        #expect(!raw.subject.configuration.readsOutbox && !raw.subject.capabilities.readsDeliveries)
        let learned = try #require(try IdentityToolkitCommandLine.subject(from: base))
        #expect(learned.subject.configuration.flows == nil && learned.subject.configuration.readsOutbox)
        for (list, says) in [
            ("password,sms", "unknown flow \"sms\""), (",", "at least one flow"),
            ("multiFactor", "unknown flow \"multiFactor\""),
        ] {
            #expect { _ = try IdentityToolkitCommandLine.subject(from: base + ["--flows", list]) } throws: { error in
                (error as? CommandUsageError)?.message.contains(says) == true
            }
        }
        #expect { _ = try IdentityToolkitCommandLine.subject(from: ["--flows", "password"]) } throws: { error in
            (error as? CommandUsageError)?.message.contains("with --identity-toolkit URL") == true
        }
    }

    @Test("--continue-url is read and checked; the learned domains reach the workers")
    func commandLine() throws {
        let base = ["--identity-toolkit", "http://127.0.0.1:9099", "--project", "p"]
        let named = try #require(
            try IdentityToolkitCommandLine.subject(from: base + ["--continue-url", "https://p.web.app/finish"]))
        #expect(named.subject.configuration.continueURL == "https://p.web.app/finish")
        #expect(throws: CommandUsageError.self) {
            try IdentityToolkitCommandLine.subject(from: base + ["--continue-url", "/finish"])
        }
        var learned = named.subject.configuration
        learned.continueURL = nil
        learned.authorizedDomains = ["localhost", "p.web.app"]
        let worker = IdentityToolkitCommandLine.applying(
            IdentityToolkitCommandLine.findings(of: IdentityToolkitSubject(learned)),
            to: IdentityToolkitSubject(named.subject.configuration))
        #expect(worker.configuration.authorizedDomains == ["localhost", "p.web.app"])
    }
}

/// A server with no test hooks: its outbox answers 404.
private struct HooklessOutbox: OutboxReader {
    func texts(projectID: String, over http: IdentityToolkitHTTP) async throws(AuthError) -> [OutboxText] {
        _ = try await http.hook("GET", "/no-such-hook")
        return []
    }

    func emails(projectID: String, over http: IdentityToolkitHTTP) async throws(AuthError) -> [OutboxEmail] {
        _ = try await http.hook("GET", "/no-such-hook")
        return []
    }
}

/// A host that serves nothing: for what a subject declares with a host, without serving.
private struct NoProviderEndpoints: ProviderEndpointsHost {
    func endpoints(for world: World) async throws(AuthError) -> URL { URL(string: "http://127.0.0.1:1")! }
}
