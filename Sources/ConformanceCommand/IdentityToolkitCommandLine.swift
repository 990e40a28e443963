import ConformanceKit
import Foundation
import IdentityToolkitSubject

/// `--identity-toolkit URL --project ID [--api-key KEY] [--published-keys URL] [--tenants]`: the options of the
/// `conformance`
/// executable that point it at an Identity Toolkit server. Every other argument is left to ``ConformanceCommand``.
public enum IdentityToolkitCommandLine {
    /// The subject the arguments name with the arguments left for the command, or nil when they name no server.
    public static func subject(
        from arguments: [String]
    ) throws(CommandArguments.UsageError) -> (subject: IdentityToolkitSubject, remaining: [String])? {
        var url: String?
        var project: String?
        var apiKey: String?
        var publishedKeys: String?
        var tenants = false
        var remaining: [String] = []
        var rest = arguments[...]
        while let argument = rest.popFirst() {
            switch argument {
            case "--identity-toolkit":
                url = try value(after: argument, in: &rest, naming: "the server's URL, e.g. http://127.0.0.1:9099")
            case "--project":
                project = try value(
                    after: argument, in: &rest, naming: "the server's project ID, e.g. demo-conformance")
            case "--api-key":
                apiKey = try value(
                    after: argument, in: &rest, naming: "an API key (any non-empty key for the emulator)")
            case "--published-keys":
                publishedKeys = try value(
                    after: argument, in: &rest, naming: "the URL of the JSON Web Key set of the server's ID tokens")
            case "--tenants": tenants = true
            default: remaining.append(argument)
            }
        }
        guard let url else {
            if project != nil || apiKey != nil || publishedKeys != nil || tenants {
                throw CommandArguments.UsageError(
                    "--project, --api-key, --published-keys and --tenants go with --identity-toolkit URL")
            }
            return nil
        }
        guard let baseURL = URL(string: url), ["http", "https"].contains(baseURL.scheme?.lowercased() ?? ""),
            baseURL.host?.isEmpty == false
        else {
            throw CommandArguments.UsageError(
                "--identity-toolkit needs an http or https URL such as http://127.0.0.1:9099, not \"\(url)\"")
        }
        guard let project else {
            throw CommandArguments.UsageError(
                "--identity-toolkit needs --project ID, the project the server serves (e.g. demo-conformance)")
        }
        if arguments.contains("--defects") || arguments.contains("--defect") {
            throw CommandArguments.UsageError(
                "--defects and --defect audit the reference's variants; a server over HTTP has none")
        }
        if arguments.contains("--parallel"), !tenants {
            throw CommandArguments.UsageError(
                """
                the server serves one project, so its checks run one at a time: --repeat runs go one after another, \
                without --parallel (or each check in a tenant of its own: --tenants)
                """)
        }
        var configuration = IdentityToolkitConfiguration.emulator(
            baseURL: baseURL, projectID: project, apiKey: apiKey ?? "fake-api-key")
        if tenants { configuration.isolation = .tenantPerCheck }
        if let publishedKeys {
            guard let url = URL(string: publishedKeys), ["http", "https"].contains(url.scheme?.lowercased() ?? "")
            else {
                throw CommandArguments.UsageError(
                    "--published-keys needs an http or https URL, not \"\(publishedKeys)\"")
            }
            configuration.publishedKeys = .at(url)
        }
        return (IdentityToolkitSubject(configuration), remaining)
    }

    /// What the command says and how it exits when the server is not fit to run against (see
    /// `IdentityToolkitSubject.preflight(timeout:)`), or nil when it is: one message, and status 69 for a
    /// server that does not answer, 78 for one that serves another project or has no outbox to read.
    public static func preflight(
        _ subject: IdentityToolkitSubject, timeout: Duration = .seconds(10)
    ) async -> CommandOutcome? {
        guard let problem = await subject.preflight(timeout: timeout) else { return nil }
        let url = subject.configuration.baseURL.absoluteString
        let project = subject.configuration.projectID
        let start = "firebase emulators:start --only auth --project \(project)"
        let (message, status): (String, Int32) =
            switch problem {
            case .unreachable(let reason):
                (
                    "the server at \(url) does not answer (\(reason)); is it running? For the Auth Emulator: \(start)",
                    CommandOutcome.unavailable
                )
            case .noOutbox(let reason):
                (
                    """
                    the server at \(url) answers, but \(reason); is it the Firebase Auth Emulator? Start it with \
                    \(start) (another backend needs an OutboxReader of its own)
                    """, CommandOutcome.otherServer
                )
            case .otherProject(let served, let named):
                (
                    """
                    the server at \(url) serves project \(served), but --project names \(named): start the emulator on \
                    that project (\(start)), or run with --project \(served)
                    """, CommandOutcome.otherServer
                )
            }
        return CommandOutcome(error: "conformance: \(message)\n", status: status)
    }

    private static func value(
        after option: String, in rest: inout ArraySlice<String>, naming what: String
    ) throws(CommandArguments.UsageError) -> String {
        guard let value = rest.popFirst(), !value.hasPrefix("-"), !value.isEmpty else {
            throw CommandArguments.UsageError("\(option) needs \(what)")
        }
        return value
    }
}
