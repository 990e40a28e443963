import ConformanceKit

/// The top-level request fields of each call and their types, as the Identity Toolkit REST reference lists them (its
/// discovery document's request messages; plus those the Firebase SDKs send: `returnSecureToken`, `clientType`,
/// `recaptchaVersion`). A request is refused as Google's front end refuses it, before the call reads it:
/// - a field the call does not have: `Invalid JSON payload received. Unknown name "…": Cannot find field.`;
/// - a field of the wrong JSON type (a number for a string, a string for a list, …): `Invalid value at 'tenant_id'
///   (TYPE_STRING), 1e+300`, naming the field as the API's messages do (its proto name) and the value as sent.
/// `null` is any field's default, as proto3's JSON mapping reads it. Nested fields are read by each call, which
/// treats a value of the wrong type as absent.
enum KnownFields {
    /// The JSON a field takes (proto3's JSON mapping, https://protobuf.dev/programming-guides/json/).
    enum Kind: Sendable {
        /// A JSON string.
        case string
        /// `true` or `false` (the form body's `"true"`/`"false"` too).
        case bool
        /// An int64: a whole number, or its decimal digits as a string.
        case integer
        /// A JSON object.
        case object
        /// A list of strings; one string is taken as a list of one, as the Admin SDKs' lookups send it.
        case strings
        /// A list of objects.
        case objects

        /// The proto type the message names.
        var protoType: String {
            switch self {
            case .string: "TYPE_STRING"
            case .bool: "TYPE_BOOL"
            case .integer: "TYPE_INT64"
            case .object, .objects: "TYPE_MESSAGE"
            case .strings: "TYPE_STRING"
            }
        }

        func accepts(_ value: FixtureValue) -> Bool {
            switch (self, value) {
            case (_, .null), (.string, .string), (.bool, .bool), (.object, .object): true
            case (.bool, .string(let text)): text == "true" || text == "false"
            case (.integer, .number(let number)): Int64(exactly: number) != nil
            case (.integer, .string(let text)): Int64(text) != nil
            case (.strings, .string): true
            case (.strings, .array(let values)): values.allSatisfy { if case .string = $0 { true } else { false } }
            case (.objects, .array(let values)): values.allSatisfy { if case .object = $0 { true } else { false } }
            default: false
            }
        }
    }

    private static let common: [String: Kind] = [
        "tenantId": .string, "targetProjectId": .string, "returnSecureToken": .bool, "clientType": .string,
        "recaptchaVersion": .string, "captchaResponse": .string, "delegatedProjectNumber": .integer,
    ]
    private static let signUp: [String: Kind] = [
        "email": .string, "password": .string, "displayName": .string, "captchaChallenge": .string,
        "instanceId": .string, "idToken": .string, "emailVerified": .bool, "photoUrl": .string, "disabled": .bool,
        "localId": .string, "phoneNumber": .string, "mfaInfo": .objects,
    ]

