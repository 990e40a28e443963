import Foundation

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

    // MARK: Email and password, anonymous

    /// `Auth.createUser(withEmail:password:)`: creates the user and signs it in.
    func createUser(withEmail email: String, password: String) async throws -> AuthDataResult
    /// `User.sendEmailVerification()`: mails the current user a verification link (`mode=verifyEmail&oobCode=…`).
    func sendEmailVerification() async throws
    /// `Auth.applyActionCode(_:)`: applies the `oobCode` of a verification link.
    func applyActionCode(_ code: String) async throws
    /// `User.reload()`: refreshes the current user from the backend (after its email was verified elsewhere).
    func reload() async throws
    /// `Auth.signInAnonymously()`.
    func signInAnonymously() async throws -> AuthDataResult
    /// `User.reauthenticate(with:)`: proves again who the current user is; `userMismatch` for another user.
    func reauthenticate(with credential: AuthCredential) async throws -> AuthDataResult

    // MARK: Multi-factor

    /// `user.multiFactor.session()`: a session for enrolling a second factor for the current user.
    func multiFactorSession() async throws -> MultiFactorSession
    /// `PhoneAuthProvider.verifyPhoneNumber(_:uiDelegate:multiFactorSession:)`: sends the enrollment SMS.
    func verifyPhoneNumber(_ phoneNumber: String, multiFactorSession: MultiFactorSession) async throws -> String
    /// `PhoneAuthProvider.verifyPhoneNumber(with:uiDelegate:multiFactorSession:)`: sends the sign-in SMS to a hint's number.
    func verifyPhoneNumber(with hint: MultiFactorInfo, multiFactorSession: MultiFactorSession) async throws -> String
    /// `user.multiFactor.enroll(with:displayName:)`.
    func enroll(with assertion: MultiFactorAssertion, displayName: String?) async throws
    /// `user.multiFactor.unenroll(withFactorUID:)`.
    func unenroll(factorUID: String) async throws
}
