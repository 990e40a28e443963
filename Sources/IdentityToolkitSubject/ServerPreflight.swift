import ConformanceKit
import Foundation
import MockIdP

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// What is wrong with the server before any check runs: asked once, so that a server that is not there, or serves
/// another project, is one clear message instead of a failure per check ("no SMS was sent" 37 times when the
/// emulator was started on another project).
public enum ServerProblem: Error, Sendable, Hashable, CustomStringConvertible {
    /// The server does not answer at all.
    case unreachable(String)
    /// Retired: a server without an outbox the suite can read is judged (``ServerFindings/outbox``); kept so that
    /// switches over the problems still compile.
    case noOutbox(String)
    /// The server serves another project than the one named.
    case otherProject(served: String, named: String)
    /// The server answers, but no Identity Toolkit call in any layout (``ServerLayout``).
    case notIdentityToolkit(String)

    public var description: String {
        switch self {
        case .unreachable(let reason): reason
        case .noOutbox(let reason): reason
        case .otherProject(let served, let named): "the server serves project \(served), not \(named)"
        case .notIdentityToolkit(let reason): reason
        }
    }
}

/// What the preflight found the server offers: printed before the run, in one line.
public struct ServerFindings: Sendable, Hashable, CustomStringConvertible {
    public var layout: ServerLayout
    public var flows: Set<Flow>
    /// Whether the flows were named (`--flows`) rather than learned.
    public var flowsNamed: Bool
    /// Whether the suite reads the server's outbox, both of it (its texts and its mails); why not, when it reads
    /// neither or one.
    public var outbox: Bool {
        get { textOutbox && emailOutbox }
        set { (textOutbox, emailOutbox) = (newValue, newValue) }
    }
    public var noOutboxReason: String?
    /// Whether the suite reads the server's text outbox (`verificationCodes`).
    public var textOutbox: Bool
    /// Whether the suite reads the server's email outbox (`oobCodes`).
    public var emailOutbox: Bool
    /// Whether, without an email outbox, the mails come from the administrator's link route
    /// (``IdentityToolkitConfiguration/mailsFromAdminLinks``).
    public var adminLinks = false
    /// Whether each check starts on an empty project: a project or tenant of its own, or the shared project emptied
    /// by ``IdentityToolkitConfiguration/accountReset``. Without it each check signs up with addresses of its own
    /// (`Capabilities.keepsAccountsBetweenChecks`).
    public var resetsAccounts = true
    /// Why the shared project cannot be emptied (the reset's answer), when it cannot.
    public var noResetReason: String?
    /// How the checks are kept apart: with a project or tenant of each check's own, no reset is asked for.
    public var isolation: IdentityToolkitConfiguration.Isolation = .oneCheckAtATime
    /// Whether the server has a time control (`ServerClock`).
    public var timeControl: Bool
    /// Whether the server has the config API (``ServerConfigAPI``).
    public var configAPI: Bool
    /// The continue URL of the checks' links (`--continue-url`, or on a domain the server authorizes: learned from its
    /// `getProjectConfig`, or its project's default domain), or nil for the standard project's, which the config API
    /// authorizes.
    public var continueURL: String? = nil
    /// Whether the server takes the pointing at the check's providers
    /// (``IdentityToolkitConfiguration/takesProviderEndpoints``), or nil when the subject has no providers to point
    /// it at.
    public var providers: Bool? = nil

    public var description: String {
        let flows = self.flows.map(\.rawValue).sorted().joined(separator: ", ")
        return [
            "layout: \(layout.rawValue)",
            "flows: \(flows.isEmpty ? "none" : flows) (\(flowsNamed ? "named" : "learned"))",
            "outbox: "
                + (outbox
                    ? "yes"
                    : (textOutbox ? "texts only" : emailOutbox ? "emails only" : "no")
                        + (noOutboxReason.map { " (\($0))" } ?? ""))
                + (adminLinks ? "; mails: the administrator's links (returnOobLink)" : ""),
            "reset: "
                + (isolation == .tenantPerCheck
                    ? "none needed, each check in a tenant of its own"
                    : isolation == .projectPerCheck
                        ? "none needed, each check in a project of its own"
                        : resetsAccounts
                            ? "yes"
                            : "no, each check signs up with addresses of its own"
                                + (noResetReason.map { " (\($0))" } ?? "")),
            "time control: \(timeControl ? "yes" : "no")", "config API: \(configAPI ? "yes" : "no")",
            "continue URL: \(continueURL ?? ActionCodeSettings.standard.url ?? "")",
        ].joined(separator: "; ")
            + (providers.map { "; the check's GitHub and Apple: " + ($0 ? "yes" : "no (the pointing call is refused)") }
                ?? "")
    }
}

