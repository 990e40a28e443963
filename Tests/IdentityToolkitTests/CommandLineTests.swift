import ConformanceKit
import IdentityToolkitSubject
import Testing

@Suite("conformance --identity-toolkit URL --project ID [--api-key KEY]")
struct CommandLineTests {
    @Test("the server's options name the subject and leave every report option to the command")
    func parsed() throws {
        let parsed = try #require(try IdentityToolkitCommandLine.subject(from: [
            "--identity-toolkit", "http://127.0.0.1:9099", "--json", "--project", "demo-conformance", "--expected-failures", "f.json", "--rule", "PHONE-3",
        ]))
        #expect(parsed.remaining == ["--json", "--expected-failures", "f.json", "--rule", "PHONE-3"])
        #expect(parsed.subject.configuration.projectID == "demo-conformance")
        #expect(parsed.subject.configuration.apiKey == "fake-api-key")
        #expect(parsed.subject.configuration.isolation == .oneCheckAtATime)
        #expect(parsed.subject.capabilities.runsOneCheckAtATime && !parsed.subject.capabilities.runsOnWorldClock)
        #expect(parsed.subject.configuration.publishedKeys == IdentityToolkitConfiguration.firebasePublishedKeys)
        let keyed = try #require(try IdentityToolkitCommandLine.subject(from: [
            "--identity-toolkit", "https://auth.example.com", "--project", "p", "--api-key", "K", "--published-keys", "https://auth.example.com/jwks",
        ]))
        #expect(keyed.subject.configuration.apiKey == "K" && keyed.remaining.isEmpty)
        #expect(keyed.subject.configuration.publishedKeys?.absoluteString == "https://auth.example.com/jwks")
        #expect(try IdentityToolkitCommandLine.subject(from: ["--json", "--rule", "PHONE-3"]) == nil)
    }

    @Test("bad arguments are usage errors that say what is wrong", arguments: [
        (["--identity-toolkit"], "needs the server's URL"), (["--identity-toolkit", "foo", "--project", "p"], "http or https URL"),
        (["--identity-toolkit", "ftp://x", "--project", "p"], "http or https URL"), (["--identity-toolkit", "http://127.0.0.1:9099"], "needs --project"),
        (["--project", "p"], "go with --identity-toolkit"), (["--published-keys", "https://k"], "go with --identity-toolkit"),
        (["--identity-toolkit", "http://h", "--project", "p", "--published-keys", "keys.json"], "http or https URL"), (["--identity-toolkit", "http://h", "--project", "--json"], "needs the server's project ID"),
        (["--identity-toolkit", "http://h", "--project", "p", "--defects"], "has none"),
        (["--identity-toolkit", "http://h", "--project", "p", "--repeat", "3", "--parallel", "2"], "without --parallel"),
    ])
    func usageErrors(_ arguments: [String], _ says: String) {
        #expect {
            _ = try IdentityToolkitCommandLine.subject(from: arguments)
        } throws: { error in
            (error as? CommandArguments.UsageError)?.message.contains(says) == true
        }
    }

    @Test("a report against a server that does not answer is a clear adapter error, not a hang")
    func unreachable() async throws {
        let parsed = try #require(try IdentityToolkitCommandLine.subject(from: ["--identity-toolkit", "http://127.0.0.1:9", "--project", "p", "--rule", "AUTH-5"]))
        let outcome = await ConformanceCommand.run(subject: parsed.subject, arguments: parsed.remaining)
        #expect(outcome.status == CommandOutcome.failure)
        #expect(outcome.output.contains("networkError"))
    }

    @Test("the command asks a server once before running: one that does not answer is named, one that answers with an error is reachable")
    func reachability() async throws {
        let refused = try #require(try IdentityToolkitCommandLine.subject(from: ["--identity-toolkit", "http://127.0.0.1:9", "--project", "p"]))
        let reason = await refused.subject.unreachableReason()
        #expect(reason?.contains("127.0.0.1:9") == true)
        let (inProcess, _) = httpSubject()
        #expect(await inProcess.unreachableReason() == nil)
    }
}
