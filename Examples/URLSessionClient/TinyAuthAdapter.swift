import ConformanceKit
import Foundation
import IdentityToolkitSubject

// The adapter, public API only: with its command (URLSessionClientCommand), all a vendor writes to judge TinyAuth.

/// TinyAuth: password, email link and phone; the world's clock, and its network in one line; storage of its own.
public let tinyAuthFactory = IdentityToolkitClientFactory(
    flows: [.password, .emailLink, .phone], sendsRequestsThroughWorldNetwork: true, runsOnWorldClock: true
) { context in
    TinyAuthClient(
        TinyAuth(
            baseURL: context.baseURL, apiKey: context.apiKey, tenantID: context.tenantID,
            configuration: context.sessionConfigurationThroughWorldNetwork(), clock: { context.world.clock.date }))
}

/// One app instance of TinyAuth, as the suite's client.
public actor TinyAuthClient: AuthClient, EmailPasswordFacet, EmailLinkFacet, PhoneAuthFacet {
    let sdk: TinyAuth
    private var listeners = AuthStateListeners()

    init(_ sdk: TinyAuth) { self.sdk = sdk }

    private func changed() { listeners.notify(currentUser) }

    public var currentUser: AuthUser? { sdk.currentSession.map { AuthUser(firebaseUser: $0.user) } }

    public func getIDToken(forceRefresh: Bool) async throws(AuthError) -> String {
        let before = sdk.currentSession?.idToken
        defer { if forceRefresh || sdk.currentSession?.idToken != before { changed() } }
        return try await AuthError.bridging { sdk.idToken(forcingRefresh: forceRefresh, completion: $0) }
    }

    public func signOut() async throws(AuthError) {
        sdk.signOut()
        changed()
    }

    public func addIDTokenDidChangeListener(
        _ listener: @escaping @Sendable (AuthUser?) -> Void
    ) async -> ListenerRegistration { listeners.add(listener, current: currentUser) }

    public func removeIDTokenDidChangeListener(_ registration: ListenerRegistration) async {
        listeners.remove(registration)
    }

    public func setLanguageCode(_ languageCode: String?) async {}

    public func signIn(with credential: AuthCredential) async throws(AuthError) -> AuthDataResult {
        let user: TinyUser
        switch credential {
        case .password(let email, let password):
            user = try await AuthError.bridging { sdk.signIn(email: email, password: password, completion: $0) }
        case .phone(let verificationID, let code):
            user = try await AuthError.bridging {
                sdk.signIn(verificationID: verificationID, code: code, completion: $0)
            }
        case .emailLink(let email, let link):
            user = try await AuthError.bridging { sdk.signIn(email: email, link: link, completion: $0) }
        default: throw AuthError(.operationNotAllowed, "TinyAuth signs in with a password, an email link or a phone")
        }
        return signedIn(user, credential.providerID)
    }

    private func signedIn(_ user: TinyUser, _ providerID: String) -> AuthDataResult {
        changed()
        return AuthDataResult(firebaseUser: user, providerID: providerID, isNewUser: user.isNewUser)
    }

    public func link(with credential: AuthCredential) async throws(AuthError) -> AuthDataResult {
        guard case .emailLink(let email, let link) = credential else {
            throw AuthError(.operationNotAllowed, "TinyAuth links email-link credentials only")
        }
        let user = try await AuthError.bridging { sdk.link(email: email, link: link, completion: $0) }
        return signedIn(user, credential.providerID)
    }

    public func reauthenticate(with credential: AuthCredential) async throws(AuthError) -> AuthDataResult {
        guard case .emailLink(let email, let link) = credential else {
            throw AuthError(.operationNotAllowed, "TinyAuth re-authenticates with email links only")
        }
        let user = try await AuthError.bridging { sdk.reauthenticate(email: email, link: link, completion: $0) }
        return signedIn(user, credential.providerID)
    }

    public func delete() async throws(AuthError) {
        try await AuthError.bridging { sdk.deleteUser(completion: $0) }
        changed()
    }

    public func canHandleNotification(_ userInfo: [String: String]) async -> Bool { false }
    public func canHandle(_ url: URL) async -> Bool { false }
    public nonisolated var phone: (any PhoneAuthFacet)? { self }
    public nonisolated var emailPassword: (any EmailPasswordFacet)? { self }
    public nonisolated var emailLink: (any EmailLinkFacet)? { self }

    public func verifyPhoneNumber(_ phoneNumber: String) async throws(AuthError) -> String {
        try await AuthError.bridging { sdk.sendVerificationCode(toPhoneNumber: phoneNumber, completion: $0) }
    }

    public func setAppVerificationDisabledForTesting(_ disabled: Bool) async {}

    public func createUser(withEmail email: String, password: String) async throws(AuthError) -> AuthDataResult {
        let user = try await AuthError.bridging { sdk.createUser(email: email, password: password, completion: $0) }
        return signedIn(user, ProviderID.password)
    }

    public func sendEmailVerification() async throws(AuthError) {
        try await AuthError.bridging { sdk.sendEmailVerification(completion: $0) }
    }

    public func applyActionCode(_ code: String) async throws(AuthError) {
        try await AuthError.bridging { sdk.applyActionCode(code, completion: $0) }
    }

    public func reload() async throws(AuthError) { try await AuthError.bridging { sdk.reload(completion: $0) } }

    public func sendSignInLink(toEmail email: String, actionCodeSettings: ActionCodeSettings) async throws(AuthError) {
        guard actionCodeSettings.handleCodeInApp else {
            throw AuthError(.operationNotAllowed, "a sign-in link must be completed in the app: handleCodeInApp")
        }
        try await AuthError.bridging {
            sdk.sendSignInLink(toEmail: email, settings: actionCodeSettings.requestFields, completion: $0)
        }
    }

    public func isSignIn(withEmailLink link: String) async -> Bool { sdk.isSignInLink(link) }

    public func signIn(withEmail email: String, link: String) async throws(AuthError) -> AuthDataResult {
        try await signIn(with: .emailLink(email: email, link: link))
    }

    public func fetchSignInMethods(forEmail email: String) async throws(AuthError) -> [String] {
        try await AuthError.bridging { sdk.fetchSignInMethods(forEmail: email, completion: $0) }
    }
}

extension TinyUser: FirebaseUserShape {
    public var isAnonymous: Bool { providerData.isEmpty && email == nil && phoneNumber == nil }
    public var linkedProviders: [any FirebaseUserInfoShape] { providerData }
    public var creationDate: Date? { createdAt }
    public var lastSignInDate: Date? { lastLoginAt }
}

extension TinyUser.Provider: FirebaseUserInfoShape {}
