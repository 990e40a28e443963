import ConformanceKit
import Foundation
import HTTPMessages
import PlainHTTPClient

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Where an Identity Toolkit server is and how the suite uses it.
///
/// ```swift
/// // The Auth Emulator (firebase emulators:start --only auth --project demo-conformance):
/// let emulator = IdentityToolkitSubject(.emulator(projectID: "demo-conformance"))
///
/// // A server that isolates checks by tenant and publishes its keys on another host:
/// let server = IdentityToolkitSubject(
///     IdentityToolkitConfiguration(
///         baseURL: URL(string: "http://127.0.0.1:8080")!, projectID: "my-project", apiKey: "my-key",
///         isolation: .tenantPerCheck, publishedKeys: .at(URL(string: "https://keys.example.com/jwks.json")!)))
/// ```
public struct IdentityToolkitConfiguration: Sendable {
    /// How checks are kept apart on the server.
    public enum Isolation: Sendable, Hashable {
        /// The server serves one project to the API key (the Auth Emulator): checks run one at a time, and the
        /// project's accounts are deleted before each check (through ``IdentityToolkitConfiguration/accountReset``).
        case oneCheckAtATime
        /// The server isolates by project: every backend a check makes is a project of its own, created by
        /// ``IdentityToolkitConfiguration/newProject`` and reached with the key it returns; checks run in parallel.
        case projectPerCheck
        /// The server offers multi-tenancy (the emulator, Identity Platform): every backend a check makes is a
        /// tenant of its own (`tenantId` where the SDK sends it, the tenant of a token elsewhere; the emulator
        /// creates a tenant the first time one is named, with every provider and SMS multi-factor enabled), so
        /// checks run in parallel, need no account reset, and each reads only its own outbox. The Auth Emulator
        /// refuses phone sign-in in a tenant (`UNSUPPORTED_TENANT_OPERATION`), so against it the PHONE rules fail
        /// this way.
        case tenantPerCheck
    }

    /// The server's root, e.g. `http://127.0.0.1:9099` for the emulator; its calls are answered below it in
    /// ``layout``, its test hooks at `/emulator/v1/…`.
    public var baseURL: URL
    /// The flows the server offers, or nil to learn them (``IdentityToolkitSubject/preflighted(timeout:)``); until
    /// then the subject declares ``judgedFlows``. Rules of the others are not applicable, naming the flow.
    public var flows: Set<Flow>?
    /// Where the server answers each call, or nil to find it (``ServerLayout/sdk`` until then).
    public var layout: ServerLayout?
    /// Whether the suite reads what the server texts through ``outboxReader`` (its text outbox). Without
    /// (`--no-outbox`, or no text outbox the preflight could read) the server is still judged: the rules that need a
    /// text (phone, multi-factor) are not applicable.
    public var readsTextOutbox = true
    /// Whether the suite reads what the server mails through ``outboxReader`` (its email outbox). Without, the rules
    /// that need a mail (email link, a password reset's link) are not applicable.
    public var readsEmailOutbox = true
    /// The server administrator's credential (an OAuth2 bearer token; `owner` for the Auth Emulator and `conformance
    /// serve`, and the default where it is nil), with which, where the server has no email outbox, the suite asks the
    /// administrator's link route for the links the server would mail (``mailsFromAdminLinks``), and which every
    /// administrator's call carries (the config API, the pointing at the check's providers, account updates).
    public var adminToken: String?
    /// The test phone numbers the server's console has, with their fixed codes (`--test-phone-number`): the project
    /// the server runs has them, so a check that asks for some of these is served where no config API sets them
    /// (the project the subject serves has them), a check that signs in with test numbers only reads no text, and
    /// without a text outbox the multi-factor checks take these numbers' fixed codes.
    public var testPhoneNumbers: [TestPhoneNumber]? = nil
    /// The lifetime of the server's ID tokens when it is shorter than an hour (`--id-token-lifetime`; a test server's,
    /// such as `conformance serve --id-token-lifetime 3`), leeway included: without a time control, AUTH-4's checks
    /// of expired tokens wait for it in real time (`Capabilities.shortIDTokenLifetime`).
    public var shortIDTokenLifetime: Duration? = nil
    /// The test numbers' codes the suite delivers itself where the text outbox is not read: with a config API, the
    /// multi-factor checks' numbers, which it sets as test numbers with codes of its own (``configured(_:)``);
    /// without, the declared ones.
    var textlessTestCodes: [String: String] {
        guard !readsTextOutbox else { return [:] }
        let numbers = configAPI == true ? Self.suiteTestNumbers : testPhoneNumbers ?? []
        return Dictionary(numbers.map { ($0.phoneNumber, $0.verificationCode) }) { first, _ in first }
    }

