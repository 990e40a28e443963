import ConformanceKit
import ReferenceAuth

/// The Identity Toolkit error string the server answers for an `AuthError` of the reference backend: the one the
/// Firebase iOS SDK maps back to that code (firebase-ios-sdk `FirebaseAuth/Sources/Swift/Backend/AuthBackend.swift`,
/// https://github.com/firebase/firebase-ios-sdk). Codes the SDK raises itself have no string of their own; the server
/// answers what production answers in their place.
enum ServerErrorMessage {
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
