import ConformanceKit
import Foundation
import MockIdP
import Synchronization

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Any server that speaks the Identity Toolkit REST API (the Firebase Auth Emulator, `conformance serve`, or a
/// Firebase-compatible backend of a vendor's own), driven over HTTP. Its client plays the Firebase SDK's part over
/// REST; what the server texts and mails reaches the world's SMS carrier and mailbox through the configured
/// ``OutboxReader``.
///
/// The subject declares what the server offers (``IdentityToolkitConfiguration/flows``: told, or learned by
/// ``preflighted(timeout:)``, which also finds the path layout, the outbox and the time control). Rules of a flow the
/// server does not offer are not applicable, naming the flow; without an outbox the suite can read, the rules whose
/// flows need a text or a mail are not applicable (`Capabilities.readsDeliveries`). With a time control
/// (`ServerClock`) the subject runs on the world's clock; without one it keeps real time and the checks that need
/// time to pass are not applicable. Its backend never reaches the world's parties (no pushes, no stalls, no text
/// languages),
/// and a project configuration that differs in any field from the project the server runs (`servedProject(for:)`)
/// is `ConfigurationError.unsupported(field:reason:)`, naming every such field.
/// Generic OAuth and Sign in with Apple are offered only when the server is pointed at the check's providers
/// (``IdentityToolkitConfiguration/providerEndpoints``, and a server that takes the pointing call:
/// ``IdentityToolkitConfiguration/takesProviderEndpoints``): the emulator answers `createAuthUri` with a provider with
/// 501, and does not implement `defaultSupportedIdpConfigs`.
public struct IdentityToolkitSubject: ConformanceSubject {
    public let configuration: IdentityToolkitConfiguration
    /// The vendor's client in front of the server (``init(_:client:)``), or nil for the suite's own. Kept by
    /// ``preflighted(timeout:)``, and settable on any subject, such as one the preflight returned.
    public var clientFactory: IdentityToolkitClientFactory?
    private let state = SubjectState()

    public init(_ configuration: IdentityToolkitConfiguration) { self.configuration = configuration }

    /// The name reports give the subject: the server's (``IdentityToolkitConfiguration/name``), and with a vendor's
    /// client, which client was judged against it (`TinyAuth against Identity Toolkit at http://127.0.0.1:9099
    /// (project demo-conformance)`).
    public var name: String { clientFactory.map { "\($0.name) against \(configuration.name)" } ?? configuration.name }

    public var capabilities: Capabilities {
        var capabilities = Capabilities(
            flows: configuration.flows ?? IdentityToolkitConfiguration.judgedFlows,
            runsOnWorldClock: configuration.drivesServerClock)
        capabilities.readsTexts = configuration.readsTextOutbox
        capabilities.readsMails = configuration.readsEmailOutbox || configuration.mailsFromAdminLinks
        capabilities.reachesWorldParties = false
        capabilities.sendsRequestsThroughWorldNetwork = true  // IdentityToolkitClient.post
        capabilities.runsOneCheckAtATime = configuration.isolation == .oneCheckAtATime
        capabilities.shortIDTokenLifetime = configuration.shortIDTokenLifetime
        capabilities.fixedCodeNumbers = Set(configuration.textlessTestCodes.keys)
        capabilities.keepsAccountsBetweenChecks =
            configuration.isolation == .oneCheckAtATime && configuration.accountReset == nil
        // With a project per check, the server serves the check's own project (nil, as documented).
        capabilities.servedProjectID = configuration.isolation == .projectPerCheck ? nil : configuration.projectID
        capabilities.continueURL = configuration.checksContinueURL
        if configuration.pointsAtCheckProviders { capabilities.addProviderFlows() }
        if let clientFactory { capabilities = clientFactory.declaration(over: capabilities) }
        return capabilities
    }

    /// The routes and options that would make the checks of `requirement` apply against the server: a time control,
    /// an outbox or the administrator's credential.
    public func howToOffer(_ requirement: Requirement) -> String? {
        let hooks = "/emulator/v1/projects/\(configuration.projectID)"
        switch requirement {
        case .worldClock where configuration.timeControl == true:
            // The server has one, and the subject drives it only for a project or tenant of the check's own.
            return "to judge it, run each check in a tenant of its own (--tenants): the server's time control "
                + "(\(hooks)/clock:advance) moves only a check's own tenant, never the project the checks share"
        case .worldClock:
            return "to judge it, give the server a time control (POST \(hooks)/clock:advance, as conformance serve has)"
        case .deliveries:
            var offers: [String] = []
            if !configuration.readsTextOutbox {
                offers.append(
                    "a text outbox (GET \(hooks)/verificationCodes) or, for the multi-factor checks that need only "
                        + "codes, test numbers with fixed codes on the server for "
                        + PhoneNumbers.fixedCodeNumbers.sorted().joined(separator: ", ")
                        + ", each declared (--test-phone-number NUMBER=CODE)")
            }
            if !configuration.readsEmailOutbox, !configuration.mailsFromAdminLinks {
                offers.append(
                    "an email outbox (GET \(hooks)/oobCodes) or the administrator's credential for production's "
                        + "links (--admin-token, sendOobCode with returnOobLink)")
            }
            return offers.isEmpty ? nil : "to judge it, offer " + offers.joined(separator: ", or ")
        default: return nil
        }
    }

    public func makeBackend(
        configuration project: ProjectConfiguration, world: World
    ) async throws(ConfigurationError) -> any AuthBackend {
        try requireServable(project)
        let projectID: String
        let apiKey: String
        var resetsAccounts = false
        var tenantID: String?
        switch configuration.isolation {
        case .projectPerCheck:
            projectID = project.projectID
            apiKey = configuration.newProject(projectID)
        case .oneCheckAtATime:
            projectID = configuration.projectID
            apiKey = configuration.apiKey
            resetsAccounts = state.isFirstBackend(in: world)
        case .tenantPerCheck:
            projectID = configuration.projectID
            apiKey = configuration.apiKey
            // A tenant the server has never seen: created on first use, empty, its outboxes its own.
            tenantID = "check-\(UUID().uuidString.lowercased())"
        }
        var http = IdentityToolkitHTTP(
            baseURL: configuration.baseURL, apiKey: apiKey, transport: configuration.makeTransport(), world: world,
            timeout: project.networkTimeout)
        http.tenantID = tenantID
        http.sdkHeaders.bundleIdentifier = project.bundleID
        http.layout = configuration.layout ?? .sdk
        if let token = configuration.adminToken { http.adminAuthorization = "Bearer \(token)" }
        if configuration.configAPI == true,
            !(await isFreshTenantAsAsked(configuration.configured(project), over: http, projectID: projectID))
        {
            // Before the clock is read and the providers are pointed at: the served server starts a project afresh
            // when its configuration changes.
            try await ServerConfigAPI.set(configuration.configured(project), projectID: projectID, over: http)
        }
        if configuration.pointsAtCheckProviders, let host = configuration.providerEndpoints {
            let pointing = ProviderPointing(
                http: http, projectID: projectID, project: project,
                base: try await ProviderPointing.endpoints(at: host, for: world))
            http.providerEndpoints = pointing.base
            // Only a project or tenant of the check's own starts with every provider on; the shared one keeps what
            // the last check set (OAUTH-10 turns GitHub off).
            if clientFactory == nil, configuration.isolation != .oneCheckAtATime, ProviderPointing.mayWait(for: project)
            {
                http.deferredPointing = DeferredPointing(pointing)
            } else {
                do throws(AuthError) { try await pointing.point() } catch {
                    throw .unsupported(field: "providers", reason: error.message)
                }
            }
        }
        if configuration.drivesServerClock {
            http.serverClock = try await serverClock(over: http, projectID: projectID, world: world)
        }
        return IdentityToolkitBackend(
            http: http, projectID: projectID, project: project, world: world,
            publishedKeys: configuration.publishedKeys, outboxReader: PartialOutbox(of: configuration),
            accountReset: resetsAccounts ? configuration.accountReset : nil,
            adminLinks: configuration.mailsFromAdminLinks ? configuration.adminToken : nil,
            vendorClient: clientFactory.map {
                VendorClientMaker(
                    factory: $0, makeSessionConfiguration: configuration.makeSessionConfiguration ?? { .ephemeral })
            }, outboxStartsEmpty: configuration.isolation != .oneCheckAtATime,
            fixedCodes: configuration.textlessTestCodes)
    }

    /// Whether the check's tenant, new, already has the settings `project` asks for: the config API's answer for a new
    /// tenant, asked once per subject, has them all (most checks ask for the standard project, which a new tenant
    /// of the served server has), so the update would change nothing.
    private func isFreshTenantAsAsked(
        _ project: ProjectConfiguration, over http: IdentityToolkitHTTP, projectID: String
    ) async -> Bool {
        guard http.tenantID != nil,
            let fresh = await state.freshTenant.value({
                await ServerConfigAPI.freshTenant(projectID: projectID, over: http)
            })
        else { return false }
        return ServerConfigAPI.isSet(project, in: fresh, inTenant: true)
    }

    /// The server's clock for a backend in `world`: one per check's world on a shared project (two backends of one
    /// check must not both move it), one per backend otherwise.
    private func serverClock(
        over http: IdentityToolkitHTTP, projectID: String, world: World
    ) async throws(ConfigurationError) -> ServerClock {
        if configuration.isolation == .oneCheckAtATime, let shared = state.clock(of: world) { return shared }
        do throws(AuthError) {
            let clock = try await ServerClock(http: http, projectID: projectID, world: world)
            if configuration.isolation == .oneCheckAtATime { state.keep(clock, of: world) }
            return clock
        } catch {
            throw .invalidValue(
                field: "timeControl", value: error.message,
                expected:
                    "the server's time control at \(ServerClock.route(projectID: projectID, tenantID: http.tenantID))")
        }
    }

    /// Why the server cannot be reached, or nil when it answers at all (an error answer is an answer): asked
    /// once before a run, so that a server that is not running is one clear message instead of a failure per check.
    public func unreachableReason(timeout: Duration = .seconds(10)) async -> String? {
        let http = IdentityToolkitHTTP(
            baseURL: configuration.baseURL, apiKey: configuration.apiKey, transport: configuration.makeTransport(),
            world: World(), timeout: timeout)
        do { _ = try await http.post(.getAccountInfo, .object(["idToken": .string("")])) } catch
            where error.code == .networkError
        { return error.message } catch {}
        return nil
    }

    /// The project the server runs when a check asks for `project`, as far as a check can tell: the standard
    /// project, whose settings the server takes from its own console (the Auth Emulator's match it), with what the
    /// subject sets itself: the project (when it makes one per check), the texts' app name, the timeout of its
    /// own calls and, through the server's config API (``ServerConfigAPI``), the console settings it can express, and
    /// with provider endpoints, whether each provider is enabled (the pointing call's `enabled`).
    /// A verification limit looser than the standard project's is met too, as no check reaches it.
    package func servedProject(for project: ProjectConfiguration) -> ProjectConfiguration {
        var served = ProjectConfiguration.standard
        if configuration.isolation == .projectPerCheck { served.projectID = project.projectID }
        served.appName = project.appName
        served.networkTimeout = project.networkTimeout
        if configuration.configAPI == true {
            served = ServerConfigAPI.settable(
                project, onto: served, inTenant: configuration.isolation == .tenantPerCheck)
        }
        // The console's test numbers: a check that asks for some of these is served (the others are numbers it does
        // not text), and so is one that asks for none.
        if configuration.configAPI != true, let numbers = configuration.testPhoneNumbers {
            let asked = project.phone.testPhoneNumbers
            served.phone.testPhoneNumbers = Set(asked).isSubset(of: numbers) ? asked : numbers
        }
        if configuration.pointsAtCheckProviders { served = ProviderPointing.settable(project, onto: served) }
        let limit = project.phone.verificationLimit
        let standardLimit = served.phone.verificationLimit
        if limit.maxRequests >= standardLimit.maxRequests, limit.window <= standardLimit.window {
            served.phone.verificationLimit = limit
        }
        return served
    }

    /// Refuses, by name, every field of `project` in which the server's project differs: none is silently ignored.
    func requireServable(_ project: ProjectConfiguration) throws(ConfigurationError) {
        let differences = project.differences(from: servedProject(for: project))
        guard !differences.isEmpty else { return }
        let fields = differences.map { difference in
            "\(difference.field): asked \(difference.asked), the server keeps \(difference.kept)"
                + (note(on: difference.field).map { " (\($0))" } ?? "")
        }
        throw .unsupported(
            field: differences.map(\.field).joined(separator: ", "),
            reason: fields.joined(separator: "; ")
                + (configuration.configAPI == true
                    ? "; the server's config API cannot set them"
                    : "; the server takes its settings from its own console, not from the suite (it has no config API)")
        )
    }

    /// What there is to say about a field the server keeps, besides that its console sets it.
    private func note(on field: String) -> String? {
        let notes = [
            "projectID": """
            the server serves one project to an API key, \(configuration.projectID), as the standard project; a \
            second project needs admin credentials
            """,
            "phone.testPhoneNumbers": "the Auth Emulator has none; declare a server's own with --test-phone-number",
            "phone.verificationLimit": "a tighter limit than the standard project's cannot be set",
            "multiFactor": "the Auth Emulator turns SMS MFA off only for a tenant",
            "passwordMinimumLength": "the Auth Emulator's minimum is 6",
        ]
        return notes.first { field.hasPrefix($0.key) }?.value
    }
}

/// What a subject remembers across the backends it makes: the last check's world, and a new tenant's configuration.
private final class SubjectState: Sendable {
    private struct State {
        var lastWorld: ObjectIdentifier?
        weak var lastWorldObject: World?
        var clock: (world: ObjectIdentifier, clock: ServerClock)?
    }

    private let state = Mutex(State())
    /// The config API's answer for a new tenant, asked once.
    let freshTenant = Once<FixtureValue?>()

    /// Whether `world` is a new check's: its first backend resets the shared project.
    func isFirstBackend(in world: World) -> Bool {
        state.withLock { state in
            if state.lastWorld == ObjectIdentifier(world), state.lastWorldObject === world { return false }
            state.lastWorld = ObjectIdentifier(world)
            state.lastWorldObject = world
            return true
        }
    }

    /// The server's clock kept for `world`'s check, if any.
    func clock(of world: World) -> ServerClock? {
        state.withLock { state in
            guard let kept = state.clock, kept.world == ObjectIdentifier(world), kept.clock.world === world else {
                return nil
            }
            return kept.clock
        }
    }

    func keep(_ clock: ServerClock, of world: World) { state.withLock { $0.clock = (ObjectIdentifier(world), clock) } }
}