    /// The multi-factor checks' numbers as test numbers, each with a code of its own.
    static let suiteTestNumbers = PhoneNumbers.fixedCodeNumbers.sorted().enumerated().map { index, number in
        TestPhoneNumber(number, code: String(246_800 + index))
    }

    /// What the config API sets for a check that asks for `project`: without a text outbox, where the check asks for
    /// no test numbers, the multi-factor checks' numbers are test numbers, whose codes the suite hands the check as
    /// the texts it cannot read (the check texts them as real numbers, and reads only their codes).
    func configured(_ project: ProjectConfiguration) -> ProjectConfiguration {
        guard !readsTextOutbox, project.phone.testPhoneNumbers.isEmpty else { return project }
        return project.with(\.phone.testPhoneNumbers, Self.suiteTestNumbers)
    }
    /// Whether the mails a check needs come from the administrator's link route instead of an email outbox:
    /// `accounts:sendOobCode` with `returnOobLink: true` and ``adminToken``, as the Admin SDKs' `generate…Link` calls
    /// it (https://firebase.google.com/docs/auth/admin/email-action-links), asked with the client's own request as it
    /// was sent, every field (a vendor's client's, from the sessions its context makes). The link is the route's, not
    /// the one the server mailed (which no one reads), so the email-link rules judge the server's links as
    /// production's own way to get them gives them. Set by the preflight when the email outbox cannot be read and the
    /// route answers.
    public var mailsFromAdminLinks = false
    /// The continue URL the checks' links carry (`Capabilities.continueURL`): ``continueURL`` when given; the standard
    /// project's (nil) where the config API sets the project's authorized domains as a check asks; else one on a
    /// domain the server authorizes of its own accord, the first of ``authorizedDomains`` other than `localhost` (or
    /// `localhost`), or production's default for every project, `PROJECT.firebaseapp.com`.
    var checksContinueURL: String? {
        if let continueURL { return continueURL }
        if configAPI == true, isolation != .tenantPerCheck { return nil }
        let learned = authorizedDomains ?? []
        let domain = learned.first { $0 != "localhost" } ?? learned.first ?? "\(projectID).firebaseapp.com"
        return "https://\(domain)/finishSignIn?cartId=1234"
    }

    /// Whether the suite reads both outboxes (``readsTextOutbox`` and ``readsEmailOutbox``); setting it sets both.
    public var readsOutbox: Bool {
        get { readsTextOutbox && readsEmailOutbox }
        set { (readsTextOutbox, readsEmailOutbox) = (newValue, newValue) }
    }
    /// Whether the server has a time control (`ServerClock`'s convention, which `conformance serve` implements), so
    /// the subject runs on the world's clock; nil until the preflight asks (no time control until then).
    public var timeControl: Bool?