extension IdentityToolkitSubject {
    /// The first problem the server has before a run, or nil (``preflighted(timeout:)``).
    public func preflight(timeout: Duration = .seconds(10)) async -> ServerProblem? {
        do throws(ServerProblem) {
            _ = try await preflighted(timeout: timeout)
            return nil
        } catch { return error }
    }

    /// The subject, told what the server offers (its client kept: the vendor's, or the suite's own), with what was
    /// found; throws the first problem that keeps the suite from judging the server at all. Asked once before a run:
    /// - the path layout (unless ``IdentityToolkitConfiguration/layout`` names it): the first of ``ServerLayout``'s
    ///   whose `accounts:lookup` route is answered as a call (not 404, 405 or 501);
    /// - the outboxes, each on its own: read once through the ``OutboxReader``; a server whose text outbox or email
    ///   outbox cannot be read is judged without it (``IdentityToolkitConfiguration/readsTextOutbox``,
    ///   ``IdentityToolkitConfiguration/readsEmailOutbox``);
    /// - the flows (unless ``IdentityToolkitConfiguration/flows`` names them): each flow's first call sent with an
    ///   empty input (`accounts:signInWithPassword`, `accounts:sendVerificationCode`, `accounts:sendOobCode` with
    ///   `EMAIL_SIGNIN`, `accounts/mfaEnrollment:start`), which no server can carry out; the flow is offered unless
    ///   the answer is 404, 405 or 501, or says the operation is not allowed, enabled, supported or implemented;
    /// - the time control (unless ``IdentityToolkitConfiguration/timeControl`` says): `clock:advance` by 0 seconds;
    /// - the config API (unless ``IdentityToolkitConfiguration/configAPI`` says): a GET of the project's configuration;
    /// - the domains the server authorizes for continue URLs (unless ``IdentityToolkitConfiguration/continueURL`` names
    ///   one): `getProjectConfig`'s `authorizedDomains` (``IdentityToolkitConfiguration/authorizedDomains``);
    /// - with a ``IdentityToolkitConfiguration/providerEndpoints`` host, whether the server takes the pointing at the
    ///   check's providers (unless ``IdentityToolkitConfiguration/takesProviderEndpoints`` says): the pointing call
    ///   for the project's GitHub (`…/defaultSupportedIdpConfigs/github.com`) with `"providerEndpoints": null`,
    ///   answered with success;
    /// - the project, read from the `aud` of an ID token the server issues to a new anonymous user (deleted again at
    ///   once); a server that signs up no anonymous user is taken at its word.
    public func preflighted(
        timeout: Duration = .seconds(10)
    ) async throws(ServerProblem) -> (subject: IdentityToolkitSubject, findings: ServerFindings) {
        if let reason = await unreachableReason(timeout: timeout) { throw .unreachable(reason) }
        var configuration = configuration
        var http = IdentityToolkitHTTP(
            baseURL: configuration.baseURL, apiKey: configuration.apiKey, transport: configuration.makeTransport(),
            world: World(), timeout: timeout)
        defer { http.transport.invalidate() }
        if configuration.layout == nil {
            var found: ServerLayout?
            for layout in ServerLayout.allCases where found == nil {
                if Self.isOffered(await http.probe(SDKEndpoint.getAccountInfo.path(in: layout), .object([:]))) {
                    found = layout
                }
            }
            guard let found else {
                throw .notIdentityToolkit(
                    "no Identity Toolkit call is answered: accounts:lookup is not found in any layout ("
                        + ServerLayout.allCases.map { SDKEndpoint.getAccountInfo.path(in: $0) }.joined(separator: ", ")
                        + ")")
            }
            configuration.layout = found
        }
        http.layout = configuration.layout ?? .sdk
        if let token = configuration.adminToken { http.adminAuthorization = "Bearer \(token)" }
        // Each outbox on its own: a server without phone sign-in has no text outbox, and its email outbox is
        // still read.
        var unread: [String] = []
        if configuration.readsTextOutbox {
            do throws(AuthError) {
                _ = try await configuration.outboxReader.texts(projectID: configuration.projectID, over: http)
            } catch {
                configuration.readsTextOutbox = false
                unread.append("the text outbox cannot be read: \(error.message)")
            }
        } else {
            unread.append("texts: --no-outbox")
        }
        if configuration.readsEmailOutbox {
            do throws(AuthError) {
                _ = try await configuration.outboxReader.emails(projectID: configuration.projectID, over: http)
            } catch {
                configuration.readsEmailOutbox = false
                unread.append("the email outbox cannot be read: \(error.message)")
            }
        } else {
            unread.append("emails: --no-outbox")
        }
        let noOutboxReason = unread.isEmpty ? nil : unread.joined(separator: "; ")
        // A project the checks share is emptied between checks where the server can; where it cannot, each check
        // signs up with addresses of its own (`Capabilities.keepsAccountsBetweenChecks`).
        var noResetReason: String?
        if configuration.isolation == .oneCheckAtATime, let reset = configuration.accountReset {
            do throws(AuthError) {
                try await reset.deleteAllAccounts(projectID: configuration.projectID, over: http)
            } catch {
                configuration.accountReset = nil
                noResetReason = error.message
            }
        }
        if !configuration.readsEmailOutbox, let token = configuration.adminToken {
            configuration.mailsFromAdminLinks = await Self.offersAdminLinks(
                projectID: configuration.projectID, token: token, over: http)
        }
        let flowsNamed = configuration.flows != nil
        if configuration.flows == nil { configuration.flows = await offeredFlows(over: http) }
        if configuration.timeControl == nil {
            // Asking the time control drives a project's clock from then on; a project the checks share (one check at
            // a time) must keep real time, so its namesake is asked instead.
            let probed =
                configuration.isolation == .oneCheckAtATime
                ? "\(configuration.projectID)-clock-probe" : configuration.projectID
            configuration.timeControl = (try? await ServerClock(http: http, projectID: probed, world: World())) != nil
        }
        if configuration.configAPI == nil {
            configuration.configAPI = await ServerConfigAPI.isOffered(projectID: configuration.projectID, over: http)
        }
        if configuration.continueURL == nil, configuration.authorizedDomains == nil {
            configuration.authorizedDomains = await Self.authorizedDomains(over: http)
        }
        if configuration.providerEndpoints != nil, configuration.takesProviderEndpoints == nil {
            configuration.takesProviderEndpoints = await ProviderPointing.isOffered(
                projectID: configuration.projectID, over: http)
        }
        if let served = await servedProject(over: http), served != configuration.projectID {
            throw .otherProject(served: served, named: configuration.projectID)
        }
        let findings = ServerFindings(
            layout: http.layout, flows: configuration.flows ?? [], flowsNamed: flowsNamed,
            noOutboxReason: noOutboxReason, textOutbox: configuration.readsTextOutbox,
            emailOutbox: configuration.readsEmailOutbox, adminLinks: configuration.mailsFromAdminLinks,
            resetsAccounts: configuration.isolation != .oneCheckAtATime || configuration.accountReset != nil,
            noResetReason: noResetReason, isolation: configuration.isolation,
            timeControl: configuration.timeControl == true, configAPI: configuration.configAPI == true,
            continueURL: configuration.checksContinueURL,
            providers: configuration.providerEndpoints.map { _ in configuration.takesProviderEndpoints == true })
        return (reconfigured(configuration), findings)
    }

