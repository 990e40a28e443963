import Foundation

/// An ID-token listener registration (Firebase `IDTokenDidChangeListenerHandle`).
public struct ListenerRegistration: Sendable, Hashable {
    public let id: Int

    public init(id: Int) { self.id = id }
}

/// An app instance's view of authentication: the core of Firebase `Auth` and the current `User`, in async form.
///
/// Each flow's own calls live in a facet (``phone``, ``emailPassword``, ``anonymous``, ``multiFactor``) that
/// the core reaches as an optional property, nil unless the client offers that flow (and ``emailLink``), as swift-nio's
/// `Channel`
/// reaches its optional capabilities. A subject that declares a flow must offer its facets (``Flow/facets``);
/// the runner says so before any rule runs. Every failure is an ``AuthError``: the compiler enforces AUTH-1.
public protocol AuthClient: Sendable {
    // MARK: Session

    /// The signed-in user, or nil.
    var currentUser: AuthUser? { get async }
    /// The current user's ID token; `nullUser` when nobody is signed in.
    func getIDToken(forceRefresh: Bool) async throws(AuthError) -> String
    func signOut() async throws(AuthError)
    /// Registers a listener called with the current user once at registration and on every sign-in, sign-out
    /// and token change, now or later (Firebase calls it on the main queue).
    func addIDTokenDidChangeListener(_ listener: @escaping @Sendable (AuthUser?) -> Void) async -> ListenerRegistration
    func removeIDTokenDidChangeListener(_ registration: ListenerRegistration) async
    /// `Auth.languageCode`: the language of the texts and emails sent for this client (BCP-47, e.g. `fr`).
    func setLanguageCode(_ languageCode: String?) async

    // MARK: Credentials

    /// `Auth.signIn(with:)`.
    func signIn(with credential: AuthCredential) async throws(AuthError) -> AuthDataResult
    /// `User.link(with:)`: adds the credential's provider to the current user.
    func link(with credential: AuthCredential) async throws(AuthError) -> AuthDataResult
    /// `User.reauthenticate(with:)`: proves again who the current user is; `userMismatch` for another user.
    func reauthenticate(with credential: AuthCredential) async throws(AuthError) -> AuthDataResult
    /// `User.delete()`: deletes the current user and signs it out.
    func delete() async throws(AuthError)

    // MARK: What the app delegate forwards

    /// `Auth.canHandleNotification(_:)`: true only for a push the client is waiting for.
    func canHandleNotification(_ userInfo: [String: String]) async -> Bool
    /// `Auth.canHandle(_:)`: true only for a redirect the client is waiting for.
    func canHandle(_ url: URL) async -> Bool

    // MARK: Facets

    var phone: (any PhoneAuthFacet)? { get }
    var emailPassword: (any EmailPasswordFacet)? { get }
    var anonymous: (any AnonymousAuthFacet)? { get }
    var multiFactor: (any MultiFactorFacet)? { get }
    var emailLink: (any EmailLinkFacet)? { get }
    var oauth: (any OAuthFacet)? { get }
    var apple: (any AppleSignInFacet)? { get }
}

extension AuthClient {
    public var phone: (any PhoneAuthFacet)? { nil }
    public var emailPassword: (any EmailPasswordFacet)? { nil }
    public var anonymous: (any AnonymousAuthFacet)? { nil }
    public var multiFactor: (any MultiFactorFacet)? { nil }
    public var emailLink: (any EmailLinkFacet)? { nil }
    public var oauth: (any OAuthFacet)? { nil }
    public var apple: (any AppleSignInFacet)? { nil }
}