    /// Whether the subject drives the server's time control: only when every check has a project or tenant of its own.
    /// A project the checks share (``Isolation/oneCheckAtATime``) would carry every check's hours into the next, and
    /// the check's providers, which keep real time over HTTP (Apple's tokens), would find the server hours ahead; so
    /// one check at a time keeps real time and the checks that need time to pass are not applicable.
    public var drivesServerClock: Bool { timeControl == true && isolation != .oneCheckAtATime }
    /// The continue URL of the checks' links (`--continue-url`), on a domain the server authorizes; nil to take one on
    /// the first of ``authorizedDomains`` other than `localhost`, or on the project's `PROJECT.firebaseapp.com`
    /// (`Capabilities.continueURL`).
    public var continueURL: String?
    /// The domains the server says it authorizes for continue URLs (`getProjectConfig`'s `authorizedDomains`), nil
    /// until the preflight asks, or when the server does not answer them.
    public var authorizedDomains: [String]?
    /// Whether the server has Identity Platform's config API (`PATCH /v2/projects/{p}/config`, `…/tenants/{t}`;
    /// ``ServerConfigAPI``), through which the subject sets a check's console settings; nil until the preflight asks
    /// (none until then: a configuration that differs from the server's is refused, naming the fields).
    public var configAPI: Bool?
    public var projectID: String
    public var apiKey: String
    public var isolation: Isolation
    /// With ``Isolation/projectPerCheck``: creates a project of the given ID on the server and returns its API key.
    public var newProject: @Sendable (String) -> String
    /// The sessions the subject makes, when set (tests route them to an in-process server). When nil, the subject
    /// sends an `http://` server its requests through the suite's own HTTP/1.1 client (`HTTP1Client` in
    /// HTTPMessages, about a quarter of `URLSession`'s CPU per request on Linux) and anything else through an
    /// ephemeral `URLSession`.
    public var makeSessionConfiguration: (@Sendable () -> URLSessionConfiguration)?
    /// Who answers, in process, the subject's requests to ``baseURL``'s host, when set: the package's tests hand the
    /// in-process server's handler here, so that neither sockets nor `URLSession` stand between a check and the server
    /// (``makeSessionConfiguration`` still reaches any other host, and a vendor's client).
    package var answersInProcess: (@Sendable (HTTPRequest) async -> HTTPResponse)? = nil
    /// How the subject reads what the server texted and mailed.
    public var outboxReader: any OutboxReader
    /// How the subject empties the project between checks, with ``Isolation/oneCheckAtATime``.
    public var accountReset: (any AccountReset)?
    /// Where the subject finds the keys of the server's ID tokens (a JSON Web Key set): by default the set the server
    /// itself publishes, Google's only for a server that publishes none.
    public var publishedKeys: KeySet
    /// The subject's name in reports.
    public var name: String
    /// Where the check's GitHub and Apple are served for the server to reach (``ProviderEndpointsHost``); the
    /// server is pointed at them per project or tenant (`defaultSupportedIdpConfigs` with `providerEndpoints`, see
    /// ``ProviderEndpointsHost``). Without one, the subject declares no `apple` flow: a server cannot reach the
    /// check's providers.
    public var providerEndpoints: (any ProviderEndpointsHost)? = nil
    /// Whether the server takes that pointing call; nil until the preflight asks (the call for the project's GitHub,
    /// pointing it at nobody, answered with success), and taken at its word until then. A server that refuses it (the
    /// Auth Emulator does not implement `defaultSupportedIdpConfigs`) is judged without the `apple` and `oauth` flows,
    /// not refused every check.
    public var takesProviderEndpoints: Bool?

    /// Whether the server is pointed at the check's providers: a host serves them and the server takes the call.
    var pointsAtCheckProviders: Bool { providerEndpoints != nil && takesProviderEndpoints != false }
    /// The connections to an `http://` server, shared by every backend of the subject.
    private let connections = HTTP1Client()

