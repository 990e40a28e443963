/// Phone-number sign-in (Firebase `PhoneAuthProvider` and `AuthSettings`): the `phone` flow.
public protocol PhoneAuthFacet: Sendable {
    /// `PhoneAuthProvider.verifyPhoneNumber(_:uiDelegate:)`: verifies the app, sends the SMS, returns the verification
    /// ID.
    func verifyPhoneNumber(_ phoneNumber: String) async throws(AuthError) -> String
    /// `AuthSettings.isAppVerificationDisabledForTesting`.
    func setAppVerificationDisabledForTesting(_ disabled: Bool) async
}
