import Foundation
import MockIdP

/// What a check works with: the subject, a world of its own, and the rule it serves.
public struct CheckContext: Sendable {
    public let subject: any ConformanceSubject
    public let world: World
    public let rule: Rule

    public init(subject: any ConformanceSubject, world: World, rule: Rule) {
        self.subject = subject
        self.world = world
        self.rule = rule
    }

    public var capabilities: Capabilities { subject.capabilities }

    /// A backend for `configuration`; a subject that refuses a valid configuration fails the check.
    public func makeBackend(_ configuration: ProjectConfiguration = .standard) async throws -> any AuthBackend {
        let configuration = try configuration.validated()
        do {
            return try await subject.makeBackend(configuration: configuration, world: world)
        } catch {
            throw CheckFailure("the subject refused a valid project configuration: \(error)")
        }
    }

    /// Launches the app on `device` and installs it there, so that the device's pushes and opened URLs reach it.
    public func launch(_ backend: any AuthBackend, on device: Device = .primary) async throws -> any AuthClient {
        let client = try await expectSuccess("makeClient(on: \(device))") { try await backend.makeClient(on: device) }
        world.devices.install(ClientApp(client: client), on: device)
        return client
    }

    /// A backend for `configuration` and the app launched on `device`.
    public func launchApp(_ configuration: ProjectConfiguration = .standard, on device: Device = .primary) async throws -> LaunchedApp {
        let backend = try await makeBackend(configuration)
        return LaunchedApp(backend: backend, client: try await launch(backend, on: device), device: device)
    }
}

/// A backend with one app launched on a device.
public struct LaunchedApp: Sendable {
    public let backend: any AuthBackend
    public let client: any AuthClient
    public let device: Device
}

/// The app delegate of a device: forwards the device's pushes and URLs to the client, as an app that
/// disabled Firebase's method swizzling does.
struct ClientApp: DeviceApp {
    let client: any AuthClient

    func didReceiveRemoteNotification(_ userInfo: [String: String]) async -> Bool {
        await client.canHandleNotification(userInfo)
    }

    func open(_ url: URL) async -> Bool {
        await client.canHandle(url)
    }
}
