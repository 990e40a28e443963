import ConformanceKit
import Foundation
import IdentityToolkitSubject

// The adapter: TinyAuth as the suite's `AuthClient`, through the public API only. Everything below is what a
// vendor writes to judge its own SDK against `conformance serve`: the factory, the bridge from completion handlers,
// the mapping of errors and users (the suite's helpers), the listeners the suite asks for.

/// TinyAuth in front of an Identity Toolkit server: password, email-link and phone sign-in. It keeps its own
/// storage and sends through its own URLSession, and declares so: the checks that relaunch the app or hold a request
/// in flight are not applicable, saying why.
public let tinyAuthFactory = IdentityToolkitClientFactory(flows: [.password, .emailLink, .phone]) { context in
    TinyAuthClient(
        TinyAuth(
            baseURL: context.baseURL, apiKey: context.apiKey, tenantID: context.tenantID,
            configuration: context.makeSessionConfiguration()))
}

/// One app instance of TinyAuth, as the suite's client.
public actor TinyAuthClient: AuthClient, EmailPasswordFacet, EmailLinkFacet, PhoneAuthFacet {
    let sdk: TinyAuth
    private var listeners: [Int: @Sendable (AuthUser?) -> Void] = [:]

    init(_ sdk: TinyAuth) { self.sdk = sdk }

    /// A completion-handler call as an async one, its `NSError` mapped by Firebase code.
    private func bridge<T: Sendable>(
        _ call: (@escaping @Sendable (Result<T, NSError>) -> Void) -> Void
    ) async throws(AuthError) -> T {
        let result = await withCheckedContinuation { continuation in call { continuation.resume(returning: $0) } }
        return try result.mapError { AuthError(firebaseError: $0) }.get()
    }

    private func bridge(_ call: (@escaping @Sendable (NSError?) -> Void) -> Void) async throws(AuthError) {
        _ = try await bridge { (done: @escaping @Sendable (Result<Bool, NSError>) -> Void) in
            call { error in done(error.map { .failure($0) } ?? .success(true)) }
        }
    }

    private func changed() {
        let user = currentUserNow
        for (_, listener) in listeners.sorted(by: { $0.key < $1.key }) { listener(user) }
    }

    private var currentUserNow: AuthUser? { sdk.currentSession.map { AuthUser(firebaseUser: $0.user) } }
    public var currentUser: AuthUser? { currentUserNow }

    public func getIDToken(forceRefresh: Bool) async throws(AuthError) -> String {
        let before = sdk.currentSession?.idToken
        defer { if forceRefresh || sdk.currentSession?.idToken != before { changed() } }
        return try await bridge { sdk.idToken(forcingRefresh: forceRefresh, completion: $0) }
    }

    public func signOut() async throws(AuthError) {
        sdk.signOut()
        changed()
    }

    public func addIDTokenDidChangeListener(
        _ listener: @escaping @Sendable (AuthUser?) -> Void
    ) async -> ListenerRegistration {
        let id = (listeners.keys.max() ?? 0) + 1
        listeners[id] = listener
        listener(currentUserNow)
        return ListenerRegistration(id: id)
    }

    public func removeIDTokenDidChangeListener(_ registration: ListenerRegistration) async {
        listeners[registration.id] = nil
    }

    public func setLanguageCode(_ languageCode: String?) async {}

    public func signIn(with credential: AuthCredential) async throws(AuthError) -> AuthDataResult {
        let user: TinyUser
        switch credential {
        case .password(let email, let password):
            user = try await bridge { sdk.signIn(email: email, password: password, completion: $0) }
        case .phone(let verificationID, let code):
            user = try await bridge { sdk.signIn(verificationID: verificationID, code: code, completion: $0) }
        case .emailLink(let email, let link):
            user = try await bridge { sdk.signIn(email: email, link: link, completion: $0) }
        default: throw AuthError(.operationNotAllowed, "TinyAuth signs in with a password, an email link or a phone")
        }
        changed()
        return result(user, credential.providerID)
    }

    private func result(_ user: TinyUser, _ providerID: String) -> AuthDataResult {
        AuthDataResult(
            user: AuthUser(firebaseUser: user),
            additionalUserInfo: AdditionalUserInfo(providerID: providerID, isNewUser: user.isNewUser))
    }

    public func link(with credential: AuthCredential) async throws(AuthError) -> AuthDataResult {
        guard case .emailLink(let email, let link) = credential else {
            throw AuthError(.operationNotAllowed, "TinyAuth links email-link credentials only")
        }
        let user = try await bridge { sdk.link(email: email, link: link, completion: $0) }
        changed()
        return result(user, credential.providerID)
    }

    public func reauthenticate(with credential: AuthCredential) async throws(AuthError) -> AuthDataResult {
        guard case .emailLink(let email, let link) = credential else {
            throw AuthError(.operationNotAllowed, "TinyAuth re-authenticates with email links only")
        }
        let user = try await bridge { sdk.reauthenticate(email: email, link: link, completion: $0) }
        changed()
        return result(user, credential.providerID)
    }

    public func delete() async throws(AuthError) {
        try await bridge { sdk.deleteUser(completion: $0) }
        changed()
    }

    public func canHandleNotification(_ userInfo: [String: String]) async -> Bool { false }
    public func canHandle(_ url: URL) async -> Bool { false }

    public nonisolated var phone: (any PhoneAuthFacet)? { self }
    public nonisolated var emailPassword: (any EmailPasswordFacet)? { self }
    public nonisolated var emailLink: (any EmailLinkFacet)? { self }

    public func verifyPhoneNumber(_ phoneNumber: String) async throws(AuthError) -> String {
        try await bridge { sdk.sendVerificationCode(toPhoneNumber: phoneNumber, completion: $0) }
    }

    public func setAppVerificationDisabledForTesting(_ disabled: Bool) async {}

    public func createUser(withEmail email: String, password: String) async throws(AuthError) -> AuthDataResult {
        let user = try await bridge { sdk.createUser(email: email, password: password, completion: $0) }
        changed()
        return result(user, ProviderID.password)
    }

    public func sendEmailVerification() async throws(AuthError) {
        try await bridge { sdk.sendEmailVerification(completion: $0) }
    }

    public func applyActionCode(_ code: String) async throws(AuthError) {
        try await bridge { sdk.applyActionCode(code, completion: $0) }
    }

    public func reload() async throws(AuthError) { try await bridge { sdk.reload(completion: $0) } }

    public func sendSignInLink(toEmail email: String, actionCodeSettings: ActionCodeSettings) async throws(AuthError) {
        guard actionCodeSettings.handleCodeInApp else {
            throw AuthError(.operationNotAllowed, "a sign-in link must be completed in the app: handleCodeInApp")
        }
        let settings: [String: Any?] = [
            "continueUrl": actionCodeSettings.url, "iOSBundleId": actionCodeSettings.iOSBundleID,
            "androidPackageName": actionCodeSettings.androidPackageName,
            "androidInstallApp": actionCodeSettings.androidInstallIfNotAvailable ? true : nil,
            "androidMinimumVersion": actionCodeSettings.androidMinimumVersion,
            "linkDomain": actionCodeSettings.linkDomain,
        ]
        try await bridge {
            sdk.sendSignInLink(toEmail: email, settings: settings.compactMapValues { $0 }, completion: $0)
        }
    }

    public func isSignIn(withEmailLink link: String) async -> Bool { sdk.isSignInLink(link) }

    public func signIn(withEmail email: String, link: String) async throws(AuthError) -> AuthDataResult {
        try await signIn(with: .emailLink(email: email, link: link))
    }

    public func fetchSignInMethods(forEmail email: String) async throws(AuthError) -> [String] {
        try await bridge { sdk.fetchSignInMethods(forEmail: email, completion: $0) }
    }
}

extension TinyUser: FirebaseUserShape {
    public var isAnonymous: Bool { providerData.isEmpty && email == nil && phoneNumber == nil }
    public var linkedProviders: [any FirebaseUserInfoShape] { providerData }
    public var creationDate: Date? { createdAt }
    public var lastSignInDate: Date? { lastLoginAt }
}

extension TinyUser.Provider: FirebaseUserInfoShape {}
