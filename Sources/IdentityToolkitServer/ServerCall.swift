import ConformanceKit
import Foundation
import MockIdP
import ReferenceAuth

/// One API call to a project of the server: its JSON body, read into the reference backend's calls, and the
/// JSON the real server answers. App verification is not checked (as in the emulator): `proof` is `.none`.
struct ServerCall: Sendable {
    /// The server cannot tell devices apart: every request comes from this one, for the backend's rate limit.
    static let device = Device("identity-toolkit-client")

    let project: ServerProject
    var body: FixtureValue
    let languageCode: String?
    /// The tenant the request reaches (named by it, or by its token), nil for the project itself.
    var tenant: String?
    /// The caller's API key (`?key=` or `X-Goog-Api-Key`), which the action links it asks for carry, as production's
    /// do; nil for the administrator's requests that send none.
    var apiKey: String?
    /// The request carries the administrator's OAuth2 token (`Authorization: Bearer owner`, as the emulator takes it).
    var isPrivileged = false
    /// Set while the administrator's `returnOobLink` request makes its link.
    var isAdminLink = false

    var backend: ReferenceBackend { project.backend }

    func string(_ key: String, in value: FixtureValue? = nil) -> String? { (value ?? body)[key]?.stringValue }

    /// The answer of `operation`, whichever route the request arrived on, with the ID token the door goes on with
    /// (``ReferenceBackend/idTokenAtTheDoor(_:)``).
    func answer(_ operation: ServerOperation) async throws(AuthError) -> FixtureValue {
        guard let idToken = string("idToken"), case .object(var fields) = body else {
            return try await dispatch(operation)
        }
        let kept = await backend.idTokenAtTheDoor(idToken)
        guard kept != idToken else { return try await dispatch(operation) }
        fields["idToken"] = .string(kept)
        var call = self
        call.body = .object(fields)
        return try await call.dispatch(operation)
    }

    private func dispatch(_ operation: ServerOperation) async throws(AuthError) -> FixtureValue {
        switch operation {
        case .sendVerificationCode: try await sendVerificationCode()
        case .signInWithPhoneNumber: try await signInWithPhoneNumber()
        case .signUp: try await signUp()
        case .signInWithPassword: try await signInWithPassword()
        case .sendOobCode: try await sendOobCode()
        case .signInWithEmailLink: try await signInWithEmailLink()
        case .lookup: try await lookup()
        case .update: try await update()
        case .adminCreate: try await adminCreate()
        case .delete: try await delete()
        case .resetPassword: try await resetPassword()
        case .createAuthUri: try await createAuthUri()
        case .signInWithIdp: try await signInWithIdp()
        case .revokeToken: try await revokeToken()
        case .signInWithCustomToken: try await signInWithCustomToken()
        case .startEnrollment: try await startEnrollment()
        case .finalizeEnrollment: try await finalizeEnrollment()
        case .withdrawEnrollment: try await withdrawEnrollment()
        case .startSecondFactor: try await startSecondFactor()
        case .finalizeSecondFactor: try await finalizeSecondFactor()
        case .token: try await refreshToken()
        case .projectConfig: projectConfig()
        case .recaptchaParams: recaptchaParams()
        case .recaptchaConfig: recaptchaConfig()
        case .passwordPolicy: passwordPolicy()
        }
    }

    // MARK: Phone

    func sendVerificationCode() async throws(AuthError) -> FixtureValue {
        let sessionInfo = try await backend.sendVerificationCode(
            to: string("phoneNumber") ?? "", proof: .none, languageCode: languageCode, device: Self.device)
        await project.recordTexts(for: sessionInfo)
        return .object(["sessionInfo": .string(sessionInfo)])
    }

