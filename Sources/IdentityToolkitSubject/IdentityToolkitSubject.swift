import ConformanceKit
import Foundation
import MockIdP
import Synchronization

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Any server that speaks the Identity Toolkit REST API (the Firebase Auth Emulator, or a Firebase-compatible
/// backend), driven over HTTP. Its client plays the Firebase SDK's part over REST; what the server texts and
/// mails reaches the world's SMS carrier and mailbox through the configured ``OutboxReader``.
///
/// A server keeps real time and its own console, so the subject declares what it cannot do: it does not run on
/// the world's clock, its backend does not reach the world's parties (no pushes, no stalls, no text languages),
/// and a project configuration that sets what only the server's console sets is ``ConfigurationError/unsupported(field:reason:)``.
/// Generic OAuth is not offered: the emulator answers `createAuthUri` with a provider with 501.
public struct IdentityToolkitSubject: ConformanceSubject {
    public let configuration: IdentityToolkitConfiguration
    private let state = SubjectState()

    public init(_ configuration: IdentityToolkitConfiguration) {
        self.configuration = configuration
    }

    public var name: String { configuration.name }

    public var capabilities: Capabilities {
        var capabilities = Capabilities(flows: [.phone, .multiFactor, .emailLink], acceptsUnassignedPhoneNumbers: true, runsOnWorldClock: false)
        capabilities.reachesWorldParties = false
        capabilities.runsOneCheckAtATime = configuration.isolation == .oneCheckAtATime
        capabilities.servedProjectID = configuration.projectID
        return capabilities
    }

    public func makeBackend(configuration project: ProjectConfiguration, world: World) async throws(ConfigurationError) -> any AuthBackend {
        try Self.requireServerSettings(project)
        let projectID: String
        let apiKey: String
        var resetsAccounts = false
        var tenantID: String?
        switch configuration.isolation {
        case .projectPerCheck:
            projectID = project.projectID
            apiKey = configuration.newProject(projectID)
        case .oneCheckAtATime:
            guard project.projectID == ProjectConfiguration.standard.projectID else {
                throw .unsupported(
                    field: "projectID", reason: "the server serves one project (\(configuration.projectID)) to an API key; a second project needs admin credentials")
            }
            projectID = configuration.projectID
            apiKey = configuration.apiKey
            resetsAccounts = state.isFirstBackend(in: world)
        case .tenantPerCheck:
            guard project.projectID == ProjectConfiguration.standard.projectID else {
                throw .unsupported(field: "projectID", reason: "the server serves one project (\(configuration.projectID)) to an API key; a second project needs admin credentials")
            }
            projectID = configuration.projectID
            apiKey = configuration.apiKey
            // A tenant the server has never seen: created on first use, empty, its outboxes its own.
            tenantID = "check-\(UUID().uuidString.lowercased())"
        }
        var http = IdentityToolkitHTTP(
            baseURL: configuration.baseURL, apiKey: apiKey, session: URLSession(configuration: configuration.makeSessionConfiguration()), world: world,
            timeout: project.networkTimeout)
        http.tenantID = tenantID
        return IdentityToolkitBackend(
            http: http, projectID: projectID, project: project, world: world, publishedKeys: configuration.publishedKeys, outboxReader: configuration.outboxReader,
            accountReset: resetsAccounts ? configuration.accountReset : nil)
    }

    /// Why the server cannot be reached, or nil when it answers at all (an error answer is an answer): asked
    /// once before a run, so that a server that is not running is one clear message instead of a failure per check.
    public func unreachableReason(timeout: Duration = .seconds(10)) async -> String? {
        let http = IdentityToolkitHTTP(
            baseURL: configuration.baseURL, apiKey: configuration.apiKey, session: URLSession(configuration: configuration.makeSessionConfiguration()),
            world: World(), timeout: timeout)
        do {
            _ = try await http.post("v1/accounts:lookup", .object(["idToken": .string("")]))
        } catch where error.code == .networkError {
            return error.message
        } catch {}
        return nil
    }

    /// Refuses, as not the suite's to set, what a server takes only from its own console.
    static func requireServerSettings(_ project: ProjectConfiguration) throws(ConfigurationError) {
        let standard = ProjectConfiguration.standard
        let console = "it is set in the server's console, not by the suite (the Auth Emulator has no setting for it)"
        guard project.phone.isEnabled == standard.phone.isEnabled else { throw .unsupported(field: "phone.isEnabled", reason: console) }
        guard project.phone.testPhoneNumbers.isEmpty else {
            throw .unsupported(field: "phone.testPhoneNumbers", reason: "the server's test phone numbers are set in its console (the Auth Emulator has none)")
        }
        guard project.phone.codeLifetime == standard.phone.codeLifetime else { throw .unsupported(field: "phone.codeLifetime", reason: console) }
        let limit = project.phone.verificationLimit
        guard limit.maxRequests >= standard.phone.verificationLimit.maxRequests, limit.window <= standard.phone.verificationLimit.window else {
            throw .unsupported(field: "phone.verificationLimit", reason: "the server has its own rate limit; a tighter one than the standard project's cannot be set (\(console))")
        }
        guard project.multiFactor == standard.multiFactor else {
            throw .unsupported(field: "multiFactor", reason: "multi-factor settings are the server's (the Auth Emulator turns SMS MFA off only for a tenant)")
        }
        guard project.emailLink == standard.emailLink else { throw .unsupported(field: "emailLink", reason: console) }
        guard project.passwordSignInEnabled == standard.passwordSignInEnabled else { throw .unsupported(field: "passwordSignInEnabled", reason: console) }
        guard project.passwordMinimumLength == standard.passwordMinimumLength else {
            throw .unsupported(field: "passwordMinimumLength", reason: "the password policy is the server's (the Auth Emulator's minimum is 6)")
        }
    }
}

/// What a subject remembers across the backends it makes: the last check's world.
private final class SubjectState: Sendable {
    private struct State {
        var lastWorld: ObjectIdentifier?
        weak var lastWorldObject: World?
    }

    private let state = Mutex(State())

    /// Whether `world` is a new check's: its first backend resets the shared project.
    func isFirstBackend(in world: World) -> Bool {
        state.withLock { state in
            if state.lastWorld == ObjectIdentifier(world), state.lastWorldObject === world { return false }
            state.lastWorld = ObjectIdentifier(world)
            state.lastWorldObject = world
            return true
        }
    }
}
