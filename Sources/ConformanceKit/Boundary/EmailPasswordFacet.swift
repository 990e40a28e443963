/// Email and password accounts (Firebase `Auth.createUser`, `User.sendEmailVerification`, action codes).
/// Signing in with a password goes through the core, with ``AuthCredential/password(email:password:)``.
public protocol EmailPasswordFacet: Sendable {
    /// `Auth.createUser(withEmail:password:)`: creates the user and signs it in.
    func createUser(withEmail email: String, password: String) async throws(AuthError) -> AuthDataResult
    /// `User.sendEmailVerification()`: mails the current user a verification link (`mode=verifyEmail&oobCode=…`).
    func sendEmailVerification() async throws(AuthError)
    /// `Auth.applyActionCode(_:)`: applies the `oobCode` of a verification link.
    func applyActionCode(_ code: String) async throws(AuthError)
    /// `User.reload()`: refreshes the current user from the backend (after its email was verified elsewhere).
    func reload() async throws(AuthError)
}
