import ConformanceKit
import Foundation
import MockIdP
import Synchronization

/// Declares no flow: every rule is not applicable, the same way in every run, at once.
package struct NoFlowSubject: ConformanceSubject {
    package init() {}
    package var name: String { "NoFlow" }
    package var capabilities: Capabilities { Capabilities(flows: []) }

    package func makeBackend(
        configuration: ProjectConfiguration, world: World
    ) async throws(ConfigurationError) -> any AuthBackend { throw .stub }
}

/// Declares phone sign-in and multi-factor but never makes a backend: every check fails, the same way in every run.
package struct BrokenSubject: ConformanceSubject {
    package init() {}
    package var name: String { "Broken" }
    package var capabilities: Capabilities { Capabilities(flows: [.phone, .multiFactor]) }

    package func makeBackend(
        configuration: ProjectConfiguration, world: World
    ) async throws(ConfigurationError) -> any AuthBackend { throw .stub }
}

/// Refuses every other backend it is asked for (the first, the third, …), counting across all its copies:
/// a subject whose result depends on what ran before it.
package struct AlternatingSubject: ConformanceSubject {
    let calls = Counter()
    package init() {}
    package var name: String { "Alternating" }
    package var capabilities: Capabilities { Capabilities(flows: []) }

    package func makeBackend(
        configuration: ProjectConfiguration, world: World
    ) async throws(ConfigurationError) -> any AuthBackend {
        guard calls.next().isMultiple(of: 2) else { throw .stub }
        return StubBackend()
    }
}

/// Makes a backend every time: the consistent twin of ``AlternatingSubject``.
package struct SteadySubject: ConformanceSubject {
    package init() {}
    package var name: String { "Steady" }
    package var capabilities: Capabilities { Capabilities(flows: []) }

    package func makeBackend(
        configuration: ProjectConfiguration, world: World
    ) async throws(ConfigurationError) -> any AuthBackend { StubBackend() }
}

/// Declares no flow the first time it is asked, multi-factor after that; its client offers only the
/// `anonymous` facet. The first to ask is one run's adapter preflight: that run sees no facet offered, so its
/// one check that needs the `anonymous` facet is not applicable, while every other run reports it as an adapter
/// error (the multi-factor facets are missing); every other check fails the same way in every run, whatever
/// the scheduling.
package struct FirstAskedSubject: ConformanceSubject {
    let asked = Counter()
    package init() {}
    package var name: String { "FirstAsked" }

    package var capabilities: Capabilities { Capabilities(flows: asked.next() == 1 ? [] : [.multiFactor]) }

    package func makeBackend(
        configuration: ProjectConfiguration, world: World
    ) async throws(ConfigurationError) -> any AuthBackend { StubBackend(client: StubClient(offersAnonymous: true)) }
}

/// A rule whose one check only asks the subject for a backend.
package let backendRule = Rule(
    "TEST-1", .must, flow: .general, title: "A backend is made", statement: "The subject makes a backend.", sources: [],
    hint: "if this fails, check that the subject makes a backend",
    checks: [Check(id: "backend-comes", "a backend comes") { context in _ = try await context.makeBackend() }])

package final class Counter: Sendable {
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
    package static let stub = ConfigurationError.invalidValue(
        field: "test", value: "", expected: "nothing: this subject refuses on purpose")
}

package struct StubBackend: AuthBackend {
    var client: StubClient?
    package init(client: StubClient? = nil) { self.client = client }

    package func makeClient(on device: Device) async throws(AuthError) -> any AuthClient {
        guard let client else { throw AuthError(.internalError, "a stub") }
        return client
    }

    package func verifyIDToken(_ idToken: String) async throws(AuthError) -> IDTokenClaims {
        throw AuthError(.invalidUserToken, "a stub")
    }
}

/// The core that refuses everything, and optionally an `anonymous` facet that does too.
package struct StubClient: AuthClient, AnonymousAuthFacet {
    var offersAnonymous = false
    package init(offersAnonymous: Bool = false) { self.offersAnonymous = offersAnonymous }

    package var anonymous: (any AnonymousAuthFacet)? { offersAnonymous ? self : nil }
    package var currentUser: AuthUser? { get async { nil } }
    package func getIDToken(forceRefresh: Bool) async throws(AuthError) -> String {
        throw AuthError(.nullUser, "nobody is signed in")
    }
    package func signOut() async throws(AuthError) {}
    package func addIDTokenDidChangeListener(
        _ listener: @escaping @Sendable (AuthUser?) -> Void
    ) async -> ListenerRegistration {
        listener(nil)
        return ListenerRegistration(id: 1)
    }
    package func removeIDTokenDidChangeListener(_ registration: ListenerRegistration) async {}
    package func setLanguageCode(_ languageCode: String?) async {}
    package func signIn(with credential: AuthCredential) async throws(AuthError) -> AuthDataResult {
        throw Self.refused
    }
    package func link(with credential: AuthCredential) async throws(AuthError) -> AuthDataResult { throw Self.refused }
    package func reauthenticate(with credential: AuthCredential) async throws(AuthError) -> AuthDataResult {
        throw Self.refused
    }
    package func delete() async throws(AuthError) { throw AuthError(.nullUser, "nobody is signed in") }
    package func canHandleNotification(_ userInfo: [String: String]) async -> Bool { false }
    package func canHandle(_ url: URL) async -> Bool { false }
    package func signInAnonymously() async throws(AuthError) -> AuthDataResult { throw Self.refused }

    private static let refused = AuthError(.operationNotAllowed, "a stub refuses")
}
