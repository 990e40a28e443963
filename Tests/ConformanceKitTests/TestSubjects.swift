import ConformanceKit
import Foundation
import MockIdP
import Synchronization

/// Declares no flow: every rule is not applicable, the same way in every run, at once.
struct NoFlowSubject: ConformanceSubject {
    var name: String { "NoFlow" }
    var capabilities: Capabilities { Capabilities(flows: []) }

    func makeBackend(
        configuration: ProjectConfiguration, world: World
    ) async throws(ConfigurationError) -> any AuthBackend { throw .stub }
}

/// Declares phone sign-in and multi-factor but never makes a backend: every check fails, the same way in every run.
struct BrokenSubject: ConformanceSubject {
    var name: String { "Broken" }
    var capabilities: Capabilities { Capabilities(flows: [.phone, .multiFactor]) }

    func makeBackend(
        configuration: ProjectConfiguration, world: World
    ) async throws(ConfigurationError) -> any AuthBackend { throw .stub }
}

/// Refuses every other backend it is asked for (the first, the third, …), counting across all its copies:
/// a subject whose result depends on what ran before it.
struct AlternatingSubject: ConformanceSubject {
    let calls = Counter()
    var name: String { "Alternating" }
    var capabilities: Capabilities { Capabilities(flows: []) }

    func makeBackend(
        configuration: ProjectConfiguration, world: World
    ) async throws(ConfigurationError) -> any AuthBackend {
        guard calls.next().isMultiple(of: 2) else { throw .stub }
        return StubBackend()
    }
}

/// Makes a backend every time: the consistent twin of ``AlternatingSubject``.
struct SteadySubject: ConformanceSubject {
    var name: String { "Steady" }
    var capabilities: Capabilities { Capabilities(flows: []) }

    func makeBackend(
        configuration: ProjectConfiguration, world: World
    ) async throws(ConfigurationError) -> any AuthBackend { StubBackend() }
}

/// Declares no flow the first time it is asked, multi-factor after that; its client offers only the
/// `anonymous` facet. The first to ask is one run's adapter preflight: that run sees no facet offered, so its
/// one check that needs the `anonymous` facet is not applicable, while every other run reports it as an adapter
/// error (the multi-factor facets are missing); every other check fails the same way in every run, whatever
/// the scheduling.
struct FirstAskedSubject: ConformanceSubject {
    let asked = Counter()
    var name: String { "FirstAsked" }

    var capabilities: Capabilities { Capabilities(flows: asked.next() == 1 ? [] : [.multiFactor]) }

    func makeBackend(
        configuration: ProjectConfiguration, world: World
    ) async throws(ConfigurationError) -> any AuthBackend { StubBackend(client: StubClient(offersAnonymous: true)) }
}

/// A rule whose one check only asks the subject for a backend.
let backendRule = Rule(
    "TEST-1", .must, flow: .general, title: "A backend is made", statement: "The subject makes a backend.", sources: [],
    hint: "if this fails, check that the subject makes a backend",
    checks: [Check("a backend comes") { context in _ = try await context.makeBackend() }])

final class Counter: Sendable {
    private let count = Mutex(0)

    /// 1 the first time, then 2, 3, …
    func next() -> Int {
        count.withLock {
            $0 += 1
            return $0
        }
    }
}

extension ConfigurationError {
    static let stub = ConfigurationError.invalidValue(
        field: "test", value: "", expected: "nothing: this subject refuses on purpose")
}

struct StubBackend: AuthBackend {
    var client: StubClient?

    func makeClient(on device: Device) async throws(AuthError) -> any AuthClient {
        guard let client else { throw AuthError(.internalError, "a stub") }
        return client
    }

    func verifyIDToken(_ idToken: String) async throws(AuthError) -> IDTokenClaims {
        throw AuthError(.invalidUserToken, "a stub")
    }
}

/// The core that refuses everything, and optionally an `anonymous` facet that does too.
struct StubClient: AuthClient, AnonymousAuthFacet {
    var offersAnonymous = false

    var anonymous: (any AnonymousAuthFacet)? { offersAnonymous ? self : nil }
    var currentUser: AuthUser? { get async { nil } }
    func getIDToken(forceRefresh: Bool) async throws(AuthError) -> String {
        throw AuthError(.nullUser, "nobody is signed in")
    }
    func signOut() async throws(AuthError) {}
    func addIDTokenDidChangeListener(_ listener: @escaping @Sendable (AuthUser?) -> Void) async -> ListenerRegistration
    {
        listener(nil)
        return ListenerRegistration(id: 1)
    }
    func removeIDTokenDidChangeListener(_ registration: ListenerRegistration) async {}
    func setLanguageCode(_ languageCode: String?) async {}
    func signIn(with credential: AuthCredential) async throws(AuthError) -> AuthDataResult { throw Self.refused }
    func link(with credential: AuthCredential) async throws(AuthError) -> AuthDataResult { throw Self.refused }
    func reauthenticate(with credential: AuthCredential) async throws(AuthError) -> AuthDataResult {
        throw Self.refused
    }
    func delete() async throws(AuthError) { throw AuthError(.nullUser, "nobody is signed in") }
    func canHandleNotification(_ userInfo: [String: String]) async -> Bool { false }
    func canHandle(_ url: URL) async -> Bool { false }
    func signInAnonymously() async throws(AuthError) -> AuthDataResult { throw Self.refused }

    private static let refused = AuthError(.operationNotAllowed, "a stub refuses")
}
