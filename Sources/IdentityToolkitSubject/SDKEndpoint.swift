/// The calls the HTTP client makes, each at the route the Firebase iOS SDK sends it to, so that a run judges the
/// requests an app makes (firebase-ios-sdk `FirebaseAuth/Sources/Swift/Backend/IdentityToolkitRequest.swift`):
/// its v1 calls under `www.googleapis.com/identitytoolkit/v3/relyingparty/<endpoint>`, its multi-factor and
/// reCAPTCHA calls (`useIdentityPlatform`) under `identitytoolkit.googleapis.com/v2/<endpoint>`, and the token
/// refresh at `securetoken.googleapis.com/v1/token` (`SecureTokenRequest.swift`); with `useEmulator` each under
/// `http://HOST:PORT/`, the Auth Emulator's layout, which serves the legacy routes by rewriting them to v1
/// (firebase-tools `src/emulator/auth/server.ts`, `registerLegacyRoutes`). The raw values are the SDK's endpoint
/// names (`kVerifyPasswordEndpoint = "verifyPassword"`, `kStartMFAEnrollmentEndPoint =
/// "accounts/mfaEnrollment:start"`, …).
enum SDKEndpoint: String, Sendable, CaseIterable {
    case createAuthUri, deleteAccount, emailLinkSignin, getAccountInfo, getOobConfirmationCode, getProjectConfig
    case resetPassword, sendVerificationCode, setAccountInfo, signupNewUser, verifyPassword, verifyPhoneNumber
    case startMFAEnrollment = "accounts/mfaEnrollment:start"
    case finalizeMFAEnrollment = "accounts/mfaEnrollment:finalize"
    case withdrawMFA = "accounts/mfaEnrollment:withdraw"
    case startMFASignIn = "accounts/mfaSignIn:start"
    case finalizeMFASignIn = "accounts/mfaSignIn:finalize"
    case secureToken = "token"
    /// `verifyAssertion` (v1 `accounts:signInWithIdp`) and v2 `accounts:revokeToken` (`RevokeTokenRequest.swift`).
    case verifyAssertion
    case revokeToken = "accounts:revokeToken"

    /// Whether the server reaches the check's GitHub or Apple to answer the call: `createAuthUri` builds the provider's
    /// page, `verifyAssertion` exchanges the code or checks Apple's token against Apple's keys, `revokeToken` revokes
    /// at Apple.
    var reachesProviders: Bool { [.createAuthUri, .verifyAssertion, .revokeToken].contains(self) }

    /// Whether the iOS SDK puts the auth's tenant in the body (`tenantId`, where `Auth.tenantID` is set): every call
    /// but `getAccountInfo` and `deleteAccount` (`GetAccountInfoRequest.swift`, `DeleteAccountRequest.swift`), the
    /// refresh (`SecureTokenRequest.swift`) and `accounts:revokeToken` (`RevokeTokenRequest.swift`), which carry a
    /// token the server takes the tenant from, and `getProjectConfig`, which has no body.
    var namesTenant: Bool {
        ![.getAccountInfo, .deleteAccount, .secureToken, .revokeToken, .getProjectConfig].contains(self)
    }

    /// The path below the server's root, as the SDK sends it (``ServerLayout/sdk``).
    var path: String { path(in: .sdk) }

    /// The path below the server's root in `layout`: the SDK's legacy route, or the REST call it stands for.
    func path(in layout: ServerLayout) -> String {
        switch self {
        case .startMFAEnrollment, .finalizeMFAEnrollment, .withdrawMFA, .startMFASignIn, .finalizeMFASignIn,
            .revokeToken:
            return layout.route("/identitytoolkit.googleapis.com/v2/\(rawValue)")
        case .secureToken: return layout.route("/securetoken.googleapis.com/v1/token")
        default:
            guard layout != .sdk else { return "/www.googleapis.com/identitytoolkit/v3/relyingparty/\(rawValue)" }
            return layout.route("/identitytoolkit.googleapis.com/v1/\(restCall)")
        }
    }

    /// The v1 REST call a legacy endpoint stands for, as the Auth Emulator rewrites it (`registerLegacyRoutes`).
    private var restCall: String {
        switch self {
        case .createAuthUri: "accounts:createAuthUri"
        case .deleteAccount: "accounts:delete"
        case .emailLinkSignin: "accounts:signInWithEmailLink"
        case .getAccountInfo: "accounts:lookup"
        case .getOobConfirmationCode: "accounts:sendOobCode"
        case .getProjectConfig: "projects"
        case .resetPassword: "accounts:resetPassword"
        case .sendVerificationCode: "accounts:sendVerificationCode"
        case .setAccountInfo: "accounts:update"
        case .signupNewUser: "accounts:signUp"
        case .verifyPassword: "accounts:signInWithPassword"
        case .verifyPhoneNumber: "accounts:signInWithPhoneNumber"
        default: rawValue
        }
    }

    /// `clientType` as the iOS SDK sends it in `signupNewUser`, `verifyPassword`, `sendVerificationCode` and
    /// `getOobConfirmationCode` (`IdentityToolkitRequest.clientType`).
    static let clientType = "CLIENT_TYPE_IOS"
}

/// The headers the iOS SDK puts on every request (`AuthBackend.request(for:httpMethod:contentType:…)`):
/// `Content-Type: application/json`, `X-Client-Version: iOS/FirebaseSDK/<version>/<framework marker>`,
/// `X-Ios-Bundle-Identifier`, `X-Firebase-GMPID` (the Firebase app ID), `Accept-Language` (the app's first
/// localization) and, when the app set a language, `X-Firebase-Locale`.
public struct SDKHeaders: Sendable, Hashable {
    /// `X-Client-Version`. The marker slot names this suite, as a framework built on the SDK names itself there.
    public var clientVersion: String
    public var bundleIdentifier: String
    /// `X-Firebase-GMPID`: the app's Firebase app ID.
    public var appID: String
    public var acceptLanguage: String

    /// The SDK release the client follows (https://github.com/firebase/firebase-ios-sdk/releases).
    public static let sdkVersion = "12.19.0"

    public init(
        clientVersion: String = "iOS/FirebaseSDK/\(SDKHeaders.sdkVersion)/AuthConformance",
        bundleIdentifier: String = "com.example.conformance", appID: String = "1:123456789012:ios:0a1b2c3d4e5f6789",
        acceptLanguage: String = "en"
    ) {
        self.clientVersion = clientVersion
        self.bundleIdentifier = bundleIdentifier
        self.appID = appID
        self.acceptLanguage = acceptLanguage
    }

    /// The header fields, by name.
    var fields: [String: String] {
        [
            "X-Client-Version": clientVersion, "X-Ios-Bundle-Identifier": bundleIdentifier, "X-Firebase-GMPID": appID,
            "Accept-Language": acceptLanguage,
        ]
    }
}
