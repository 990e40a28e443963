import ConformanceKit
import Foundation
import MockIdP

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// What a vendor's client SDK is given to reach the server for one check: where the server is, the key, project and
/// tenant of this check, and the check's world and device. Point the SDK at ``baseURL`` as at the Auth Emulator (the
/// iOS SDK's `useEmulator(withHost:port:)` sends its v1 calls to
/// `{baseURL}/www.googleapis.com/identitytoolkit/v3/relyingparty/<endpoint>`, its Identity Platform calls
/// (multi-factor, `accounts:revokeToken`) to `{baseURL}/identitytoolkit.googleapis.com/v2/…` and its refresh to
/// `{baseURL}/securetoken.googleapis.com/v1/token`,
/// `IdentityToolkitRequest.swift`; the JS SDK's `connectAuthEmulator` sends `{baseURL}/identitytoolkit.googleapis.com/
/// v1/accounts:…`), send ``apiKey`` as `?key=`, and set ``tenantID`` as the SDK's `Auth.tenantID`: the SDK then puts
/// `tenantId` in the body of every call but `getAccountInfo`, `deleteAccount`, the refresh and `revokeToken`, whose
/// tokens name their tenant (the server takes it from them), so that checks run in parallel, each in its own tenant.
/// The SDK's emulator URLs are plain `http://host:port/…` whatever the scheme (`IdentityToolkitRequest.swift`,
/// `SecureTokenRequest.swift`): a server at an `https` ``baseURL`` needs an SDK that keeps the URL's scheme.
public struct IdentityToolkitClientContext: Sendable {
    /// The server's root, e.g. `http://127.0.0.1:9099`.
    public let baseURL: URL
    /// The API key of this check's project (`?key=` on every call).
    public let apiKey: String
    /// The project the server serves to this check: the `aud` of its ID tokens.
    public let projectID: String
    /// The tenant of this check (``IdentityToolkitConfiguration/Isolation/tenantPerCheck``), or nil for the project.
    public let tenantID: String?
    /// The check's world: its clock, its parties, its devices (a client that declares
    /// ``IdentityToolkitClientFactory/persistsUserInWorldKeychain`` keeps its user in
    /// `world.devices.keychain(of: device)`; one that declares
    /// ``IdentityToolkitClientFactory/sendsRequestsThroughWorldNetwork`` sends through `world.network.send`).
    public let world: World
    /// The device the app is launched on: a second client on the same device is the app launched again.
    public let device: Device
    /// The project the check asked for (its bundle ID, app name, the timeout of the app's calls).
    public let project: ProjectConfiguration
    /// The configuration of the sessions the client should make
    /// (``IdentityToolkitConfiguration/makeSessionConfiguration``).
    public let makeSessionConfiguration: @Sendable () -> URLSessionConfiguration

    public init(
        baseURL: URL, apiKey: String, projectID: String, tenantID: String?, world: World, device: Device,
        project: ProjectConfiguration,
        makeSessionConfiguration: @escaping @Sendable () -> URLSessionConfiguration = { .ephemeral }
    ) {
        self.baseURL = baseURL
        self.apiKey = apiKey
        self.projectID = projectID
        self.tenantID = tenantID
        self.world = world
        self.device = device
        self.project = project
        self.makeSessionConfiguration = makeSessionConfiguration
    }

    /// A configuration from ``makeSessionConfiguration`` whose sessions send every request through the world's
    /// network as the app on ``device``, then on to the server (MockIdP's `throughWorldNetwork(of:from:)`): the one
    /// line that offers the checks of calls in flight their seam, with
    /// ``IdentityToolkitClientFactory/sendsRequestsThroughWorldNetwork`` declared.
    public func sessionConfigurationThroughWorldNetwork() -> URLSessionConfiguration {
        makeSessionConfiguration().throughWorldNetwork(of: world, from: device)
    }

    /// How long the app waits for the server: the project's network timeout.
    public var timeout: Duration { project.networkTimeout }

    /// The app's name in this check, `check-<UUID>`: unique to the check (no check run before, after or beside it has
    /// it) and the same for every app instance the check launches, on each of its devices and at every relaunch. Name
    /// the SDK's app with it where the SDK keys its state by the app's name: the iOS SDK keeps the signed-in user in
    /// the keychain under the account `firebase_auth_1_<app name>_firebase_user` (`AuthKeychainServices`, `Auth`), so
    /// a port configured with `FirebaseApp.configure(name: context.appName, options:)` finds its user again at a
    /// relaunch, and never another check's.
    public var appName: String { "check-\(world.identity.uuidString.lowercased())" }

    /// This app's installation: ``appName`` on ``device``, `check-<UUID>-<device>`. Key storage of the SDK's own (a
    /// file, a process-wide keychain) with it: what the app stored is found again when it is launched again on the
    /// same device, and not on the check's other devices, which are other phones.
    public var installationID: String { "\(appName)-\(device.id)" }
}

