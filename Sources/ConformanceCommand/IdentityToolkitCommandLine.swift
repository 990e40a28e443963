import ConformanceKit
import Foundation
import IdentityToolkitSubject

/// `--identity-toolkit URL --project ID [--api-key KEY] [--published-keys URL] [--tenants] [--flows LIST]
/// [--no-outbox] [--admin-token TOKEN] [--continue-url URL] [--test-phone-number NUMBER=CODE]…`: the options of the
/// `conformance` executable that point it at an Identity Toolkit server (declared in
/// ``CommandGrammar/conformance``). Every other option is left to ``ConformanceCommand``.
package enum IdentityToolkitCommandLine {
    /// The subject the arguments name with the arguments left for the command, or nil when they name no server.
    /// With `client`, the server is judged through the vendor's client SDK (`IdentityToolkitSubject.clientFactory`),
    /// nil for the suite's own. With `providerEndpoints`, the check's GitHub and Apple are served there for the server
    /// to reach (the package's own executable serves them on loopback), so the APPLE rules apply.
    package static func subject(
        from arguments: [String], client: IdentityToolkitClientFactory? = nil,
        providerEndpoints: (any ProviderEndpointsHost)? = nil
    ) throws(CommandUsageError) -> (subject: IdentityToolkitSubject, remaining: [String])? {
        let parsed = try CommandGrammar.conformance.parse(arguments)
        guard let subject = try subject(from: parsed, client: client, providerEndpoints: providerEndpoints) else {
            return nil
        }
        let names = Set(CommandOption.serverOptions.map(\.name))
        var remaining = parsed.namesSubcommand ? [parsed.subcommand] : []
        for occurrence in parsed.occurrences where !names.contains(occurrence.name) {
            remaining += [occurrence.name] + (occurrence.text.map { [$0] } ?? [])
        }
        return (subject, remaining)
    }

    /// The subject a parsed command line names, or nil when it names no server.
    package static func subject(
        from parsed: ParsedCommand, client: IdentityToolkitClientFactory? = nil,
        providerEndpoints: (any ProviderEndpointsHost)? = nil
    ) throws(CommandUsageError) -> IdentityToolkitSubject? {
        guard let baseURL = parsed.typed("--identity-toolkit", as: URL.self) else {
            let given = CommandOption.serverOptions.map(\.name).filter(parsed.has)
            if !given.isEmpty {
                throw CommandUsageError(
                    "\(given.joined(separator: ", ")) \(given.count == 1 ? "goes" : "go") with --identity-toolkit URL")
            }
            return nil
        }
        guard let project = parsed.value("--project") else {
            throw CommandUsageError(
                "--identity-toolkit needs --project ID, the project the server serves (e.g. demo-conformance)")
        }
        if parsed.has("--variant") {
            throw CommandUsageError("--variant runs one of the reference's variants; a server over HTTP has none")
        }
        let tenants = parsed.has("--tenants")
        if parsed.has("--parallel"), !tenants {
            throw CommandUsageError(
                """
                the server serves one project, so its checks run one at a time: stress runs go one after another, \
                without --parallel (or each check in a tenant of its own: --tenants)
                """)
        }
        var configuration = IdentityToolkitConfiguration.emulator(
            baseURL: baseURL, projectID: project, apiKey: parsed.value("--api-key") ?? "fake-api-key")
        if tenants { configuration.isolation = .tenantPerCheck }
        configuration.providerEndpoints = providerEndpoints
        configuration.flows = parsed.typed("--flows")
        configuration.readsOutbox = !parsed.has("--no-outbox")
        configuration.adminToken = parsed.value("--admin-token")
        configuration.continueURL = parsed.value("--continue-url")
        let testPhoneNumbers = parsed.every("--test-phone-number", as: TestPhoneNumber.self)
        if !testPhoneNumbers.isEmpty { configuration.testPhoneNumbers = testPhoneNumbers }
        configuration.shortIDTokenLifetime = parsed.typed("--id-token-lifetime")
        if let publishedKeys = parsed.typed("--published-keys", as: URL.self) {
            configuration.publishedKeys = .at(publishedKeys)
        }
        var subject = IdentityToolkitSubject(configuration)
        subject.clientFactory = client
        return subject
    }

    /// What the preflight made of the server: the subject told what it offers, with the line the command prints
    /// before the run, or what the command says and how it exits when the server cannot be judged at all.
    package enum Preparation: Sendable {
        case ready(IdentityToolkitSubject, findings: String)
        case refused(CommandOutcome)
    }

    /// The server asked once before the run (`IdentityToolkitSubject.preflighted(timeout:)`): status 69 for a server
    /// that does not answer, 78 for one that serves another project or answers no Identity Toolkit call. A server
    /// without an outbox, a time control or some flows is judged: what it lacks is not applicable, with the reason.
    package static func prepare(
        _ subject: IdentityToolkitSubject, timeout: Duration = .seconds(10)
    ) async -> Preparation {
        let url = subject.configuration.baseURL.absoluteString
        let project = subject.configuration.projectID
        let start = "firebase emulators:start --only auth --project \(project)"
        do throws(ServerProblem) {
            let (prepared, findings) = try await subject.preflighted(timeout: timeout)
            return .ready(prepared, findings: "conformance: the server at \(url): \(findings)\n")
        } catch {
            let (message, status): (String, Int32) =
                switch error {
                case .unreachable(let reason):
                    (
                        "the server at \(url) does not answer (\(reason)); is it running? For the Auth Emulator: "
                            + start, CommandOutcome.unavailable
                    )
                case .noOutbox(let reason), .notIdentityToolkit(let reason):
                    (
                        "the server at \(url) answers, but \(reason); is it an Identity Toolkit server?",
                        CommandOutcome.otherServer
                    )
                case .otherProject(let served, let named):
                    (
                        """
                        the server at \(url) serves project \(served), but --project names \(named): start the \
                        emulator \
                        on that project (\(start)), or run with --project \(served)
                        """, CommandOutcome.otherServer
                    )
                }
            return .refused(CommandOutcome(error: "conformance: \(message)\n", status: status))
        }
    }

    /// What the command says and how it exits when the server cannot be judged at all (``prepare(_:timeout:)``), or
    /// nil when it can.
    package static func preflight(
        _ subject: IdentityToolkitSubject, timeout: Duration = .seconds(10)
    ) async -> CommandOutcome? {
        guard case .refused(let outcome) = await prepare(subject, timeout: timeout) else { return nil }
        return outcome
    }

    /// The environment variable that hands what the preflight found to the command's worker processes, which do not
    /// ask the server again: `layout=production flows=password,phone outbox=emails reset=no clock=yes config=yes
    /// providers=no domains=localhost,my-project.firebaseapp.com`
    /// (`outbox=texts,emails` for both outboxes, `outbox=` for neither).
    package static let findingsVariable = "CONFORMANCE_SERVER_FINDINGS"

    /// `subject`'s findings as ``findingsVariable`` holds them.
    package static func findings(of subject: IdentityToolkitSubject) -> String {
        let configuration = subject.configuration
        return [
            "layout=\((configuration.layout ?? .sdk).rawValue)",
            "flows="
                + (configuration.flows ?? IdentityToolkitConfiguration.judgedFlows).map(\.rawValue).sorted().joined(
                    separator: ","),
            "outbox="
                + ([configuration.readsTextOutbox ? "texts" : nil, configuration.readsEmailOutbox ? "emails" : nil]
                    .compactMap { $0 }.joined(separator: ",")),
            "adminlinks=\(configuration.mailsFromAdminLinks ? "yes" : "no")",
            "reset=\(configuration.accountReset == nil ? "no" : "yes")",
            "clock=\(configuration.timeControl == true ? "yes" : "no")",
            "config=\(configuration.configAPI == true ? "yes" : "no")",
            "providers=\(configuration.takesProviderEndpoints == false ? "no" : "yes")",
            "domains=" + (configuration.authorizedDomains ?? []).joined(separator: ","),
        ].joined(separator: " ")
    }

    /// `subject` told what ``findings(of:)`` wrote, its client kept.
    package static func applying(_ findings: String, to subject: IdentityToolkitSubject) -> IdentityToolkitSubject {
        var configuration = subject.configuration
        for pair in findings.split(separator: " ") {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
            guard parts.count == 2 else { continue }
            switch parts[0] {
            case "layout": configuration.layout = ServerLayout(rawValue: parts[1]) ?? configuration.layout
            case "flows":
                configuration.flows = Set(parts[1].split(separator: ",").compactMap { Flow(rawValue: String($0)) })
            case "outbox":
                configuration.readsTextOutbox = parts[1].contains("texts")
                configuration.readsEmailOutbox = parts[1].contains("emails")
            case "adminlinks": configuration.mailsFromAdminLinks = parts[1] == "yes"
            case "reset": if parts[1] == "no" { configuration.accountReset = nil }
            case "clock": configuration.timeControl = parts[1] == "yes"
            case "config": configuration.configAPI = parts[1] == "yes"
            case "providers": configuration.takesProviderEndpoints = parts[1] == "yes"
            case "domains":
                let domains = parts[1].split(separator: ",").map(String.init)
                configuration.authorizedDomains = domains.isEmpty ? nil : domains
            default: continue
            }
        }
        return subject.reconfigured(configuration)
    }

    /// The server's URL: `http` or `https`, with a host.
    static func serverURL(_ text: String) throws(CommandUsageError) -> URL {
        guard let url = URL(string: text), ["http", "https"].contains(url.scheme?.lowercased() ?? ""),
            url.host?.isEmpty == false
        else {
            throw CommandUsageError(
                "--identity-toolkit needs an http or https URL such as http://127.0.0.1:9099, not \"\(text)\"")
        }
        return url
    }

    /// `+16505550188=654321`: a test number in E.164 and its fixed code of 6 digits.
    static func testPhoneNumber(_ text: String) throws(CommandUsageError) -> TestPhoneNumber {
        let parts = text.split(separator: "=", maxSplits: 1).map(String.init)
        guard parts.count == 2, (try? E164Number(parts[0])) != nil, parts[1].count == 6,
            parts[1].allSatisfy({ $0.isASCII && $0.isNumber })
        else {
            throw CommandUsageError(
                "--test-phone-number needs NUMBER=CODE, an E.164 number and its 6-digit code "
                    + "(e.g. +16505550188=654321), not \"\(text)\"")
        }
        return TestPhoneNumber(parts[0], code: parts[1])
    }

    /// A continue URL: absolute, `http` or `https`, with a host.
    static func continueURL(_ text: String) throws(CommandUsageError) -> String {
        guard let url = URLComponents(string: text), ["http", "https"].contains(url.scheme?.lowercased() ?? ""),
            url.host?.isEmpty == false
        else {
            throw CommandUsageError(
                "--continue-url needs an absolute http or https URL on a domain the server authorizes "
                    + "(e.g. https://my-project.firebaseapp.com/finishSignIn), not \"\(text)\"")
        }
        return text
    }

    /// `--id-token-lifetime SECONDS`, one meaning wherever it is given: the server's ID tokens last SECONDS, a whole
    /// number from 1 to 3600 (Firebase's hour). `serve` serves such tokens; `run` is told of them, and its checks wait
    /// for a lifetime of a minute or less in real time (``IDTokenExpiry/longestRealTimeWait``).
    package static func idTokenLifetime(_ text: String) throws(CommandUsageError) -> Duration {
        guard let seconds = Int64(text), (1...3600).contains(seconds) else {
            throw CommandUsageError(
                "--id-token-lifetime needs a whole number of seconds from 1 to 3600, not \"\(text)\"")
        }
        return .seconds(seconds)
    }

    /// The flows a `--flows` list names (`password`, `phone`, `mfa`, `email-link`), comma-separated.
    static func flows(_ list: String) throws(CommandUsageError) -> Set<Flow> {
        let judged: Set<Flow> = [.password, .phone, .multiFactor, .emailLink]
        var flows: Set<Flow> = []
        for name in list.split(separator: ",").map({ $0.trimmingCharacters(in: .whitespaces) }) where !name.isEmpty {
            guard let flow = FlowName.flow(name), judged.contains(flow) else {
                throw CommandUsageError(
                    """
                    --flows: unknown flow "\(name)"; the flows a server can be judged on are password, phone, mfa \
                    and email-link
                    """)
            }
            flows.insert(flow)
        }
        guard !flows.isEmpty else { throw CommandUsageError("--flows needs at least one flow, e.g. password") }
        return flows
    }
}
