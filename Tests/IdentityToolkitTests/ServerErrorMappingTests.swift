import ConformanceKit
import IdentityToolkitSubject
import Testing

@Suite("Server errors map to AuthErrorCode as the Firebase iOS SDK maps them")
struct ServerErrorMappingTests {
    static let cases: [(message: String, code: AuthErrorCode)] = [
        ("INVALID_CODE", .invalidVerificationCode), ("INVALID_SESSION_INFO", .invalidVerificationID),
        ("SESSION_EXPIRED", .sessionExpired), ("INVALID_PHONE_NUMBER : Invalid format.", .invalidPhoneNumber),
        ("TOO_MANY_ATTEMPTS_TRY_LATER", .tooManyRequests), ("QUOTA_EXCEEDED", .quotaExceeded),
        ("INVALID_PASSWORD", .wrongPassword), ("EMAIL_NOT_FOUND", .userNotFound), ("USER_NOT_FOUND", .userNotFound),
        ("INVALID_LOGIN_CREDENTIALS", .invalidCredential), ("EMAIL_EXISTS", .emailAlreadyInUse),
        ("WEAK_PASSWORD : Password should be at least 6 characters", .weakPassword),
        ("INVALID_OOB_CODE", .invalidActionCode), ("EXPIRED_OOB_CODE", .expiredActionCode),
        ("INVALID_EMAIL : The email provided does not match the sign-in email address.", .invalidEmail),
        ("INVALID_IDENTIFIER", .invalidEmail),
        ("INVALID_CONTINUE_URI : ((expected an absolute URI with valid scheme and host))", .invalidContinueURI),
        ("MISSING_CONTINUE_URI", .missingContinueURI), ("UNAUTHORIZED_DOMAIN", .unauthorizedDomain),
        ("UNVERIFIED_EMAIL : Need to verify email first before enrolling second factors.", .unverifiedEmail),
        ("UNSUPPORTED_FIRST_FACTOR : MFA is not available for the given first factor.", .unsupportedFirstFactor),
        ("SECOND_FACTOR_EXISTS", .secondFactorAlreadyEnrolled), ("MFA_ENROLLMENT_NOT_FOUND", .multiFactorInfoNotFound),
        ("MISSING_MFA_PENDING_CREDENTIAL", .missingMultiFactorSession),
        ("MISSING_MFA_ENROLLMENT_ID", .missingMultiFactorInfo),
        ("INVALID_MFA_PENDING_CREDENTIAL", .invalidMultiFactorSession),
        ("CREDENTIAL_TOO_OLD_LOGIN_AGAIN", .requiresRecentLogin), ("INVALID_ID_TOKEN", .invalidUserToken),
        ("TOKEN_EXPIRED", .userTokenExpired), ("FEDERATED_USER_ID_ALREADY_LINKED", .credentialAlreadyInUse),
        ("OPERATION_NOT_ALLOWED : SMS based MFA not enabled.", .operationNotAllowed),
        ("PASSWORD_LOGIN_DISABLED", .operationNotAllowed), ("MISSING_OR_INVALID_NONCE", .missingOrInvalidNonce),
        ("INVALID_HOSTING_LINK_DOMAIN", .invalidHostingLinkDomain),
        // Strings the iOS SDK does not map become internalError, as there.
        ("MISSING_PHONE_NUMBER", .internalError), ("MISSING_CODE", .internalError),
        ("MISSING_SESSION_INFO", .internalError), ("INVALID_TEMPORARY_PROOF", .internalError),
        ("SOMETHING_NEW : from a later server", .internalError), ("", .internalError),
    ]

    @Test("the code before the first colon, trimmed, is looked up", arguments: cases)
    func mapped(_ message: String, _ code: AuthErrorCode) {
        #expect(ServerErrorMapping.code(forMessage: message) == code)
    }

    @Test("errors[].reason names a bad API key or a blocked referrer")
    func reasons() {
        #expect(
            ServerErrorMapping.code(
                forMessage: "API key not valid. Please pass a valid API key.", reasons: ["keyInvalid"])
                == .invalidAPIKey)
        #expect(
            ServerErrorMapping.code(
                forMessage: "Requests from this referer are blocked.", reasons: ["ipRefererBlocked"])
                == .appNotAuthorized)
        #expect(ServerErrorMapping.code(forMessage: "INVALID_CODE", reasons: ["invalid"]) == .invalidVerificationCode)
    }

    @Test("the detail after the first colon becomes the message")
    func detail() {
        #expect(ServerErrorMapping.detail(ofMessage: "INVALID_PHONE_NUMBER : Invalid format.") == "Invalid format.")
        #expect(ServerErrorMapping.detail(ofMessage: "INVALID_CODE") == "")
        #expect(ServerErrorMapping.detail(ofMessage: "INVALID_CONTINUE_URI : a : b") == "a : b")
    }
}
