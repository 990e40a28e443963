/// The backend's own door: the account calls an app's SDK makes over the wire with a raw ID token or refresh token
/// (`accounts:signInWithPassword`, `accounts:lookup`, `accounts:update`, `mfaEnrollment:*`, `mfaSignIn:finalize`,
/// `securetoken.googleapis.com/v1/token`). A check presents tokens to it that no client would send, forged or
/// ended ones (AUTH-4, AUTH-7, MFA-11); nil on a backend that does not offer it, as swift-nio's `Channel` reaches
/// its optional capabilities.
public protocol AccountsFacet: Sendable {
    /// `accounts:signInWithPassword`: the raw tokens of a new session (no second factor enrolled).
    func signIn(email: String, password: String) async throws(AuthError) -> SessionCredentials
    /// `accounts:lookup`: the account the ID token stands for.
    func lookUp(idToken: String) async throws(AuthError) -> AuthUser
    /// `accounts:update` with `password`: the caller's session goes on with the tokens returned.
    func updatePassword(idToken: String, newPassword: String) async throws(AuthError) -> SessionCredentials
    /// `accounts:update` with `email`.
    func updateEmail(idToken: String, newEmail: String) async throws(AuthError) -> SessionCredentials
    /// `mfaEnrollment:start`: texts `phoneNumber` a code for the token's user; returns the verification ID.
    func startEnrollment(idToken: String, phoneNumber: String) async throws(AuthError) -> String
    /// `mfaEnrollment:finalize`.
    func finalizeEnrollment(
        idToken: String, assertion: MultiFactorAssertion, displayName: String?
    ) async throws(AuthError) -> SessionCredentials
    /// `mfaEnrollment:withdraw`.
    func withdrawEnrollment(idToken: String, factorUID: String) async throws(AuthError) -> SessionCredentials
    /// `mfaSignIn:finalize`: completes the pending sign-in a `secondFactorRequired` answer named (its session's raw
    /// value).
    func finalizeSecondFactor(
        pendingCredential: String, assertion: MultiFactorAssertion
    ) async throws(AuthError) -> SessionCredentials
    /// `accounts:sendOobCode` with `requestType` `PASSWORD_RESET`: mails the user a reset link with an `oobCode`.
    func sendPasswordReset(email: String) async throws(AuthError)
    /// `accounts:resetPassword`: sets a new password with the `oobCode` of a reset link.
    func confirmPasswordReset(oobCode: String, newPassword: String) async throws(AuthError)
    /// `securetoken.googleapis.com/v1/token` with `grant_type=refresh_token`.
    func refresh(refreshToken: String) async throws(AuthError) -> SessionCredentials
}

/// What the project's administrator does to a user (Admin SDK `revokeRefreshTokens`, `updateUser(disabled:)`;
/// `accounts:update` with `validSince` or `disableUser` under an OAuth2 token). Nil on a backend that does not offer
/// it.
public protocol AccountAdminFacet: Sendable {
    /// Ends every session of the user (its refresh tokens stop minting ID tokens).
    func revokeRefreshTokens(uid: String) async throws(AuthError)
    /// Disables (or enables again) the user: a disabled user neither signs in nor refreshes (`userDisabled`).
    func setDisabled(_ disabled: Bool, uid: String) async throws(AuthError)
}

/// The raw tokens of a session as the wire carries them (`idToken`/`id_token`, `refreshToken`/`refresh_token`).
public struct SessionCredentials: Sendable, Hashable {
    public var idToken: String
    public var refreshToken: String

    public init(idToken: String, refreshToken: String) {
        self.idToken = idToken
        self.refreshToken = refreshToken
    }
}