    func signInWithPhoneNumber() async throws(AuthError) -> FixtureValue {
        let sessionInfo = string("sessionInfo") ?? ""
        let code = string("code") ?? ""
        if let idToken = string("idToken") {
            let phoneNumber = await backend.verification(sessionInfo)?.phoneNumber
            do {
                return try await linked(
                    .phone(verificationID: sessionInfo, verificationCode: code), idToken: idToken, kind: nil)
            } catch  where error.code == .credentialAlreadyInUse {
                // The number belongs to another user: production answers a temporary proof for it instead of a session.
                return .object([
                    "phoneNumber": .string(phoneNumber ?? ""), "temporaryProof": .string(UUID().uuidString),
                    "temporaryProofExpiresIn": .string("3600"),
                ])
            }
        }
        let response = try await backend.signInWithPhoneNumberAtTheDoor(
            verificationID: sessionInfo, code: code, creatingUser: string("operation") != "REAUTH")
        // `{isNewUser, phoneNumber, localId, idToken, refreshToken, expiresIn}` (operations.ts signInWithPhoneNumber).
        var fields = Self.tokens(response.tokens, uid: response.user.uid)
        fields["isNewUser"] = .bool(response.isNewUser)
        fields["phoneNumber"] = response.user.phoneNumber.map { .string($0) }
        return .object(fields)
    }

    // MARK: Email and password, anonymous

    /// `accounts:signUp` (`signupNewUser`): an anonymous user, a new email and password user, or, with `idToken`,
    /// an email and password linked to that user, as the iOS SDK links them (`User.link(withEmail:password:)` sends a
    /// `SignUpNewUserRequest` with the ID token).
    func signUp() async throws(AuthError) -> FixtureValue {
        let email = string("email")
        let password = string("password")
        let kind = "identitytoolkit#SignupNewUserResponse"
        if let idToken = string("idToken") {
            return try await linked(
                .password(email: email ?? "", password: password ?? ""), idToken: idToken, kind: kind)
        }
        guard email != nil || password != nil else {
            return Self.signedIn(await backend.signInAnonymously(), kind: kind)
        }
        return Self.signedIn(
            try await backend.signUpAtTheDoor(email: email ?? "", password: password ?? ""), kind: kind)
    }

    /// `accounts:signInWithPassword` (`verifyPassword`): `registered: true` with the session, or the pending second
    /// factor (operations.ts signInWithPassword).
    func signInWithPassword() async throws(AuthError) -> FixtureValue {
        let outcome = try await backend.signIn(email: string("email") ?? "", password: string("password") ?? "")
        guard case .object(var fields) = Self.answer(outcome, kind: "identitytoolkit#VerifyPasswordResponse") else {
            return .object([:])
        }
        fields["registered"] = .bool(true)
        fields["email"] = fields["email"] ?? string("email").map { .string($0.lowercased()) }
        return .object(await withLocalID(fields))
    }

    func sendOobCode() async throws(AuthError) -> FixtureValue {
        if body["returnOobLink"]?.boolValue == true, !isAdminLink {
            var call = self
            call.isAdminLink = true
            return try await call.adminActionLink()
        }
        switch string("requestType") {
        case "EMAIL_SIGNIN":
            let email = string("email") ?? ""
            let settings = ActionCodeSettings(
                url: string("continueUrl"), handleCodeInApp: body["canHandleCodeInApp"]?.boolValue ?? false,
                iOSBundleID: string("iOSBundleId"), androidPackageName: string("androidPackageName"),
                androidInstallIfNotAvailable: body["androidInstallApp"]?.boolValue ?? false,
                androidMinimumVersion: string("androidMinimumVersion"), linkDomain: string("linkDomain"))
            try await backend.sendSignInLink(
                to: email, settings: settings, languageCode: languageCode, apiKey: apiKey ?? ReferenceBackend.apiKey)
            return .object([
                "kind": .string("identitytoolkit#GetOobConfirmationCodeResponse"), "email": .string(email.lowercased()),
            ])
        case "PASSWORD_RESET":
            let email = string("email") ?? ""
            try await backend.sendPasswordReset(email: email, apiKey: apiKey ?? ReferenceBackend.apiKey)
            return .object([
                "kind": .string("identitytoolkit#GetOobConfirmationCodeResponse"), "email": .string(email.lowercased()),
            ])
        case "VERIFY_EMAIL" where isAdminLink && string("idToken") == nil:
            let email = string("email") ?? ""
            try await backend.sendEmailVerification(toUserWithEmail: email, apiKey: apiKey ?? ReferenceBackend.apiKey)
            return .object([
                "kind": .string("identitytoolkit#GetOobConfirmationCodeResponse"), "email": .string(email.lowercased()),
            ])
        case "VERIFY_EMAIL":
            let idToken = string("idToken") ?? ""
            try await backend.sendEmailVerification(idToken: idToken, apiKey: apiKey ?? ReferenceBackend.apiKey)
            let (_, user) = try await backend.session(idToken)
            return .object(
                ["kind": .string("identitytoolkit#GetOobConfirmationCodeResponse"), "email": .text(user.email)]
                    .compactMapValues { $0 })
        case "VERIFY_AND_CHANGE_EMAIL":
            // `User.sendEmailVerification(beforeUpdatingEmail:)`: the link goes to the new address; the answer
            // names the current one.
            let email = try await backend.sendEmailChange(
                idToken: string("idToken") ?? "", to: string("newEmail") ?? "",
                apiKey: apiKey ?? ReferenceBackend.apiKey)
            return .object(["kind": .string("identitytoolkit#GetOobConfirmationCodeResponse"), "email": .string(email)])
        case let other:
            guard let other else { throw AuthError(.internalError, "MISSING_REQ_TYPE") }
            throw ServerErrorMessage.unserved("accounts:sendOobCode with the requestType \(other)")
        }
    }