    /// The domains the server authorizes for continue URLs, as it tells every client (`getProjectConfig`, a GET with
    /// no body, answering `authorizedDomains`), or nil when it does not say.
    private static func authorizedDomains(over http: IdentityToolkitHTTP) async -> [String]? {
        let answer = try? await http.hook("GET", SDKEndpoint.getProjectConfig.path(in: http.layout))
        let domains = (answer?["authorizedDomains"]?.arrayValue ?? []).compactMap { value -> String? in
            // A host name, nothing a URL would read as a port, a path or a user.
            guard case .string(let domain) = value, !domain.isEmpty,
                domain.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == ".") })
            else { return nil }
            return domain
        }
        return domains.isEmpty ? nil : domains
    }

    /// Whether the administrator's link route makes a sign-in link: `sendOobCode` with `returnOobLink` and the
    /// administrator's token answers an `oobLink` (for an address of no one, to the project's own hosting domain).
    private static func offersAdminLinks(projectID: String, token: String, over http: IdentityToolkitHTTP) async -> Bool
    {
        let probe: FixtureValue = .object([
            "requestType": .string("EMAIL_SIGNIN"), "email": .string("preflight-\(UUID().uuidString)@example.com"),
            "continueUrl": .string("https://\(projectID).firebaseapp.com/finish"), "canHandleCodeInApp": .bool(true),
            "returnOobLink": .bool(true),
        ])
        let answer = try? await http.post(
            "v1/projects/\(projectID)/accounts:sendOobCode", probe, authorization: "Bearer \(token)")
        return answer?["oobLink"]?.stringValue != nil
    }

    /// The flows whose first call the server answers as a call.
    private func offeredFlows(over http: IdentityToolkitHTTP) async -> Set<Flow> {
        let probes: [(Flow, SDKEndpoint, FixtureValue)] = [
            (.password, .verifyPassword, .object(["email": .string(""), "password": .string("")])),
            (.phone, .sendVerificationCode, .object(["phoneNumber": .string("")])),
            (
                .emailLink, .getOobConfirmationCode,
                .object([
                    "requestType": .string("EMAIL_SIGNIN"), "email": .string(""), "canHandleCodeInApp": .bool(true),
                    "continueUrl": .string("https://\(configuration.projectID).firebaseapp.com/finish"),
                ])
            ), (.multiFactor, .startMFAEnrollment, .object(["idToken": .string("")])),
        ]
        var offered: Set<Flow> = []
        for (flow, endpoint, body) in probes
        where Self.isOffered(await http.probe(endpoint.path(in: http.layout), body)) { offered.insert(flow) }
        return offered
    }

    /// Whether an answer is a call's (an error about the input, or a success), not a route or an operation the server
    /// does not have.
    static func isOffered(_ answer: (status: Int, json: FixtureValue)?) -> Bool {
        guard let answer, ![0, 404, 405, 501].contains(answer.status) else { return false }
        guard (200..<300).contains(answer.status) || answer.json["error"] != nil else { return false }
        let message = (answer.json["error"]?["message"]?.stringValue ?? "").lowercased()
        let refusals = [
            "operation_not_allowed", "not_implemented", "unimplemented", "not supported", "not enabled",
            "not implemented",
        ]
        return !refusals.contains { message.contains($0) }
    }

    private func servedProject(over http: IdentityToolkitHTTP) async -> String? {
        let signUp: FixtureValue = .object([
            "returnSecureToken": .bool(true), "clientType": .string(SDKEndpoint.clientType),
        ])
        guard let answer = try? await http.post(.signupNewUser, signUp), let idToken = answer["idToken"]?.stringValue
        else { return nil }
        let uid = answer["localId"]?.stringValue ?? ""
        _ = try? await http.post(.deleteAccount, .object(["idToken": .string(idToken), "localId": .string(uid)]))
        let parts = CompactJWS.segments(of: idToken)
        guard parts.count == 3, let payload = Base64URL.decode(parts[1]), let claims = FixtureValue.decoding(payload)
        else { return nil }
        return claims["aud"]?.stringValue
    }
}
