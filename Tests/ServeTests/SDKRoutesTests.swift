import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Requests exactly as the Firebase iOS SDK builds them with `Auth.auth().useEmulator(withHost:port:)`, from its
/// source (firebase-ios-sdk `FirebaseAuth/Sources/Swift/Backend/`): `IdentityToolkitRequest.requestURL()` puts the v1
/// calls at `http://HOST:PORT/www.googleapis.com/identitytoolkit/v3/relyingparty/<endpoint>?key=API_KEY` and the
/// multi-factor and reCAPTCHA calls at `http://HOST:PORT/identitytoolkit.googleapis.com/v2/<endpoint>?key=API_KEY`;
/// `SecureTokenRequest.requestURL()` the refresh at `http://HOST:PORT/securetoken.googleapis.com/v1/token?key=…`;
/// `AuthBackend.request(for:…)` sets the headers; each `*Request.swift` names the body's fields.
struct IOSSDK {
    static let apiKey = "AIzaSy-ios-app-key"
    let client: ServedClient

    /// The headers of `AuthBackend.request(for:httpMethod:contentType:requestConfiguration:)`, with the app's language
    /// set (`Auth.auth().languageCode = "fr"`).
    static let headers = [
        "Content-Type": "application/json", "X-Client-Version": "iOS/FirebaseSDK/12.19.0/FirebaseCore-iOS",
        "X-Ios-Bundle-Identifier": "com.example.conformance", "X-Firebase-GMPID": "1:123456789012:ios:0a1b2c3d4e5f6789",
        "Accept-Language": "en", "X-Firebase-Locale": "fr",
    ]

    /// A v1 call at its legacy route, POSTed with its JSON body (nil: a GET with no body, as the SDK sends a request
    /// whose `unencodedHTTPRequestBody` is nil).
    func relyingParty(_ endpoint: String, _ body: [String: Any]?) async throws -> (status: Int, json: [String: Any]?) {
        try await send("/www.googleapis.com/identitytoolkit/v3/relyingparty/\(endpoint)?key=\(Self.apiKey)", body)
    }

    /// A call of `useIdentityPlatform` requests: `…/identitytoolkit.googleapis.com/v2/<endpoint>?key=…<query>`.
    func v2(
        _ endpoint: String, _ body: [String: Any]?, query: String = ""
    ) async throws -> (status: Int, json: [String: Any]?) {
        try await send("/identitytoolkit.googleapis.com/v2/\(endpoint)?key=\(Self.apiKey)\(query)", body)
    }

    /// `SecureTokenRequest.refreshRequest`: JSON `grantType` and `refreshToken`.
    func refresh(_ refreshToken: String) async throws -> (status: Int, json: [String: Any]?) {
        try await send(
            "/securetoken.googleapis.com/v1/token?key=\(Self.apiKey)",
            ["grantType": "refresh_token", "refreshToken": refreshToken])
    }

    private func send(_ path: String, _ body: [String: Any]?) async throws -> (status: Int, json: [String: Any]?) {
        try await client.send(
            body == nil ? "GET" : "POST", path, body: try body.map { try JSONSerialization.data(withJSONObject: $0) },
            headers: Self.headers)
    }

    /// The emulator's outboxes, which `conformance serve` keeps too.
    func outbox(_ name: String) async throws -> [[String: Any]] {
        let answer = try await client.send("GET", "/emulator/v1/projects/demo-conformance/\(name)")
        return answer.json?[name] as? [[String: Any]] ?? []
    }
}

@Suite("The served server answers every route the Firebase iOS SDK sends, as the SDK sends it", .serialized)
struct SDKRoutesTests {
    static let ada = "ada@example.com"

