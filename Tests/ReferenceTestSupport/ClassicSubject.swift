import ConformanceKit
import Foundation
import MockIdP

/// ``ClassicAuth`` and ``ClassicBackend`` as a subject, through the public boundary only: phone sign-in, its work on
/// its own queues (``SubjectConcurrency/unstructured``), its user in the world's keychain, and its calls to its backend
/// made directly or through the world's network, as `transport` says and the capabilities declare.
package struct ClassicSubject: ConformanceSubject {
    package let transport: ClassicTransport
    package let bugs: ClassicBugs

    package init(_ transport: ClassicTransport, bugs: ClassicBugs = []) {
        self.transport = transport
        self.bugs = bugs
    }

    package var name: String { "Classic (\(transport.rawValue))" }

    package var capabilities: Capabilities {
        var capabilities = Capabilities(flows: [.phone])
        capabilities.concurrency = .unstructured
        capabilities.sendsRequestsThroughWorldNetwork = transport == .worldNetwork
        return capabilities
    }

    package func makeBackend(
        configuration: ProjectConfiguration, world: World
    ) async throws(ConfigurationError) -> any AuthBackend {
        ClassicBackendAdapter(
            backend: ClassicBackend(world: world, codeLifetime: configuration.phone.codeLifetime, bugs: bugs),
            transport: transport, bugs: bugs)
    }
}

private struct ClassicBackendAdapter: AuthBackend {
    let backend: ClassicBackend
    let transport: ClassicTransport
    let bugs: ClassicBugs

    func makeClient(on device: Device) async throws(AuthError) -> any AuthClient {
        ClassicClient(sdk: ClassicAuth(backend: backend, device: device, transport: transport, bugs: bugs))
    }

    func verifyIDToken(_ idToken: String) async throws(AuthError) -> IDTokenClaims {
        guard let claims = backend.claims(of: idToken) else { throw AuthError(.invalidUserToken) }
        return IDTokenClaims(
            uid: claims.uid, signInProvider: ProviderID.phone, phoneNumber: claims.phoneNumber,
            issuedAt: claims.issuedAt, expiresAt: claims.issuedAt.addingTimeInterval(3600))
    }
}

private struct ClassicClient: AuthClient, PhoneAuthFacet {
    let sdk: ClassicAuth

    var currentUser: AuthUser? { get async { sdk.currentUser.map { AuthUser($0) } } }

    func getIDToken(forceRefresh: Bool) async throws(AuthError) -> String {
        try await AuthError.bridging { sdk.idToken(forcingRefresh: forceRefresh, completion: $0) }
    }

    func signOut() async throws(AuthError) { sdk.signOut() }

    func addIDTokenDidChangeListener(_ listener: @escaping @Sendable (AuthUser?) -> Void) async -> ListenerRegistration
    { ListenerRegistration(id: sdk.addListener { user in listener(user.map { AuthUser($0) }) }) }

    func removeIDTokenDidChangeListener(_ registration: ListenerRegistration) async {
        sdk.removeListener(registration.id)
    }

    func setLanguageCode(_ languageCode: String?) async {}

    func signIn(with credential: AuthCredential) async throws(AuthError) -> AuthDataResult {
        guard case .phone(let verificationID, let code) = credential else {
            throw AuthError(.operationNotAllowed, "Classic signs in with phone credentials only")
        }
        let user = try await AuthError.bridging {
            sdk.signIn(verificationID: verificationID, code: code, completion: $0)
        }
        return AuthDataResult(
            user: AuthUser(user),
            additionalUserInfo: AdditionalUserInfo(providerID: ProviderID.phone, isNewUser: false),
            credential: credential)
    }

    func link(with credential: AuthCredential) async throws(AuthError) -> AuthDataResult {
        throw AuthError(.operationNotAllowed, "Classic does not link")
    }

    func reauthenticate(with credential: AuthCredential) async throws(AuthError) -> AuthDataResult {
        throw AuthError(.operationNotAllowed, "Classic does not re-authenticate")
    }

    func delete() async throws(AuthError) { throw AuthError(.operationNotAllowed, "Classic does not delete users") }

    func canHandleNotification(_ userInfo: [String: String]) async -> Bool { false }
    func canHandle(_ url: URL) async -> Bool { false }
    var phone: (any PhoneAuthFacet)? { self }

    func verifyPhoneNumber(_ phoneNumber: String) async throws(AuthError) -> String {
        try await AuthError.bridging { sdk.verifyPhoneNumber(phoneNumber, completion: $0) }
    }

    func setAppVerificationDisabledForTesting(_ disabled: Bool) async {}
}

extension AuthUser {
    fileprivate init(_ user: ClassicAuth.User) {
        self.init(
            uid: user.uid, phoneNumber: user.phoneNumber,
            providerData: [
                UserInfo(providerID: ProviderID.phone, uid: user.phoneNumber, phoneNumber: user.phoneNumber)
            ], metadata: UserMetadata(creationDate: user.createdAt, lastSignInDate: user.signedInAt))
    }
}
