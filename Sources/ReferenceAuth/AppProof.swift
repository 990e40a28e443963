/// How a client proved to the backend that a verification request comes from the real app (PHONE-14).
package enum AppProof: Sendable {
    /// The secret of the silent push the backend sent to the device.
    case push(receipt: String, secret: String)
    /// A token from a solved reCAPTCHA.
    case recaptcha(token: String)
    /// `isAppVerificationDisabledForTesting`: allowed for test numbers only (PHONE-15).
    case disabledForTesting
    /// No proof at all: what a client sends that does not prove the app (``ReferenceBehaviour/AppVerification``).
    case none
}

/// The key of the app-verification push payload, as Firebase's.
let pushPayloadKey = "com.google.firebase.auth"
