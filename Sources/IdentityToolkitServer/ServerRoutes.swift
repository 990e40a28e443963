/// One operation of the server: one implementation (a method of ``ServerCall``), reached by every route a Firebase
/// SDK sends for it, so a call has the same verdict whichever path it arrives on.
enum ServerOperation: String, Sendable, CaseIterable {
    case createAuthUri, delete, lookup, resetPassword, sendOobCode, sendVerificationCode, signInWithCustomToken
    case signInWithEmailLink, signInWithIdp, signInWithPassword, signInWithPhoneNumber, signUp, update
    /// The Admin SDKs' `POST v1/projects/{p}/accounts`.
    case adminCreate
    case startEnrollment, finalizeEnrollment, withdrawEnrollment, startSecondFactor, finalizeSecondFactor
    /// `v2/accounts:revokeToken`: an Apple authorization code revoked at Apple (the iOS SDK's `RevokeTokenRequest`).
    case revokeToken
    /// `securetoken.googleapis.com/v1/token`.
    case token
    /// The project's public configuration (`getProjectConfig`, `GET v1/projects`): its ID and authorized domains.
    case projectConfig
    /// The reCAPTCHA v2 parameters (`getRecaptchaParam`, `GET v1/recaptchaParams`).
    case recaptchaParams
    /// The reCAPTCHA Enterprise configuration (`GET v2/recaptchaConfig`).
    case recaptchaConfig
    /// The project's or tenant's password policy (`GET v2/passwordPolicy`).
    case passwordPolicy

    /// The methods the operation is answered on: the configuration reads are GETs (the iOS SDK sends its
    /// `getProjectConfig` and `recaptchaConfig` with no body, so as GETs; the emulator rewrites the legacy routes for
    /// any method), every other call a POST.
    var methods: Set<String> {
        switch self {
        case .projectConfig, .recaptchaParams, .recaptchaConfig: ["GET", "POST"]
        case .passwordPolicy: ["GET"]
        default: ["POST"]
        }
    }
}

/// Every route the server answers, as the Firebase SDKs send them, each mapped onto its one operation.
enum ServerRoutes {
    static let identityToolkit = "/identitytoolkit.googleapis.com"
    /// The iOS and Android SDKs' prefix for their v1 calls (firebase-ios-sdk
    /// `FirebaseAuth/Sources/Swift/Backend/IdentityToolkitRequest.swift`:
    /// `…/identitytoolkit/v3/relyingparty/<endpoint>` under `www.googleapis.com`, or under
    /// `HOST:PORT/www.googleapis.com` with `useEmulator`).
    static let relyingParty = "/www.googleapis.com/identitytoolkit/v3/relyingparty/"

    /// The legacy v3 endpoints and the v1 call each stands for, as firebase-tools `src/emulator/auth/server.ts`
    /// (`registerLegacyRoutes`) rewrites them; the iOS SDK's request classes name the endpoints
    /// (`FirebaseAuth/Sources/Swift/Backend/RPC/*Request.swift`: `kVerifyPasswordEndpoint = "verifyPassword"`, …).
    static let legacy: [(endpoint: String, operation: ServerOperation)] = [
        ("createAuthUri", .createAuthUri), ("deleteAccount", .delete), ("emailLinkSignin", .signInWithEmailLink),
        ("getAccountInfo", .lookup), ("getOobConfirmationCode", .sendOobCode), ("getProjectConfig", .projectConfig),
        ("getRecaptchaParam", .recaptchaParams), ("resetPassword", .resetPassword),
        ("sendVerificationCode", .sendVerificationCode), ("setAccountInfo", .update), ("signupNewUser", .signUp),
        ("verifyAssertion", .signInWithIdp), ("verifyCustomToken", .signInWithCustomToken),
        ("verifyPassword", .signInWithPassword), ("verifyPhoneNumber", .signInWithPhoneNumber),
    ]

    /// The v1 REST calls (the JS SDK's `_performApiRequest` endpoints, and the Admin SDKs' under
    /// `v1/projects/{p}[/tenants/{t}]/…`), the v2 calls and the secure-token endpoint.
    static let current: [(path: String, operation: ServerOperation)] = [
        ("\(identityToolkit)/v1/accounts:createAuthUri", .createAuthUri),
        ("\(identityToolkit)/v1/accounts:delete", .delete), ("\(identityToolkit)/v1/accounts:lookup", .lookup),
        ("\(identityToolkit)/v1/accounts:resetPassword", .resetPassword),
        ("\(identityToolkit)/v1/accounts:sendOobCode", .sendOobCode),
        ("\(identityToolkit)/v1/accounts:sendVerificationCode", .sendVerificationCode),
        ("\(identityToolkit)/v1/accounts:signInWithCustomToken", .signInWithCustomToken),
        ("\(identityToolkit)/v1/accounts:signInWithEmailLink", .signInWithEmailLink),
        ("\(identityToolkit)/v1/accounts:signInWithIdp", .signInWithIdp),
        ("\(identityToolkit)/v1/accounts:signInWithPassword", .signInWithPassword),
        ("\(identityToolkit)/v1/accounts:signInWithPhoneNumber", .signInWithPhoneNumber),
        ("\(identityToolkit)/v1/accounts:signUp", .signUp), ("\(identityToolkit)/v1/accounts:update", .update),
        ("\(identityToolkit)/v1/accounts", .adminCreate), ("\(identityToolkit)/v1/projects", .projectConfig),
        ("\(identityToolkit)/v1/recaptchaParams", .recaptchaParams),
        ("\(identityToolkit)/v2/accounts/mfaEnrollment:start", .startEnrollment),
        ("\(identityToolkit)/v2/accounts/mfaEnrollment:finalize", .finalizeEnrollment),
        ("\(identityToolkit)/v2/accounts/mfaEnrollment:withdraw", .withdrawEnrollment),
        ("\(identityToolkit)/v2/accounts/mfaSignIn:start", .startSecondFactor),
        ("\(identityToolkit)/v2/accounts/mfaSignIn:finalize", .finalizeSecondFactor),
        ("\(identityToolkit)/v2/accounts:revokeToken", .revokeToken),
        ("\(identityToolkit)/v2/recaptchaConfig", .recaptchaConfig),
        ("\(identityToolkit)/v2/passwordPolicy", .passwordPolicy), ("/securetoken.googleapis.com/v1/token", .token),
    ]

    /// Path → operation, for every route above.
    static let operations: [String: ServerOperation] = Dictionary(
        uniqueKeysWithValues: current + legacy.map { (relyingParty + $0.endpoint, $0.operation) })

    static func operation(at path: String) -> ServerOperation? { operations[path] }
}
