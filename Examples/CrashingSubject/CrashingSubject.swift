import ConformanceKit
import Foundation
import MockIdP
import ReferenceAuth

/// The reference with one bug of the kind that kills a process: `signOut()` resumes its continuation twice, as a
/// completion-handler bridge does when the handler is called twice. Every other call is the reference's.
public struct CrashingSubject: ConformanceSubject {
    private let base = ReferenceSubject()

    public init() {}

    public var name: String { "CrashingSubject" }
    public var capabilities: Capabilities { base.capabilities }

    public func makeBackend(
        configuration: ProjectConfiguration, world: World
    ) async throws(ConfigurationError) -> any AuthBackend {
        CrashingBackend(base: try await base.makeBackend(configuration: configuration, world: world))
    }
}

private struct CrashingBackend: AuthBackend {
    let base: any AuthBackend

    func makeClient(on device: Device) async throws(AuthError) -> any AuthClient {
        CrashingClient(base: try await base.makeClient(on: device))
    }

    func verifyIDToken(_ idToken: String) async throws(AuthError) -> IDTokenClaims {
        try await base.verifyIDToken(idToken)
    }
}

private struct CrashingClient: AuthClient {
    let base: any AuthClient

    func signOut() async throws(AuthError) {
        try await base.signOut()
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            continuation.resume()
            continuation.resume()  // the bug: a second call of the completion handler
        }
    }

    var currentUser: AuthUser? { get async { await base.currentUser } }
    func getIDToken(forceRefresh: Bool) async throws(AuthError) -> String {
        try await base.getIDToken(forceRefresh: forceRefresh)
    }
    func addIDTokenDidChangeListener(_ listener: @escaping @Sendable (AuthUser?) -> Void) async -> ListenerRegistration
    { await base.addIDTokenDidChangeListener(listener) }
    func removeIDTokenDidChangeListener(_ registration: ListenerRegistration) async {
        await base.removeIDTokenDidChangeListener(registration)
    }
    func setLanguageCode(_ languageCode: String?) async { await base.setLanguageCode(languageCode) }
    func signIn(with credential: AuthCredential) async throws(AuthError) -> AuthDataResult {
        try await base.signIn(with: credential)
    }
    func link(with credential: AuthCredential) async throws(AuthError) -> AuthDataResult {
        try await base.link(with: credential)
    }
    func reauthenticate(with credential: AuthCredential) async throws(AuthError) -> AuthDataResult {
        try await base.reauthenticate(with: credential)
    }
    func delete() async throws(AuthError) { try await base.delete() }
    func canHandleNotification(_ userInfo: [String: String]) async -> Bool {
        await base.canHandleNotification(userInfo)
    }
    func canHandle(_ url: URL) async -> Bool { await base.canHandle(url) }

    var phone: (any PhoneAuthFacet)? { base.phone }
    var emailPassword: (any EmailPasswordFacet)? { base.emailPassword }
    var anonymous: (any AnonymousAuthFacet)? { base.anonymous }
    var multiFactor: (any MultiFactorFacet)? { base.multiFactor }
    var emailLink: (any EmailLinkFacet)? { base.emailLink }
    var oauth: (any OAuthFacet)? { base.oauth }
    var apple: (any AppleSignInFacet)? { base.apple }
}
