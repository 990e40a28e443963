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
/// and a project configuration that differs in any field from the project the server runs (`servedProject(for:)`)
/// is `ConfigurationError.unsupported(field:reason:)`, naming every such field.
/// Generic OAuth is not offered: the emulator answers `createAuthUri` with a provider with 501.
public struct IdentityToolkitSubject: ConformanceSubject {
    public let configuration: IdentityToolkitConfiguration
    private let state = SubjectState()

    public init(_ configuration: IdentityToolkitConfiguration) { self.configuration = configuration }

    public var name: String { configuration.name }

    public var capabilities: Capabilities {
        var capabilities = Capabilities(flows: [.phone, .multiFactor, .emailLink], runsOnWorldClock: false)
        capabilities.reachesWorldParties = false
        capabilities.sendsRequestsThroughWorldNetwork = true  // IdentityToolkitClient.post
        capabilities.runsOneCheckAtATime = configuration.isolation == .oneCheckAtATime
        capabilities.servedProjectID = configuration.projectID
        return capabilities
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
            baseURL: configuration.baseURL, apiKey: apiKey,
            session: URLSession(configuration: configuration.makeSessionConfiguration()), world: world,
            timeout: project.networkTimeout)
        http.tenantID = tenantID
        http.sdkHeaders.bundleIdentifier = project.bundleID
        return IdentityToolkitBackend(
            http: http, projectID: projectID, project: project, world: world,
            publishedKeys: configuration.publishedKeys, outboxReader: configuration.outboxReader,
            accountReset: resetsAccounts ? configuration.accountReset : nil)
    }

    /// Why the server cannot be reached, or nil when it answers at all (an error answer is an answer): asked
    /// once before a run, so that a server that is not running is one clear message instead of a failure per check.
    public func unreachableReason(timeout: Duration = .seconds(10)) async -> String? {
        let http = IdentityToolkitHTTP(
            baseURL: configuration.baseURL, apiKey: configuration.apiKey,
            session: URLSession(configuration: configuration.makeSessionConfiguration()), world: World(),
            timeout: timeout)
        do { _ = try await http.post(.getAccountInfo, .object(["idToken": .string("")])) } catch
            where error.code == .networkError
        { return error.message } catch {}
        return nil
    }

    /// The project the server runs when a check asks for `project`, as far as a check can tell: the standard
    /// project, whose settings the server takes from its own console (the Auth Emulator's match it), with what the
    /// subject sets itself: the project (when it makes one per check), the texts' app name and the timeout of its
    /// own calls. A verification limit looser than the standard project's is met too, as no check reaches it.
    package func servedProject(for project: ProjectConfiguration) -> ProjectConfiguration {
        var served = ProjectConfiguration.standard
        if configuration.isolation == .projectPerCheck { served.projectID = project.projectID }
        served.appName = project.appName
        served.networkTimeout = project.networkTimeout
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
                + "; the server takes its settings from its own console, not from the suite")
    }

    /// What there is to say about a field the server keeps, besides that its console sets it.
    private func note(on field: String) -> String? {
        let notes = [
            "projectID": """
            the server serves one project to an API key, \(configuration.projectID), as the standard project; a \
            second project needs admin credentials
            """, "phone.testPhoneNumbers": "the Auth Emulator has none",
            "phone.verificationLimit": "a tighter limit than the standard project's cannot be set",
            "multiFactor": "the Auth Emulator turns SMS MFA off only for a tenant",
            "passwordMinimumLength": "the Auth Emulator's minimum is 6",
        ]
        return notes.first { field.hasPrefix($0.key) }?.value
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