/// A vendor's client SDK in front of the server: what it declares and how one app instance of it is made.
/// Given to ``IdentityToolkitSubject/init(_:client:)``, which keeps the backend half its own: the per-check account
/// reset or tenant, the texts and mails the server sent carried to the world after each call of the client that
/// sends one, the door (`AccountsFacet`, `AccountAdminFacet`) and the ID-token verification with the server's
/// published keys.
public struct IdentityToolkitClientFactory: Sendable {
    /// The client's name in reports, whose titles say which client was judged against which server
    /// (``IdentityToolkitSubject/name``): given, or the module that made the factory.
    public var name: String
    /// The flows the client offers; the subject declares those the server serves too (`Flow.password` is
    /// implied by a server that serves multi-factor or email-link sign-in).
    public var flows: Set<Flow>
    /// Whether the client sends every request through `world.network.send`; a client with its own networking
    /// declares false, and the checks that hold a request in flight (PHONE-7, PHONE-8, AUTH-3, AUTH-6, LINK-8,
    /// MFA-11, OAUTH-6) are not judged, saying so (`Requirement.worldNetwork`). A URLSession-based client offers it in
    /// one line: its session made from ``IdentityToolkitClientContext/sessionConfigurationThroughWorldNetwork()``.
    public var sendsRequestsThroughWorldNetwork: Bool
    /// Whether the client keeps its signed-in user in `world.devices.keychain(of: device)`; a client with its own
    /// storage declares false, and the checks that relaunch the app to see what persisted (PHONE-18, AUTH-3) are not
    /// judged, saying so (`Requirement.worldKeychain`).
    public var persistsUserInWorldKeychain: Bool
    /// Whether the client reads the time from `world.clock` (TinyAuth's `clock:`); a client that keeps the system's
    /// time (the Firebase SDKs) declares false, and the checks that move the server's clock are not judged under it,
    /// saying so (`Capabilities.clientsRunOnWorldClock`): it would not see the time they move.
    public var runsOnWorldClock: Bool
    /// Launches one app instance of the client for a check.
    public var makeClient: @Sendable (IdentityToolkitClientContext) async throws(AuthError) -> any AuthClient

    /// A factory of clients named `name` in reports (the SDK, and its version where it has one: `"TinyAuth 1.2"`);
    /// without one, the module of the file that makes the factory (`fileID`) names it.
    public init(
        name: String? = nil, flows: Set<Flow>, sendsRequestsThroughWorldNetwork: Bool = false,
        persistsUserInWorldKeychain: Bool = false, runsOnWorldClock: Bool = false, fileID: String = #fileID,
        makeClient: @escaping @Sendable (IdentityToolkitClientContext) async throws(AuthError) -> any AuthClient
    ) {
        self.name = name ?? String(fileID.prefix { $0 != "/" })
        self.flows = flows
        self.sendsRequestsThroughWorldNetwork = sendsRequestsThroughWorldNetwork
        self.persistsUserInWorldKeychain = persistsUserInWorldKeychain
        self.runsOnWorldClock = runsOnWorldClock
        self.makeClient = makeClient
    }

    /// The subject's declaration with this client in front of a server that declares `server`.
    func declaration(over server: Capabilities) -> Capabilities {
        var capabilities = server
        capabilities.flows = flows.filter { server.implements($0) }
        capabilities.sendsRequestsThroughWorldNetwork = sendsRequestsThroughWorldNetwork
        capabilities.persistsUserInWorldKeychain = persistsUserInWorldKeychain
        capabilities.clientsRunOnWorldClock = runsOnWorldClock
        return capabilities
    }
}

extension IdentityToolkitSubject {
    /// The server judged through a vendor's own client SDK: `client` makes the app instances, the subject
    /// keeps the backend half (isolation, delivery of texts and mails, the door, ID-token verification).
    public init(_ configuration: IdentityToolkitConfiguration, client: IdentityToolkitClientFactory) {
        self.init(configuration)
        clientFactory = client
    }

    /// The subject with `configuration` instead, its client kept: what the preflight found, and what the command's
    /// workers are told it found, change the server's description, never the client judged in front of it.
    package func reconfigured(_ configuration: IdentityToolkitConfiguration) -> IdentityToolkitSubject {
        var subject = IdentityToolkitSubject(configuration)
        subject.clientFactory = clientFactory
        return subject
    }
}

/// What a backend needs to launch a vendor's client: the factory and the sessions the configuration makes.
struct VendorClientMaker: Sendable {
    let factory: IdentityToolkitClientFactory
    let makeSessionConfiguration: @Sendable () -> URLSessionConfiguration
}

extension IdentityToolkitBackend {
    /// The vendor's client on `device`, wrapped so that what it makes the server send reaches the world.
    func makeVendorClient(_ maker: VendorClientMaker, on device: Device) async throws(AuthError) -> any AuthClient {
        var sessions = maker.makeSessionConfiguration
        if let requests = clientRequests {
            let made = sessions
            sessions = { requests.tapping(made()) }
        }
        let context = IdentityToolkitClientContext(
            baseURL: http.baseURL, apiKey: http.apiKey, projectID: projectID, tenantID: http.tenantID, world: world,
            device: device, project: project, makeSessionConfiguration: sessions)
        return DeliveringClient(
            client: try await maker.factory.makeClient(context), outbox: outbox, clock: http.serverClock,
            requests: clientRequests)
    }
}