    /// Where the keys of the server's ID tokens are found.
    public enum KeySet: Sendable, Hashable {
        /// The set the server publishes under its own root at ``IdentityToolkitConfiguration/publishedKeysPath``
        /// (Google's path in the emulator's layout, where `conformance serve` publishes its RS256 key), when it answers
        /// one there; Google's (``IdentityToolkitConfiguration/firebasePublishedKeys``) for a server that has none
        /// there (the Auth Emulator answers 404: its tokens are unsigned, and refused before any key is needed).
        case fromServer
        /// The set at this URL, e.g. on another host than the server's.
        case at(URL)
        /// None: the server's own `accounts:lookup` is the only check of a token's signature.
        case notPublished
    }

    /// Every flow the HTTP subject can judge a server on.
    public static let judgedFlows: Set<Flow> = [.password, .phone, .multiFactor, .emailLink]

    /// Where Google publishes the keys of Firebase ID tokens.
    public static let firebasePublishedKeys = URL(
        string: "https://www.googleapis.com/service_accounts/v1/jwk/securetoken@system.gserviceaccount.com")!

    /// The path of Google's key set below a server's root, in the emulator's layout (the host as the first segment).
    public static let publishedKeysPath =
        "/www.googleapis.com/service_accounts/v1/jwk/securetoken@system.gserviceaccount.com"

    public init(
        baseURL: URL, projectID: String, apiKey: String = "fake-api-key", isolation: Isolation = .oneCheckAtATime,
        newProject: @escaping @Sendable (String) -> String = { _ in "fake-api-key" },
        makeSessionConfiguration: (@Sendable () -> URLSessionConfiguration)? = nil,
        outboxReader: any OutboxReader = EmulatorTestHooks(), accountReset: (any AccountReset)? = EmulatorTestHooks(),
        publishedKeys: KeySet = .fromServer, name: String? = nil
    ) {
        self.publishedKeys = publishedKeys
        self.baseURL = baseURL
        self.projectID = projectID
        self.apiKey = apiKey
        self.isolation = isolation
        self.newProject = newProject
        self.makeSessionConfiguration = makeSessionConfiguration
        self.outboxReader = outboxReader
        self.accountReset = accountReset
        self.name = name ?? "Identity Toolkit at \(baseURL.absoluteString) (project \(projectID))"
    }

    /// The Firebase Auth Emulator (`firebase emulators:start --only auth`), at its default address. Its tokens are
    /// unsigned, so they are refused before any key is fetched (it publishes none: Google's would be asked).
    public static func emulator(
        baseURL: URL = URL(string: "http://127.0.0.1:9099")!, projectID: String = "demo-conformance",
        apiKey: String = "fake-api-key"
    ) -> IdentityToolkitConfiguration {
        IdentityToolkitConfiguration(baseURL: baseURL, projectID: projectID, apiKey: apiKey)
    }
}

extension IdentityToolkitConfiguration {
    /// Where the subject's requests go (``SubjectTransport``): through the shared HTTP/1.1 connections, or sessions of
    /// ``makeSessionConfiguration`` when it is set.
    func makeTransport() -> SubjectTransport {
        let inProcess = answersInProcess.map { (host: baseURL.host?.lowercased() ?? "", answer: $0) }
        guard let makeSessionConfiguration else {
            return SubjectTransport(
                client: connections, inProcess: inProcess, makeSession: { Self.session(.ephemeral) })
        }
        return SubjectTransport(
            client: nil, inProcess: inProcess, sessionPerRequest: true,
            makeSession: { Self.session(makeSessionConfiguration()) })
    }

    /// A session with neither cookies nor a response cache: the Identity Toolkit REST API sets no cookie and its
    /// answers are never cached (every call is a POST, or a GET the server must answer afresh). On Linux,
    /// FoundationNetworking reads every header line of every answer for cookies and looks up every request in its
    /// cache, which was a tenth of the client's time over HTTP.
    private static func session(_ configuration: URLSessionConfiguration) -> URLSession {
        configuration.httpCookieAcceptPolicy = .never
        configuration.httpShouldSetCookies = false
        configuration.urlCache = nil
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        return URLSession(configuration: configuration)
    }
}