    func signInWithEmailLink() async throws(AuthError) -> FixtureValue {
        let email = string("email") ?? ""
        let oobCode = string("oobCode") ?? ""
        if let idToken = string("idToken") {
            let link = """
                https://\(backend.configuration.projectID).firebaseapp.com/__/auth/action?apiKey=server&mode=sign\
                In&oobCode=\(oobCode)
                """
            return try await linked(
                .emailLink(email: email, link: link), idToken: idToken, kind: "identitytoolkit#EmailLinkSigninResponse")
        }
        let outcome = try await backend.signInWithEmailLinkAtTheDoor(email: email, oobCode: oobCode)
        guard case .object(var fields) = Self.answer(outcome, kind: "identitytoolkit#EmailLinkSigninResponse") else {
            return .object([:])
        }
        fields["email"] = fields["email"] ?? .string(email.lowercased())
        return .object(await withLocalID(fields))
    }

    /// A first factor's answer with the user's `localId`, which production's answers always carry (the OpenAPI
    /// document's `localId`: "Always present in the response"), the pending second factor's too.
    private func withLocalID(_ fields: [String: FixtureValue]) async -> [String: FixtureValue] {
        guard fields["localId"] == nil, let email = fields["email"]?.stringValue,
            let user = await backend.user(withEmail: email)
        else { return fields }
        var fields = fields
        fields["localId"] = .string(user.uid)
        return fields
    }

    func createAuthUri() async throws(AuthError) -> FixtureValue {
        if let providerID = string("providerId"), string("identifier") == nil {
            return try await providerAuthUri(providerID)
        }
        let methods = await backend.signInMethods(for: string("identifier") ?? "")
        // `allProviders` names providers: `password` for either email method, then each federated one.
        let emailMethods: Set = [SignInMethod.password, SignInMethod.emailLink]
        let providers =
            (methods.contains { emailMethods.contains($0) } ? [ProviderID.password] : [])
            + methods.filter { !emailMethods.contains($0) }
        return .object([
            "kind": .string("identitytoolkit#CreateAuthUriResponse"), "registered": .bool(!methods.isEmpty),
            "signinMethods": .array(methods.map { .string($0) }), "allProviders": .array(providers.map { .string($0) }),
        ])
    }

    // MARK: Accounts

    func lookup() async throws(AuthError) -> FixtureValue {
        if string("idToken") == nil, backend.honoursLocalID(.lookup, privileged: isPrivileged) {
            return try await adminLookup()
        }
        let (grant, _) = try await backend.session(string("idToken") ?? "")
        guard let user = await backend.record(grant.uid) else {
            throw AuthError(.userNotFound, "the user no longer exists")
        }
        var info = userInfo(user)
        if case .object(var fields) = info {
            let claims = project.customClaims(of: user.uid)
            fields["customAttributes"] = claims.isEmpty ? nil : .string(CustomClaims.text(claims))
            fields["validSince"] = await project.validSince(of: user.uid).map { .string(String($0)) }
            info = .object(fields)
        }
        return .object(["kind": .string("identitytoolkit#GetAccountInfoResponse"), "users": .array([info])])
    }

