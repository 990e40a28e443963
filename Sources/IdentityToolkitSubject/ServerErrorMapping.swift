import ConformanceKit

/// Maps an Identity Toolkit error to an `AuthErrorCode` as the Firebase iOS SDK's `AuthBackend` does (firebase-ios-sdk
/// `FirebaseAuth/Sources/Swift/Backend/AuthBackend.swift`): the part of `error.message` before the first `:`, trimmed,
/// is looked up; `errors[].reason` names a bad API key or a blocked referrer; anything else is `internalError`.
public enum ServerErrorMapping {
    public static func code(forMessage message: String, reasons: [String] = []) -> AuthErrorCode {
        if reasons.contains(where: { $0.hasPrefix("keyInvalid") }) { return .invalidAPIKey }
        if reasons.contains("ipRefererBlocked") { return .appNotAuthorized }
        let serverCode =
            message.split(separator: ":", maxSplits: 1).first.map { $0.trimmingCharacters(in: .whitespaces) } ?? ""
        return table[serverCode] ?? .internalError
    }

    /// The detail after the first `:`, which the SDK shows as the error's description when it is not empty.
    public static func detail(ofMessage message: String) -> String {
        guard let colon = message.firstIndex(of: ":") else { return "" }
        return message[message.index(after: colon)...].trimmingCharacters(in: .whitespaces)
    }

    /// The server strings the iOS SDK maps, and the code each becomes.
    public static let table: [String: AuthErrorCode] = [
        "INVALID_IDP_RESPONSE": .invalidCredential, "INVALID_PENDING_TOKEN": .invalidCredential,
        "INVALID_LOGIN_CREDENTIALS": .invalidCredential, "USER_DISABLED": .userDisabled,
        "OPERATION_NOT_ALLOWED": .operationNotAllowed, "PASSWORD_LOGIN_DISABLED": .operationNotAllowed,
        "EMAIL_EXISTS": .emailAlreadyInUse, "INVALID_EMAIL": .invalidEmail, "INVALID_IDENTIFIER": .invalidEmail,
        "INVALID_PASSWORD": .wrongPassword, "TOO_MANY_ATTEMPTS_TRY_LATER": .tooManyRequests,
        "USER_NOT_FOUND": .userNotFound, "EMAIL_NOT_FOUND": .userNotFound,
        "CREDENTIAL_TOO_OLD_LOGIN_AGAIN": .requiresRecentLogin, "INVALID_ID_TOKEN": .invalidUserToken,
        "TOKEN_EXPIRED": .userTokenExpired, "FEDERATED_USER_ID_ALREADY_LINKED": .credentialAlreadyInUse,
        "WEAK_PASSWORD": .weakPassword, "EXPIRED_OOB_CODE": .expiredActionCode, "INVALID_OOB_CODE": .invalidActionCode,
        "INVALID_MESSAGE_PAYLOAD": .invalidMessagePayload, "INVALID_SENDER": .invalidSender,
        "INVALID_RECIPIENT_EMAIL": .invalidRecipientEmail, "MISSING_EMAIL": .missingEmail,
        "MISSING_IOS_BUNDLE_ID": .missingIosBundleID, "MISSING_ANDROID_PACKAGE_NAME": .missingAndroidPackageName,
        "UNAUTHORIZED_DOMAIN": .unauthorizedDomain, "INVALID_CONTINUE_URI": .invalidContinueURI,
        "MISSING_CONTINUE_URI": .missingContinueURI, "INVALID_PHONE_NUMBER": .invalidPhoneNumber,
        "INVALID_CODE": .invalidVerificationCode, "INVALID_SESSION_INFO": .invalidVerificationID,
        "MISSING_APP_CREDENTIAL": .missingAppCredential, "INVALID_APP_CREDENTIAL": .invalidAppCredential,
        "SESSION_EXPIRED": .sessionExpired, "QUOTA_EXCEEDED": .quotaExceeded, "MISSING_IOS_APP_TOKEN": .missingAppToken,
        "APP_NOT_VERIFIED": .appNotVerified, "CAPTCHA_CHECK_FAILED": .captchaCheckFailed,
        "INVALID_PROVIDER_ID": .invalidProviderID, "MISSING_MFA_PENDING_CREDENTIAL": .missingMultiFactorSession,
        "MISSING_MFA_ENROLLMENT_ID": .missingMultiFactorInfo,
        "INVALID_MFA_PENDING_CREDENTIAL": .invalidMultiFactorSession,
        "MFA_ENROLLMENT_NOT_FOUND": .multiFactorInfoNotFound, "ADMIN_ONLY_OPERATION": .adminRestrictedOperation,
        "UNVERIFIED_EMAIL": .unverifiedEmail, "SECOND_FACTOR_EXISTS": .secondFactorAlreadyEnrolled,
        "SECOND_FACTOR_LIMIT_EXCEEDED": .maximumSecondFactorCountExceeded,
        "UNSUPPORTED_FIRST_FACTOR": .unsupportedFirstFactor,
        "EMAIL_CHANGE_NEEDS_VERIFICATION": .emailChangeNeedsVerification,
        "MISSING_CLIENT_IDENTIFIER": .missingClientIdentifier, "MISSING_OR_INVALID_NONCE": .missingOrInvalidNonce,
        "INVALID_HOSTING_LINK_DOMAIN": .invalidHostingLinkDomain,
        // The SDK maps these too (AuthBackend.clientError); without them they were internalError.
        "INVALID_CUSTOM_TOKEN": .invalidCustomToken, "CREDENTIAL_MISMATCH": .customTokenMismatch,
        "TENANT_ID_MISMATCH": .tenantIDMismatch, "UNSUPPORTED_TENANT_OPERATION": .unsupportedTenantOperation,
        "BLOCKING_FUNCTION_ERROR_RESPONSE": .blockingCloudFunctionError,
        "PASSWORD_DOES_NOT_MEET_REQUIREMENTS": .passwordDoesNotMeetRequirements,
    ]
}