    /// By the call's operation, whichever route it arrived on.
    static let byCall: [ServerOperation: [String: Kind]] = [
        .adminCreate: signUp, .signUp: signUp,
        .signInWithPassword: [
            "email": .string, "password": .string, "pendingIdToken": .string, "captchaChallenge": .string,
            "instanceId": .string, "idToken": .string,
        ],
        .sendVerificationCode: [
            "phoneNumber": .string, "iosReceipt": .string, "iosSecret": .string, "recaptchaToken": .string,
            "autoRetrievalInfo": .object, "safetyNetToken": .string, "playIntegrityToken": .string,
        ],
        .signInWithPhoneNumber: [
            "sessionInfo": .string, "phoneNumber": .string, "code": .string, "temporaryProof": .string,
            "verificationProof": .string, "idToken": .string, "operation": .string,
        ],
        .sendOobCode: [
            "requestType": .string, "email": .string, "challenge": .string, "captchaResp": .string, "userIp": .string,
            "newEmail": .string, "idToken": .string, "continueUrl": .string, "iOSBundleId": .string,
            "iOSAppStoreId": .string, "androidPackageName": .string, "androidInstallApp": .bool,
            "androidMinimumVersion": .string, "canHandleCodeInApp": .bool, "dynamicLinkDomain": .string,
            "returnOobLink": .bool, "linkDomain": .string,
        ], .signInWithEmailLink: ["email": .string, "oobCode": .string, "idToken": .string],
        .lookup: [
            "idToken": .string, "localId": .strings, "email": .strings, "phoneNumber": .strings,
            "federatedUserId": .objects, "initialEmail": .strings,
        ],
        .update: [
            "idToken": .string, "localId": .string, "email": .string, "password": .string, "displayName": .string,
            "photoUrl": .string, "deleteAttribute": .strings, "deleteProvider": .strings, "oobCode": .string,
            "emailVerified": .bool, "provider": .strings, "captchaChallenge": .string, "validSince": .integer,
            "disableUser": .bool, "instanceId": .string, "upgradeToFederatedLogin": .bool, "customAttributes": .string,
            "linkProviderUserInfo": .object, "phoneNumber": .string, "mfa": .object, "createdAt": .integer,
            "lastLoginAt": .integer, "deletePasskey": .strings,
        ], .delete: ["localId": .string, "idToken": .string],
        .resetPassword: ["oobCode": .string, "newPassword": .string, "oldPassword": .string, "email": .string],
        .createAuthUri: [
            "identifier": .string, "continueUri": .string, "openidRealm": .string, "providerId": .string,
            "oauthConsumerKey": .string, "oauthScope": .string, "context": .string, "otaApp": .string, "appId": .string,
            "hostedDomain": .string, "sessionId": .string, "authFlowType": .string, "customParameter": .object,
            "clientId": .string,
        ],
        .signInWithIdp: [
            "requestUri": .string, "postBody": .string, "pendingIdToken": .string, "pendingToken": .string,
            "sessionId": .string, "idToken": .string, "returnIdpCredential": .bool, "returnRefreshToken": .bool,
            "autoCreate": .bool,
        ], .signInWithCustomToken: ["token": .string, "instanceId": .string],
        .revokeToken: [
            "idToken": .string, "providerId": .string, "redirectUri": .string, "token": .string, "tokenType": .string,
        ], .startEnrollment: ["idToken": .string, "phoneEnrollmentInfo": .object, "totpEnrollmentInfo": .object],
        .finalizeEnrollment: [
            "idToken": .string, "displayName": .string, "phoneVerificationInfo": .object,
            "totpVerificationInfo": .object,
        ], .withdrawEnrollment: ["idToken": .string, "mfaEnrollmentId": .string],
        .startSecondFactor: ["mfaPendingCredential": .string, "mfaEnrollmentId": .string, "phoneSignInInfo": .object],
        .finalizeSecondFactor: [
            "mfaPendingCredential": .string, "mfaEnrollmentId": .string, "phoneVerificationInfo": .object,
            "totpVerificationInfo": .object,
        ],
    ]

    /// Why a JSON body's fields are refused before `call` reads them, in the front end's words; nil when they are
    /// not (or the call is not listed here).
    static func refusal(of fields: [String: FixtureValue], call: ServerOperation) -> String? {
        guard let known = byCall[call] else { return nil }
        for name in fields.keys.sorted() {
            guard let kind = known[name] ?? common[name] else {
                return "Invalid JSON payload received. Unknown name \"\(name)\": Cannot find field."
            }
            if let value = fields[name], !kind.accepts(value) {
                return "Invalid value at '\(protoName(name))' (\(kind.protoType)), \(rendered(value))"
            }
        }
        return nil
    }

    /// `tenantId` → `tenant_id`: the field's name in the API's messages.
    static func protoName(_ name: String) -> String {
        var result = ""
        var previous: Character?
        for character in name {
            if character.isUppercase, let previous, previous.isLowercase || previous.isNumber { result += "_" }
            result += character.lowercased()
            previous = character
        }
        return result
    }

    /// The value as the message shows it: its JSON text, cut short.
    private static func rendered(_ value: FixtureValue) -> String {
        let text = String(decoding: value.encoded, as: UTF8.self)
        return text.count > 80 ? String(text.prefix(80)) + "…" : text
    }
}