    /// An answer's JSON object, after checking it is a 200.
    static func ok(
        _ answer: (status: Int, json: [String: Any]?), _ call: String, sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> [String: Any] {
        #expect(answer.status == 200, "\(call): \(String(describing: answer.json))", sourceLocation: sourceLocation)
        return try #require(answer.json, "\(call) answered no JSON object", sourceLocation: sourceLocation)
    }

    @Test(
        """
        sign-up, sign-in, account, email verification, password change, sign-in link, sign-in methods, phone, \
        multi-factor, refresh, project and reCAPTCHA configuration, reset and deletion at the legacy and v2 routes, \
        with the SDK's headers, fields and production's answer shapes
        """)
    func iOSFlow() async throws {
        let server = try ServedServer(projectID: "demo-conformance")
        defer { server.http.stop() }
        let sdk = IOSSDK(client: ServedClient(baseURL: server.baseURL))

        // Auth.createUser: SignUpNewUserRequest.
        let signedUp = try Self.ok(
            try await sdk.relyingParty(
                "signupNewUser",
                [
                    "email": Self.ada, "password": "first-password", "returnSecureToken": true,
                    "clientType": "CLIENT_TYPE_IOS",
                ]), "signupNewUser")
        #expect(signedUp["kind"] as? String == "identitytoolkit#SignupNewUserResponse")
        #expect(signedUp["email"] as? String == Self.ada && signedUp["expiresIn"] as? String == "3600")
        let uid = try #require(signedUp["localId"] as? String)

        // Auth.signIn(withEmail:password:): VerifyPasswordRequest.
        let signedIn = try Self.ok(
            try await sdk.relyingParty(
                "verifyPassword",
                [
                    "email": Self.ada, "password": "first-password", "returnSecureToken": true,
                    "clientType": "CLIENT_TYPE_IOS",
                ]), "verifyPassword")
        #expect(signedIn["kind"] as? String == "identitytoolkit#VerifyPasswordResponse")
        #expect(signedIn["registered"] as? Bool == true && signedIn["localId"] as? String == uid)
        #expect(signedIn["expiresIn"] as? String == "3600" && signedIn["refreshToken"] is String)
        var idToken = try #require(signedIn["idToken"] as? String)

        // User.reload: GetAccountInfoRequest; the password provider's federatedId is the email.
        let account = try Self.ok(try await sdk.relyingParty("getAccountInfo", ["idToken": idToken]), "getAccountInfo")
        #expect(account["kind"] as? String == "identitytoolkit#GetAccountInfoResponse")
        let user = try #require((account["users"] as? [[String: Any]])?.first)
        let provider = try #require((user["providerUserInfo"] as? [[String: Any]])?.first)
        #expect(provider["providerId"] as? String == "password" && provider["federatedId"] as? String == Self.ada)
        #expect(provider["email"] as? String == Self.ada && provider["rawId"] as? String == Self.ada)
        #expect(user["createdAt"] is String && user["lastLoginAt"] is String && user["emailVerified"] as? Bool == false)

        // User.sendEmailVerification: GetOOBConfirmationCodeRequest.verifyEmailRequest; Auth.applyActionCode:
        // SetAccountInfoRequest with the oobCode.
        let verification = try Self.ok(
            try await sdk.relyingParty(
                "getOobConfirmationCode",
                ["requestType": "VERIFY_EMAIL", "idToken": idToken, "clientType": "CLIENT_TYPE_IOS"]),
            "getOobConfirmationCode VERIFY_EMAIL")
        #expect(verification["kind"] as? String == "identitytoolkit#GetOobConfirmationCodeResponse")
        let verifyCode = try #require(
            try await sdk.outbox("oobCodes").last { $0["requestType"] as? String == "VERIFY_EMAIL" }?["oobCode"]
                as? String)
        let applied = try Self.ok(
            try await sdk.relyingParty("setAccountInfo", ["oobCode": verifyCode, "returnSecureToken": true]),
            "setAccountInfo oobCode")
        #expect(applied["kind"] as? String == "identitytoolkit#SetAccountInfoResponse")

        // User.updatePassword: SetAccountInfoRequest with the token and the new password.
        let changed = try Self.ok(
            try await sdk.relyingParty(
                "setAccountInfo", ["idToken": idToken, "password": "second-password", "returnSecureToken": true]),
            "setAccountInfo password")
        #expect(changed["kind"] as? String == "identitytoolkit#SetAccountInfoResponse")
        #expect(changed["email"] as? String == Self.ada && changed["emailVerified"] as? Bool == true)
        #expect(
            ((changed["providerUserInfo"] as? [[String: Any]])?.first?["federatedId"] as? String) == Self.ada,
            "\(changed)")
        idToken = try #require(changed["idToken"] as? String)
        var refreshToken = try #require(changed["refreshToken"] as? String)