    /// `accounts:update`: applies an action code; for the ID token's user changes the profile (`displayName`,
    /// `photoUrl`, `deleteAttribute`), takes providers off (`deleteProvider`), adds an email and password, or changes
    /// the password or the email; for the administrator revokes (`validSince`) or disables (`disableUser`) a user.
    func update() async throws(AuthError) -> FixtureValue {
        if let oobCode = string("oobCode") {
            let code = try await backend.checkActionCode(oobCode)
            try await backend.applyActionCode(oobCode)
            // The account as the code left it (`SetAccountInfoResponse`: email, verified, providers; `newEmail` for
            // an email change), as production and the emulator answer `applyActionCode`.
            var fields: [String: FixtureValue] = ["kind": .string("identitytoolkit#SetAccountInfoResponse")]
            if let email = code.newEmail ?? code.email, let user = await backend.user(withEmail: email),
                case .object(let info) = userInfo(user)
            {
                for key in Self.accountKeys { fields[key] = info[key] }
            }
            fields["newEmail"] = code.newEmail.map { .string($0) }
            return .object(fields)
        }
        if let uid = string("localId") { return try await administer(uid) }
        guard let idToken = string("idToken") else { throw AuthError(.invalidUserToken, "MISSING_ID_TOKEN") }
        if let profile = try await profileChange(idToken: idToken), string("email") == nil, string("password") == nil {
            return profile
        }
        let changed: SessionTokens
        switch (string("email"), string("password")) {
        case (let email?, let password?):
            return try await linked(
                .password(email: email, password: password), idToken: idToken,
                kind: "identitytoolkit#SetAccountInfoResponse")
        case (nil, let password?): changed = try await backend.changePasswordAtTheDoor(idToken: idToken, to: password)
        case (let email?, nil): changed = try await backend.changeEmail(idToken: idToken, to: email)
        case (nil, nil):
            // Nothing to change (a `null` field is absent): production answers the account as it is.
            return try await account(of: idToken)
        }
        let uid = await backend.uid(ofRefreshToken: changed.refreshToken) ?? ""
        var fields = Self.tokens(changed, uid: uid)
        fields["kind"] = .string("identitytoolkit#SetAccountInfoResponse")
        // The account as it now is: its email, whether it is verified, and its providers (`SetAccountInfoResponse`).
        if let user = await backend.record(uid), case .object(let info) = userInfo(user) {
            for key in Self.accountKeys where key != "localId" { fields[key] = info[key] }
        }
        return .object(fields)
    }

    /// `accounts:resetPassword`: with the `oobCode` alone, what the code is for, without using it up
    /// (`checkActionCode`, `verifyPasswordResetCode`); with `newPassword`, the reset link's new password.
    func resetPassword() async throws(AuthError) -> FixtureValue {
        let oobCode = string("oobCode") ?? ""
        let code = try await backend.checkActionCode(oobCode)
        var fields: [String: FixtureValue] = [
            "kind": .string("identitytoolkit#ResetPasswordResponse"), "requestType": .string(code.requestType),
            "email": code.email.map { .string($0) }, "newEmail": code.newEmail.map { .string($0) },
        ].compactMapValues { $0 }
        guard let newPassword = string("newPassword") else { return .object(fields) }
        guard code.requestType == "PASSWORD_RESET" else {
            throw AuthError(.invalidActionCode, "the action code is not a password reset code")
        }
        try await backend.confirmPasswordResetAtTheDoor(oobCode: oobCode, newPassword: newPassword)
        fields["newEmail"] = nil
        return .object(fields)
    }

