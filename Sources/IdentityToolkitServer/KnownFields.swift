/// The top-level request fields of each call, as the Identity Toolkit REST reference lists them (plus those the
/// Firebase SDKs send: `returnSecureToken`, `clientType`, `recaptchaVersion`): any other is refused as Google's
/// front end refuses it, `Invalid JSON payload received. Unknown name "…": Cannot find field.`
enum KnownFields {
    private static let common: Set<String> = [
        "tenantId", "targetProjectId", "returnSecureToken", "clientType", "recaptchaVersion", "captchaResponse",
        "delegatedProjectNumber",
    ]
    private static let signUp: Set<String> = [
        "email", "password", "displayName", "captchaChallenge", "instanceId", "idToken", "emailVerified", "photoUrl",
        "disabled", "localId", "phoneNumber", "mfaInfo",
    ]

    /// By the call's path below `/identitytoolkit.googleapis.com` (or `/securetoken.googleapis.com`).
    static let byCall: [String: Set<String>] = [
        "v1/accounts": signUp, "v1/accounts:signUp": signUp,
        "v1/accounts:signInWithPassword": [
            "email", "password", "pendingIdToken", "captchaChallenge", "instanceId", "idToken",
        ],
        "v1/accounts:sendVerificationCode": [
            "phoneNumber", "iosReceipt", "iosSecret", "recaptchaToken", "autoRetrievalInfo", "safetyNetToken",
            "playIntegrityToken",
        ],
        "v1/accounts:signInWithPhoneNumber": [
            "sessionInfo", "phoneNumber", "code", "temporaryProof", "verificationProof", "idToken", "operation",
        ],
        "v1/accounts:sendOobCode": [
            "requestType", "email", "challenge", "captchaResp", "userIp", "newEmail", "idToken", "continueUrl",
            "iOSBundleId", "iOSAppStoreId", "androidPackageName", "androidInstallApp", "androidMinimumVersion",
            "canHandleCodeInApp", "dynamicLinkDomain", "returnOobLink", "linkDomain",
        ], "v1/accounts:signInWithEmailLink": ["email", "oobCode", "idToken"],
        "v1/accounts:lookup": ["idToken", "localId", "email", "phoneNumber", "federatedUserId", "initialEmail"],
        "v1/accounts:update": [
            "idToken", "localId", "email", "password", "displayName", "photoUrl", "deleteAttribute", "deleteProvider",
            "oobCode", "emailVerified", "provider", "captchaChallenge", "validSince", "disableUser", "instanceId",
            "upgradeToFederatedLogin", "customAttributes", "linkProviderUserInfo", "phoneNumber", "mfa", "createdAt",
            "lastLoginAt",
        ], "v1/accounts:delete": ["localId", "idToken"],
        "v1/accounts:resetPassword": ["oobCode", "newPassword", "oldPassword", "email"],
        "v1/accounts:createAuthUri": [
            "identifier", "continueUri", "openidRealm", "providerId", "oauthConsumerKey", "oauthScope", "context",
            "otaApp", "appId", "hostedDomain", "sessionId", "authFlowType", "customParameter",
        ], "v2/accounts/mfaEnrollment:start": ["idToken", "phoneEnrollmentInfo", "totpEnrollmentInfo"],
        "v2/accounts/mfaEnrollment:finalize": [
            "idToken", "displayName", "phoneVerificationInfo", "totpVerificationInfo",
        ], "v2/accounts/mfaEnrollment:withdraw": ["idToken", "mfaEnrollmentId"],
        "v2/accounts/mfaSignIn:start": ["mfaPendingCredential", "mfaEnrollmentId", "phoneSignInInfo"],
        "v2/accounts/mfaSignIn:finalize": [
            "mfaPendingCredential", "mfaEnrollmentId", "phoneVerificationInfo", "totpVerificationInfo",
        ],
    ]

    /// The first field of `fields` the call does not know, if any; nil for a call not listed here.
    static func unknown(in fields: [String: Any], call path: String) -> String? {
        let call =
            path.hasPrefix("/identitytoolkit.googleapis.com/")
            ? String(path.dropFirst("/identitytoolkit.googleapis.com/".count)) : path
        guard let known = byCall[call] else { return nil }
        return fields.keys.sorted().first { !known.contains($0) && !common.contains($0) }
    }
}