        // Auth.fetchSignInMethods: CreateAuthURIRequest.
        let methods = try Self.ok(
            try await sdk.relyingParty(
                "createAuthUri", ["identifier": Self.ada, "continueUri": "http://www.google.com/"]), "createAuthUri")
        #expect(methods["kind"] as? String == "identitytoolkit#CreateAuthUriResponse")
        #expect(methods["registered"] as? Bool == true && (methods["signinMethods"] as? [String]) == ["password"])

        // Auth.sendSignInLink: GetOOBConfirmationCodeRequest.signInWithEmailLinkRequest; Auth.signIn(withEmail:link:):
        // EmailLinkSignInRequest.
        _ = try Self.ok(
            try await sdk.relyingParty(
                "getOobConfirmationCode",
                [
                    "requestType": "EMAIL_SIGNIN", "email": Self.ada, "clientType": "CLIENT_TYPE_IOS",
                    "continueUrl": "https://demo-conformance.firebaseapp.com/finish",
                    "iOSBundleId": "com.example.conformance", "canHandleCodeInApp": true,
                ]), "getOobConfirmationCode EMAIL_SIGNIN")
        let linkCode = try #require(
            try await sdk.outbox("oobCodes").last { $0["requestType"] as? String == "EMAIL_SIGNIN" }?["oobCode"]
                as? String)
        let linked = try Self.ok(
            try await sdk.relyingParty("emailLinkSignin", ["email": Self.ada, "oobCode": linkCode]), "emailLinkSignin")
        #expect(linked["kind"] as? String == "identitytoolkit#EmailLinkSigninResponse")
        #expect(linked["localId"] as? String == uid && linked["isNewUser"] as? Bool == false)

        // MultiFactor.enroll: StartMFAEnrollmentRequest and FinalizeMFAEnrollmentRequest at the v2 routes.
        idToken = try #require(linked["idToken"] as? String)
        let started = try Self.ok(
            try await sdk.v2(
                "accounts/mfaEnrollment:start",
                ["idToken": idToken, "phoneEnrollmentInfo": ["phoneNumber": "+16505550101"]]), "mfaEnrollment:start")
        let enrollSession = try #require((started["phoneSessionInfo"] as? [String: Any])?["sessionInfo"] as? String)
        let enrollCode = try #require(
            try await sdk.outbox("verificationCodes").last { $0["sessionInfo"] as? String == enrollSession }?["code"]
                as? String)
        let enrolled = try Self.ok(
            try await sdk.v2(
                "accounts/mfaEnrollment:finalize",
                [
                    "idToken": idToken, "displayName": "Phone",
                    "phoneVerificationInfo": ["sessionInfo": enrollSession, "code": enrollCode],
                ]), "mfaEnrollment:finalize")
        #expect(enrolled["idToken"] is String && enrolled["refreshToken"] is String)

        // Signing in again asks for the second factor: 200 with mfaPendingCredential and masked hints; then
        // StartMFASignInRequest and FinalizeMFASignInRequest.
        let pending = try Self.ok(
            try await sdk.relyingParty(
                "verifyPassword",
                [
                    "email": Self.ada, "password": "second-password", "returnSecureToken": true,
                    "clientType": "CLIENT_TYPE_IOS",
                ]), "verifyPassword with a second factor")
        #expect(pending["idToken"] == nil && pending["kind"] as? String == "identitytoolkit#VerifyPasswordResponse")
        let pendingCredential = try #require(pending["mfaPendingCredential"] as? String)
        let hint = try #require((pending["mfaInfo"] as? [[String: Any]])?.first)
        let masked = try #require(hint["phoneInfo"] as? String)
        #expect(masked.contains("*") && masked.hasSuffix("0101"))
        let signInStarted = try Self.ok(
            try await sdk.v2(
                "accounts/mfaSignIn:start",
                [
                    "mfaPendingCredential": pendingCredential, "mfaEnrollmentId": hint["mfaEnrollmentId"] ?? "",
                    "phoneSignInInfo": ["phoneNumber": masked],
                ]), "mfaSignIn:start")
        let signInSession = try #require(
            (signInStarted["phoneResponseInfo"] as? [String: Any])?["sessionInfo"] as? String)
        let signInCode = try #require(
            try await sdk.outbox("verificationCodes").last { $0["sessionInfo"] as? String == signInSession }?["code"]
                as? String)
        let resolved = try Self.ok(
            try await sdk.v2(
                "accounts/mfaSignIn:finalize",
                [
                    "mfaPendingCredential": pendingCredential,
                    "phoneVerificationInfo": ["sessionInfo": signInSession, "code": signInCode],
                ]), "mfaSignIn:finalize")
        #expect(Set(resolved.keys) == ["idToken", "refreshToken"], "\(resolved.keys)")
        refreshToken = try #require(resolved["refreshToken"] as? String)

        // The token refresh, as SecureTokenRequest sends it: a JSON body.
        let refreshed = try Self.ok(try await sdk.refresh(refreshToken), "securetoken token")
        #expect(refreshed["id_token"] is String && refreshed["expires_in"] as? String == "3600")
        #expect(refreshed["token_type"] as? String == "Bearer" && refreshed["user_id"] as? String == uid)
        idToken = try #require(refreshed["id_token"] as? String)

        // Phone sign-in: SendVerificationCodeRequest (no app credential with useEmulator), VerifyPhoneNumberRequest.
        let sent = try Self.ok(
            try await sdk.relyingParty(
                "sendVerificationCode", ["phoneNumber": "+16505550199", "clientType": "CLIENT_TYPE_IOS"]),
            "sendVerificationCode")
        let sessionInfo = try #require(sent["sessionInfo"] as? String)
        let code = try #require(
            try await sdk.outbox("verificationCodes").last { $0["sessionInfo"] as? String == sessionInfo }?["code"]
                as? String)
        let phone = try Self.ok(
            try await sdk.relyingParty(
                "verifyPhoneNumber", ["sessionInfo": sessionInfo, "code": code, "operation": "SIGN_UP_OR_IN"]),
            "verifyPhoneNumber")
        #expect(phone["isNewUser"] as? Bool == true && phone["phoneNumber"] as? String == "+16505550199")
        #expect(phone["idToken"] is String && phone["expiresIn"] as? String == "3600")

        // Configuration: GetProjectConfigRequest and GetRecaptchaConfigRequest have no body, so they are GETs.
        let project = try Self.ok(try await sdk.relyingParty("getProjectConfig", nil), "getProjectConfig")
        #expect(project["projectId"] as? String == "demo-conformance")
        #expect((project["authorizedDomains"] as? [String])?.contains("demo-conformance.firebaseapp.com") == true)
        let recaptcha = try Self.ok(
            try await sdk.v2("recaptchaConfig", nil, query: "&clientType=CLIENT_TYPE_IOS&version=RECAPTCHA_ENTERPRISE"),
            "recaptchaConfig")
        #expect((recaptcha["recaptchaKey"] as? String)?.hasPrefix("projects/demo-conformance/keys/") == true)
        #expect(
            (recaptcha["recaptchaEnforcementState"] as? [[String: Any]])?.allSatisfy {
                $0["enforcementState"] as? String == "OFF"
            } == true)
        let params = try Self.ok(try await sdk.relyingParty("getRecaptchaParam", nil), "getRecaptchaParam")
        #expect(params["recaptchaSiteKey"] is String)

        // Auth.sendPasswordReset and Auth.confirmPasswordReset: GetOOBConfirmationCodeRequest, ResetPasswordRequest.
        _ = try Self.ok(
            try await sdk.relyingParty(
                "getOobConfirmationCode",
                ["requestType": "PASSWORD_RESET", "email": Self.ada, "clientType": "CLIENT_TYPE_IOS"]),
            "getOobConfirmationCode PASSWORD_RESET")
        let resetCode = try #require(
            try await sdk.outbox("oobCodes").last { $0["requestType"] as? String == "PASSWORD_RESET" }?["oobCode"]
                as? String)
        let reset = try Self.ok(
            try await sdk.relyingParty("resetPassword", ["oobCode": resetCode, "newPassword": "third-password"]),
            "resetPassword")
        #expect(reset["kind"] as? String == "identitytoolkit#ResetPasswordResponse")

        // A provider's credential and a custom token are refused in production's words: the served server reaches no
        // identity provider and has no service account.
        let idp = try await sdk.relyingParty(
            "verifyAssertion",
            [
                "requestUri": "http://localhost", "postBody": "providerId=apple.com&id_token=x",
                "returnSecureToken": true,
            ])
        #expect(idp.status == 400 && idp.json.errorMessage?.hasPrefix("OPERATION_NOT_ALLOWED") == true)
        let custom = try await sdk.relyingParty("verifyCustomToken", ["token": "x.y.z", "returnSecureToken": true])
        #expect(custom.status == 400 && custom.json.errorMessage?.hasPrefix("INVALID_CUSTOM_TOKEN") == true)

        // User.delete: DeleteAccountRequest, with the user's ID and token.
        let phoneUser = try #require(phone["localId"] as? String)
        let phoneToken = try #require(phone["idToken"] as? String)
        let deleted = try Self.ok(
            try await sdk.relyingParty("deleteAccount", ["idToken": phoneToken, "localId": phoneUser]), "deleteAccount")
        #expect(deleted["kind"] as? String == "identitytoolkit#DeleteAccountResponse")
    }
}

