/// SMS second factors of the current user (Firebase `User.multiFactor`, and the `PhoneAuthProvider` calls that
/// take a multi-factor session): the `multiFactor` flow. Finishing a sign-in goes through the
/// ``MultiFactorResolver`` that `secondFactorRequired` carries.
public protocol MultiFactorFacet: Sendable {
    /// `user.multiFactor.session()`: a session for enrolling a second factor for the current user.
    func multiFactorSession() async throws(AuthError) -> MultiFactorSession
    /// `PhoneAuthProvider.verifyPhoneNumber(_:uiDelegate:multiFactorSession:)`: sends the enrollment SMS.
    func verifyPhoneNumber(
        _ phoneNumber: String, multiFactorSession: MultiFactorSession
    ) async throws(AuthError) -> String
    /// `PhoneAuthProvider.verifyPhoneNumber(with:uiDelegate:multiFactorSession:)`: sends the sign-in SMS to a hint's
    /// number.
    func verifyPhoneNumber(
        with hint: MultiFactorInfo, multiFactorSession: MultiFactorSession
    ) async throws(AuthError) -> String
    /// `user.multiFactor.enroll(with:displayName:)`.
    func enroll(with assertion: MultiFactorAssertion, displayName: String?) async throws(AuthError)
    /// `user.multiFactor.unenroll(withFactorUID:)`.
    func unenroll(factorUID: String) async throws(AuthError)
}
