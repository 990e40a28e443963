import ConformanceKit
import ReferenceAuth

/// The Identity Toolkit error string the server answers for an `AuthError` of the reference backend: the one the
/// Firebase iOS SDK maps back to that code (firebase-ios-sdk `FirebaseAuth/Sources/Swift/Backend/AuthBackend.swift`,
/// https://github.com/firebase/firebase-ios-sdk). Codes the SDK raises itself have no string of their own; the server
/// answers what production answers in their place.
enum ServerErrorMessage {
    /// The message of a failure: `CODE : detail`. An error the reference names with a code of the API's own
    /// (`DUPLICATE_LOCAL_ID`, `MISSING_REQ_TYPE`, ``unserved(_:)``'s `UNSUPPORTED_REQUEST`) is answered with that code,
    /// never `INTERNAL_ERROR`, which stays for what has no name.
    /// A user looked up by email and not found is `EMAIL_NOT_FOUND`, as production answers a password sign-in or a
    /// reset for an unknown address (the JS SDK maps it to `auth/user-not-found`, and `USER_NOT_FOUND` to
    /// `auth/user-token-expired`, `packages/auth/src/core/errors.ts`; the iOS SDK maps both to `userNotFound`,
    /// `AuthBackend.swift`).
    static func text(for error: AuthError, lookingUpEmail: Bool = false) -> String {
        if error.code == .internalError, let code = error.message.split(separator: " ").first, code.count > 3,
            code.allSatisfy({ $0.isUppercase || $0 == "_" })
        {
            return error.message
        }
        if lookingUpEmail, error.code == .userNotFound { return "EMAIL_NOT_FOUND" }
        let code = code(for: error.code)
        return bare.contains(code) ? code : "\(code) : \(error.message)"
    }

    /// The codes production answers with no detail after them (the emulator too, `src/emulator/auth/operations.ts`):
    /// a client that compares the message whole (pyrebase's users do) sees the same text.
    static let bare: Set<String> = [
        "EMAIL_EXISTS", "EMAIL_NOT_FOUND", "INVALID_PASSWORD", "USER_DISABLED", "INVALID_ID_TOKEN", "TOKEN_EXPIRED",
        "USER_NOT_FOUND", "INVALID_OOB_CODE", "EXPIRED_OOB_CODE", "INVALID_LOGIN_CREDENTIALS",
        "CREDENTIAL_TOO_OLD_LOGIN_AGAIN",
    ]

    /// A form of a call the server does not answer: refused with a message naming it, as a client's mistake would be
    /// (400), so that no request of a client is ever answered 5xx or `INTERNAL_ERROR`.
    static func unserved(_ form: String) -> AuthError {
        AuthError(.internalError, "UNSUPPORTED_REQUEST : \(form) is not served by conformance serve")
    }

    static func code(for error: AuthErrorCode) -> String {
        switch error {
        case .invalidCredential: "INVALID_LOGIN_CREDENTIALS"
        case .userDisabled: "USER_DISABLED"
        case .operationNotAllowed: "OPERATION_NOT_ALLOWED"
        case .emailAlreadyInUse: "EMAIL_EXISTS"
        case .invalidEmail: "INVALID_EMAIL"
        case .wrongPassword: "INVALID_PASSWORD"
        case .tooManyRequests: "TOO_MANY_ATTEMPTS_TRY_LATER"
        case .userNotFound, .userMismatch: "USER_NOT_FOUND"
        case .requiresRecentLogin: "CREDENTIAL_TOO_OLD_LOGIN_AGAIN"
        case .invalidUserToken: "INVALID_ID_TOKEN"
        case .userTokenExpired: "TOKEN_EXPIRED"
        case .credentialAlreadyInUse: "FEDERATED_USER_ID_ALREADY_LINKED"
        case .weakPassword: "WEAK_PASSWORD"
        case .passwordDoesNotMeetRequirements: "PASSWORD_DOES_NOT_MEET_REQUIREMENTS"
        case .expiredActionCode: "EXPIRED_OOB_CODE"
        case .invalidActionCode: "INVALID_OOB_CODE"
        case .missingEmail: "MISSING_EMAIL"
        case .unauthorizedDomain: "UNAUTHORIZED_DOMAIN"
        case .invalidContinueURI: "INVALID_CONTINUE_URI"
        case .missingContinueURI: "MISSING_CONTINUE_URI"
        case .missingPhoneNumber: "MISSING_PHONE_NUMBER"
        case .invalidPhoneNumber: "INVALID_PHONE_NUMBER"
        case .missingVerificationCode: "MISSING_CODE"
        case .invalidVerificationCode: "INVALID_CODE"
        case .missingVerificationID: "MISSING_SESSION_INFO"
        case .invalidVerificationID: "INVALID_SESSION_INFO"
        case .missingAppCredential: "MISSING_APP_CREDENTIAL"
        case .invalidAppCredential: "INVALID_APP_CREDENTIAL"
        case .sessionExpired: "SESSION_EXPIRED"
        case .quotaExceeded: "QUOTA_EXCEEDED"
        case .captchaCheckFailed: "CAPTCHA_CHECK_FAILED"
        case .invalidProviderID: "INVALID_PROVIDER_ID"
        case .missingMultiFactorSession: "MISSING_MFA_PENDING_CREDENTIAL"
        case .missingMultiFactorInfo: "MISSING_MFA_ENROLLMENT_ID"
        case .invalidMultiFactorSession: "INVALID_MFA_PENDING_CREDENTIAL"
        case .multiFactorInfoNotFound: "MFA_ENROLLMENT_NOT_FOUND"
        case .unverifiedEmail: "UNVERIFIED_EMAIL"
        case .secondFactorAlreadyEnrolled: "SECOND_FACTOR_EXISTS"
        case .maximumSecondFactorCountExceeded: "SECOND_FACTOR_LIMIT_EXCEEDED"
        case .unsupportedFirstFactor: "UNSUPPORTED_FIRST_FACTOR"
        case .missingOrInvalidNonce: "MISSING_OR_INVALID_NONCE"
        case .invalidHostingLinkDomain: "INVALID_HOSTING_LINK_DOMAIN"
        case .providerAlreadyLinked: "PROVIDER_ALREADY_LINKED"
        case .adminRestrictedOperation: "ADMIN_ONLY_OPERATION"
        case .invalidCustomToken: "INVALID_CUSTOM_TOKEN"
        default: "INTERNAL_ERROR"
        }
    }
}