@Suite("A flow through the legacy v3 routes and through the v1 routes gives the same answers")
struct LegacyRouteParityTests {
    /// One call of the flow: its v1 name and the iOS SDK's legacy endpoint.
    struct Call {
        let v1: String
        let v3: String
    }

    static let signUp = Call(v1: "accounts:signUp", v3: "signupNewUser")
    static let signIn = Call(v1: "accounts:signInWithPassword", v3: "verifyPassword")
    static let lookup = Call(v1: "accounts:lookup", v3: "getAccountInfo")
    static let update = Call(v1: "accounts:update", v3: "setAccountInfo")
    static let sendCode = Call(v1: "accounts:sendVerificationCode", v3: "sendVerificationCode")
    static let authURI = Call(v1: "accounts:createAuthUri", v3: "createAuthUri")
    static let oob = Call(v1: "accounts:sendOobCode", v3: "getOobConfirmationCode")
    static let delete = Call(v1: "accounts:delete", v3: "deleteAccount")

    /// What must not differ between two runs: the status, the fields' names, the error message and the values that
    /// do not change from run to run (IDs and tokens do).
    static func shape(_ answer: (status: Int, json: [String: Any]?)) -> String {
        let json = answer.json ?? [:]
        let stable = ["kind", "email", "registered", "expiresIn", "isNewUser", "signinMethods", "emailVerified"]
            .compactMap { key in json[key].map { "\(key)=\($0)" } }
        var users = ""
        if let user = (json["users"] as? [[String: Any]])?.first {
            users =
                " user{\(user.keys.sorted().joined(separator: ","))} providers{"
                + ((user["providerUserInfo"] as? [[String: Any]]) ?? []).map { info in
                    info.keys.sorted().map { key in
                        key == "rawId" || key == "federatedId" || key == "email" ? "\(key)=\(info[key] ?? "")" : key
                    }.joined(separator: ",")
                }.joined(separator: ";") + "}"
        }
        return "\(answer.status) [\(json.keys.sorted().joined(separator: ","))] \(stable.sorted()) "
            + "\(answer.json.errorMessage ?? "")\(users)"
    }

