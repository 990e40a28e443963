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

    /// By the call's operation, whichever route it arrived on.
    static let byCall: [ServerOperation: Set<String>] = [
        .adminCreate: signUp, .signUp: signUp,
        .signInWithPassword: ["email", "password", "pendingIdToken", "captchaChallenge", "instanceId", "idToken"],
        .sendVerificationCode: [
            "phoneNumber", "iosReceipt", "iosSecret", "recaptchaToken", "autoRetrievalInfo", "safetyNetToken",
            "playIntegrityToken",
        ],
        .signInWithPhoneNumber: [
            "sessionInfo", "phoneNumber", "code", "temporaryProof", "verificationProof", "idToken", "operation",
        ],
        .sendOobCode: [
            "requestType", "email", "challenge", "captchaResp", "userIp", "newEmail", "idToken", "continueUrl",
            "iOSBundleId", "iOSAppStoreId", "androidPackageName", "androidInstallApp", "androidMinimumVersion",
            "canHandleCodeInApp", "dynamicLinkDomain", "returnOobLink", "linkDomain",
        ], .signInWithEmailLink: ["email", "oobCode", "idToken"],
        .lookup: ["idToken", "localId", "email", "phoneNumber", "federatedUserId", "initialEmail"],
        .update: [
            "idToken", "localId", "email", "password", "displayName", "photoUrl", "deleteAttribute", "deleteProvider",
            "oobCode", "emailVerified", "provider", "captchaChallenge", "validSince", "disableUser", "instanceId",
            "upgradeToFederatedLogin", "customAttributes", "linkProviderUserInfo", "phoneNumber", "mfa", "createdAt",
            "lastLoginAt", "deletePasskey",
        ], .delete: ["localId", "idToken"], .resetPassword: ["oobCode", "newPassword", "oldPassword", "email"],
        .createAuthUri: [
            "identifier", "continueUri", "openidRealm", "providerId", "oauthConsumerKey", "oauthScope", "context",
            "otaApp", "appId", "hostedDomain", "sessionId", "authFlowType", "customParameter", "clientId",
        ], .startEnrollment: ["idToken", "phoneEnrollmentInfo", "totpEnrollmentInfo"],
        .finalizeEnrollment: ["idToken", "displayName", "phoneVerificationInfo", "totpVerificationInfo"],
        .withdrawEnrollment: ["idToken", "mfaEnrollmentId"],
        .startSecondFactor: ["mfaPendingCredential", "mfaEnrollmentId", "phoneSignInInfo"],
        .finalizeSecondFactor: [
            "mfaPendingCredential", "mfaEnrollmentId", "phoneVerificationInfo", "totpVerificationInfo",
        ],
    ]

    /// The first field of `fields` the call does not know, if any; nil for a call not listed here.
    static func unknown(in fields: [String: Any], call: ServerOperation) -> String? {
        guard let known = byCall[call] else { return nil }
        return fields.keys.sorted().first { !known.contains($0) && !common.contains($0) }
    }
}
