import Foundation
import MockIdP

/// The implementation under test: makes a backend for a project in a given world, and says what it supports.
///
/// A backend must reach the outside world only through the world's parties (`world.sms`, `world.push`,
/// `world.recaptcha`, …), draw randomness it wants reproducible from `world.random`, and measure every
/// timeout and lifetime on `world.clock`: time in a check moves only on that clock.
public protocol ConformanceSubject: Sendable {
    /// A short name for reports.
    var name: String { get }
    var capabilities: Capabilities { get }
    /// Makes a backend serving `configuration`. Throws ``ConfigurationError`` for a configuration the
    /// product would refuse (PHONE-12).
    func makeBackend(configuration: ProjectConfiguration, world: World) async throws -> any AuthBackend
}

/// The project's server side: users, codes, sessions. It makes clients, app instances on devices.
public protocol AuthBackend: Sendable {
    /// Launches the app on `device`. A second client on the same device is the app restarted.
    func makeClient(on device: Device) async throws -> any AuthClient
    /// Verifies an ID token the project issued, as the Admin SDK's `verifyIdToken` does; throws `AuthError`
    /// (`invalidUserToken`, `userTokenExpired`) otherwise.
    func verifyIDToken(_ idToken: String) async throws -> IDTokenClaims
}

/// An ID-token listener registration (Firebase `IDTokenDidChangeListenerHandle`).
public struct ListenerRegistration: Sendable, Hashable {
    public let id: Int

    public init(id: Int) { self.id = id }
}

/// An app instance's view of authentication: Firebase `Auth` (and the current `User`'s operations) in async form.
/// Every failure is thrown as ``AuthError``.
public protocol AuthClient: Sendable {
    // MARK: Session

    /// The signed-in user, or nil.
    var currentUser: AuthUser? { get async }
    /// The current user's ID token; `nullUser` when nobody is signed in.
    func getIDToken(forceRefresh: Bool) async throws -> String
    func signOut() async throws
    /// Registers a listener called with the current user at once and on every sign-in, sign-out and token change.
    func addIDTokenDidChangeListener(_ listener: @escaping @Sendable (AuthUser?) -> Void) async -> ListenerRegistration
    func removeIDTokenDidChangeListener(_ registration: ListenerRegistration) async

    // MARK: Settings

    /// `Auth.languageCode`: the language of the texts sent for this client (BCP-47, e.g. `fr`).
    func setLanguageCode(_ languageCode: String?) async
    /// `AuthSettings.isAppVerificationDisabledForTesting`.
    func setAppVerificationDisabledForTesting(_ disabled: Bool) async

    // MARK: Credentials

    /// `Auth.signIn(with:)`.
    func signIn(with credential: AuthCredential) async throws -> AuthDataResult

    // MARK: Phone

    /// `PhoneAuthProvider.verifyPhoneNumber(_:uiDelegate:)`: verifies the app, sends the SMS, returns the verification ID.
    func verifyPhoneNumber(_ phoneNumber: String) async throws -> String
    /// `Auth.canHandleNotification(_:)`: true only for the project's own app-verification push.
    func canHandleNotification(_ userInfo: [String: String]) async -> Bool
    /// `Auth.canHandle(_:)`: true only for a redirect the client is waiting for.
    func canHandle(_ url: URL) async -> Bool

    // MARK: Email and password

    /// `Auth.createUser(withEmail:password:)`: creates the user and signs it in.
    func createUser(withEmail email: String, password: String) async throws -> AuthDataResult
}