    /// The flow on a served server of its own, each call at the route `path` names.
    static func flow(path: (Call) -> String) async throws -> [String] {
        let server = try ServedServer(projectID: "demo-conformance")
        defer { server.http.stop() }
        let client = ServedClient(baseURL: server.baseURL)
        func call(_ call: Call, _ body: [String: Any]) async throws -> (status: Int, json: [String: Any]?) {
            try await client.send(
                "POST", "\(path(call))?key=\(IOSSDK.apiKey)", body: try JSONSerialization.data(withJSONObject: body),
                headers: IOSSDK.headers)
        }
        let email = "ada@example.com"
        var shapes: [String] = []
        func note(_ answer: (status: Int, json: [String: Any]?)) -> [String: Any] {
            shapes.append(shape(answer))
            return answer.json ?? [:]
        }
        let created = note(
            try await call(signUp, ["email": email, "password": "first-password", "returnSecureToken": true]))
        _ = note(try await call(signUp, ["email": email, "password": "first-password", "returnSecureToken": true]))
        _ = note(try await call(signUp, ["email": "not-an-email", "password": "first-password"]))
        _ = note(try await call(signUp, ["email": "bea@example.com", "password": "weak"]))
        _ = note(try await call(signIn, ["email": email, "password": "wrong-password", "returnSecureToken": true]))
        _ = note(try await call(signIn, ["email": email, "password": "first-password", "returnSecureToken": true]))
        let idToken = created["idToken"] as? String ?? ""
        _ = note(try await call(lookup, ["idToken": idToken]))
        _ = note(try await call(lookup, ["idToken": "not-a-token"]))
        let changed = note(
            try await call(update, ["idToken": idToken, "password": "second-password", "returnSecureToken": true]))
        _ = note(try await call(signIn, ["email": email, "password": "first-password", "returnSecureToken": true]))
        _ = note(try await call(sendCode, ["phoneNumber": "+1 650 555 0101"]))
        _ = note(try await call(sendCode, ["phoneNumber": "+16505550101"]))
        _ = note(try await call(authURI, ["identifier": email, "continueUri": "http://www.google.com/"]))
        _ = note(
            try await call(authURI, ["identifier": "nobody@example.com", "continueUri": "http://www.google.com/"]))
        _ = note(
            try await call(
                oob,
                [
                    "requestType": "EMAIL_SIGNIN", "email": email, "continueUrl": "https://attacker.example/x",
                    "canHandleCodeInApp": true,
                ]))
        _ = note(try await call(oob, ["requestType": "PASSWORD_RESET", "email": email]))
        _ = note(try await call(signIn, ["email": email, "password": "second-password", "pasword": "typo"]))
        let newToken = changed["idToken"] as? String ?? ""
        _ = note(try await call(delete, ["idToken": newToken, "localId": created["localId"] ?? ""]))
        _ = note(try await call(lookup, ["idToken": newToken]))
        _ = note(try await call(signIn, ["email": email, "password": "second-password", "returnSecureToken": true]))
        return shapes
    }

    @Test("sign-up, its refusals, sign-in, look-up, a password change, codes, sign-in methods, links and deletion")
    func sameAnswers() async throws {
        let legacy = try await Self.flow { "/www.googleapis.com/identitytoolkit/v3/relyingparty/\($0.v3)" }
        let current = try await Self.flow { "/identitytoolkit.googleapis.com/v1/\($0.v1)" }
        #expect(legacy.count == current.count)
        for (index, (old, new)) in zip(legacy, current).enumerated() {
            #expect(old == new, "call \(index + 1): v3 \(old), v1 \(new)")
        }
        let statuses = legacy.map { $0.prefix(3) }
        #expect(
            statuses == [
                "200", "400", "400", "400", "400", "200", "200", "400", "200", "400", "400", "200", "200", "200", "400",
                "200", "400", "200", "400", "400",
            ], "\(legacy.joined(separator: "\n"))")
    }
}