    /// The profile and provider changes of an `accounts:update` (`displayName`, `photoUrl`, `deleteAttribute`,
    /// `deleteProvider`), answered with the account as they leave it; nil when the request has none.
    private func profileChange(idToken: String) async throws(AuthError) -> FixtureValue? {
        let attributes =
            body["deleteAttribute"].map { $0.arrayValue.compactMap(\.stringValue) + [$0.stringValue].compactMap { $0 } }
            ?? []
        let providers =
            body["deleteProvider"].map { $0.arrayValue.compactMap(\.stringValue) + [$0.stringValue].compactMap { $0 } }
            ?? []
        let displayName = string("displayName")
        let photoURL = string("photoUrl")
        guard displayName != nil || photoURL != nil || !attributes.isEmpty || !providers.isEmpty else { return nil }
        if !providers.isEmpty { _ = try await backend.unlink(providers, idToken: idToken) }
        if displayName != nil || photoURL != nil || !attributes.isEmpty {
            _ = try await backend.updateProfile(
                idToken: idToken, displayName: displayName, photoURL: photoURL, deleting: attributes)
        }
        return try await account(of: idToken)
    }

    /// The ID token's account as `accounts:update` answers it (`SetAccountInfoResponse`).
    private func account(of idToken: String) async throws(AuthError) -> FixtureValue {
        let (grant, _) = try await backend.session(idToken)
        var fields: [String: FixtureValue] = ["kind": .string("identitytoolkit#SetAccountInfoResponse")]
        if let user = await backend.record(grant.uid), case .object(let info) = userInfo(user) {
            for key in Self.accountKeys { fields[key] = info[key] }
        }
        return .object(fields)
    }

    func delete() async throws(AuthError) -> FixtureValue {
        if string("idToken") == nil, let uid = string("localId"),
            backend.honoursLocalID(.delete, privileged: isPrivileged)
        {
            return try await adminDelete(uid)
        }
        try await backend.deleteAccount(idToken: string("idToken") ?? "")
        return .object(["kind": .string("identitytoolkit#DeleteAccountResponse")])
    }

    /// `securetoken.googleapis.com/v1/token`: a form or JSON body, refused as the emulator refuses it
    /// (`operations.ts` `grantToken`) when the grant type or the refresh token is missing.
    func refreshToken() async throws(AuthError) -> FixtureValue {
        let refreshToken = string("refresh_token") ?? string("refreshToken") ?? ""
        guard let grantType = string("grant_type") ?? string("grantType"), !grantType.isEmpty else {
            throw AuthError(.internalError, "MISSING_GRANT_TYPE")
        }
        guard grantType == "refresh_token" else { throw AuthError(.internalError, "INVALID_GRANT_TYPE") }
        guard !refreshToken.isEmpty else { throw AuthError(.internalError, "MISSING_REFRESH_TOKEN") }
        let tokens = try await backend.refreshAtTheDoor(refreshToken)
        let uid = await backend.uid(ofRefreshToken: refreshToken) ?? ""
        return .object([
            "id_token": .string(tokens.idToken), "access_token": .string(tokens.idToken),
            "refresh_token": .string(tokens.refreshToken), "expires_in": .string(String(tokens.expiresIn)),
            "token_type": .string("Bearer"), "user_id": .string(uid),
            "project_id": .string(backend.configuration.projectID),
        ])
    }

    /// The account's fields an `accounts:update` answers (the REST reference's `SetAccountInfoResponse`).
    static let accountKeys = [
        "localId", "email", "emailVerified", "providerUserInfo", "displayName", "photoUrl", "passwordHash",
    ]

    /// Links a credential to the ID token's user and answers the session's new tokens: as a sign-in answers them
    /// (`isNewUser` false), or, for `accounts:update`, with the account as it now is.
    func linked(_ credential: AuthCredential, idToken: String, kind: String?) async throws(AuthError) -> FixtureValue {
        let (grant, _) = try await backend.session(idToken)
        let refreshToken = try await backend.refreshToken(forSession: idToken)
        let (user, tokens) = try await backend.link(credential, toUser: grant.uid, refreshToken: refreshToken)
        var fields = Self.tokens(tokens, uid: user.uid)
        fields["kind"] = kind.map { .string($0) }
        if kind == "identitytoolkit#SetAccountInfoResponse", let record = await backend.record(user.uid),
            case .object(let info) = userInfo(record)
        {
            for key in Self.accountKeys { fields[key] = info[key] }
            return .object(fields)
        }
        fields["email"] = user.email.map { .string($0) }
        fields["phoneNumber"] = user.phoneNumber.map { .string($0) }
        fields["isNewUser"] = .bool(false)
        return .object(fields)
    }
}
