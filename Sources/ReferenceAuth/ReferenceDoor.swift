import ConformanceKit
import MockIdP

/// The reference backend's door in process (``IdentityToolkitDoor``): a raw request read as the Identity Toolkit
/// server reads it (a field that is not text is read as absent, an absent one as empty, as
/// `IdentityToolkitServer`'s calls read them) and answered in the wire's shape, so the door checks are judged in
/// process as they are over HTTP: a JSON body with `idToken`/`refreshToken`/`localId`, or HTTP 400 with
/// `{"error": {"code": 400, "message": "INVALID_ID_TOKEN"}}`
/// (https://cloud.google.com/identity-platform/docs/reference/rest).
struct ReferenceDoor: IdentityToolkitDoor {
    let backend: ReferenceBackend

    /// Answers `request`, as one of its pair when it carries the pair marker (``DoorRequest/pair``, passed on to
    /// ``ReferenceBackend/answering(pair:_:)``).
    func send(_ request: DoorRequest) async throws(AuthError) -> DoorAnswer {
        do {
            let body = try await backend.answering(pair: request.pair) { () async throws(AuthError) -> FixtureValue in
                try await answer(request.operation, request.body)
            }
            return DoorAnswer(status: 200, body: body)
        } catch {
            let message = Self.message(for: error.code)
            return DoorAnswer(
                status: 400, body: .object(["error": .object(["code": .number(400), "message": .string(message)])]))
        }
    }

    private func answer(_ operation: DoorOperation, _ body: FixtureValue) async throws(AuthError) -> FixtureValue {
        func text(_ key: String) -> String? { if case .string(let value)? = body[key] { value } else { nil } }
        let idToken = await backend.idTokenAtTheDoor(text("idToken") ?? "")
        switch operation {
        case .signUp:
            let response = try await backend.signUpAtTheDoor(
                email: text("email") ?? "", password: text("password") ?? "")
            return Self.session(response.tokens, uid: response.user.uid)
        case .signInWithPassword:
            switch try await backend.signIn(email: text("email") ?? "", password: text("password") ?? "") {
            case .signedIn(let response): return Self.session(response.tokens, uid: response.user.uid)
            case .secondFactorRequired(let pendingID, _, _):
                return .object(["mfaPendingCredential": .string(pendingID)])
            }
        case .signInWithPhoneNumber:
            let response = try await backend.signInWithPhoneNumberAtTheDoor(
                verificationID: text("sessionInfo") ?? "", code: text("code") ?? "")
            return Self.session(response.tokens, uid: response.user.uid)
        case .signInWithEmailLink:
            let outcome = try await backend.signInWithEmailLinkAtTheDoor(
                email: text("email") ?? "", oobCode: text("oobCode") ?? "")
            switch outcome {
            case .signedIn(let response): return Self.session(response.tokens, uid: response.user.uid)
            case .secondFactorRequired(let pendingID, _, _):
                return .object(["mfaPendingCredential": .string(pendingID)])
            }
        case .lookup:
            if text("idToken") == nil, backend.honoursLocalID(.lookup, privileged: false) {
                return await lookUpNamed(in: body)
            }
            let user = try await backend.session(idToken).user.snapshot
            return .object(["users": .array([.fields(["localId": .string(user.uid), "email": .text(user.email)])])])
        case .update:
            if let uid = text("localId"), backend.honoursLocalID(.update, privileged: false) {
                try await backend.adminUpdateUser(
                    uid,
                    .init(
                        email: text("email"), password: text("password"),
                        emailVerified: body["emailVerified"]?.boolValue, disabled: body["disableUser"]?.boolValue))
                return .object(["localId": .string(uid)])
            }
            let tokens: SessionTokens
            if let password = text("password") {
                tokens = try await backend.changePasswordAtTheDoor(idToken: idToken, to: password)
            } else {
                tokens = try await backend.changeEmail(idToken: idToken, to: text("email") ?? "")
            }
            return Self.session(tokens, uid: await backend.uid(ofRefreshToken: tokens.refreshToken) ?? "")
        case .delete:
            if text("idToken") == nil, let uid = text("localId"), backend.honoursLocalID(.delete, privileged: false) {
                try await backend.adminDeleteUser(uid)
                return .object([:])
            }
            try await backend.deleteAccount(idToken: idToken)
            return .object([:])
        case .startEnrollment:
            let sessionInfo = try await backend.startEnrollment(
                idToken: idToken, phoneNumber: body["phoneEnrollmentInfo"]?["phoneNumber"]?.stringValue ?? "",
                proof: .none, languageCode: nil, device: ReferenceAccounts.device)
            return .object(["phoneSessionInfo": .object(["sessionInfo": .string(sessionInfo)])])
        case .finalizeEnrollment:
            let refreshToken = try await backend.refreshToken(forSession: idToken)
            let tokens = try await backend.finalizeEnrollmentAtTheDoor(
                idToken: idToken, refreshToken: refreshToken, assertion: Self.phoneAssertion(in: body),
                displayName: text("displayName"))
            return .object([
                "idToken": .string(tokens?.idToken ?? idToken), "refreshToken": .string(tokens?.refreshToken ?? ""),
            ])
        case .finalizeSignIn:
            let response = try await backend.resolveSignInAtTheDoor(
                pendingID: text("mfaPendingCredential") ?? "", assertion: Self.phoneAssertion(in: body))
            return .object([
                "idToken": .string(response.tokens.idToken), "refreshToken": .string(response.tokens.refreshToken),
            ])
        case .resetPassword:
            try await backend.confirmPasswordResetAtTheDoor(
                oobCode: text("oobCode") ?? "", newPassword: text("newPassword") ?? "")
            return .object(["requestType": .string("PASSWORD_RESET")])
        case .token:
            let refreshToken = text("refresh_token") ?? ""
            let tokens = try await backend.refreshAtTheDoor(refreshToken)
            return .object([
                "id_token": .string(tokens.idToken), "refresh_token": .string(tokens.refreshToken),
                "user_id": .string(await backend.uid(ofRefreshToken: refreshToken) ?? ""),
            ])
        }
    }

    /// The accounts a look-up names by `localId` or `email` (a list or one), as the administrator's look-up answers
    /// them: only a defect answers it without the administrator's credential (AUTH-10).
    private func lookUpNamed(in body: FixtureValue) async -> FixtureValue {
        func list(_ key: String) -> [String] {
            (body[key]?.arrayValue ?? []).compactMap(\.stringValue) + [body[key]?.stringValue].compactMap { $0 }
        }
        let users = await backend.adminLookup(uids: list("localId"), emails: list("email"), phoneNumbers: [])
        return .object([
            "users": .array(users.map { user in .fields(["localId": .string(user.uid), "email": .text(user.email)]) })
        ])
    }

    /// The second factor `phoneVerificationInfo` proves (`sessionInfo`, `code`).
    private static func phoneAssertion(in body: FixtureValue) -> MultiFactorAssertion {
        let info = body["phoneVerificationInfo"]
        return .phone(
            verificationID: info?["sessionInfo"]?.stringValue ?? "", verificationCode: info?["code"]?.stringValue ?? "")
    }

    private static func session(_ tokens: SessionTokens, uid: String) -> FixtureValue {
        .object([
            "idToken": .string(tokens.idToken), "refreshToken": .string(tokens.refreshToken), "localId": .string(uid),
            "expiresIn": .string(String(tokens.expiresIn)),
        ])
    }

    /// The Identity Toolkit messages of the errors the door's calls raise (the server's mapping,
    /// firebase-ios-sdk `FirebaseAuth/Sources/Swift/Backend/AuthBackend.swift`).
    static func message(for code: AuthErrorCode) -> String {
        switch code {
        case .invalidCredential: "INVALID_LOGIN_CREDENTIALS"
        case .wrongPassword: "INVALID_PASSWORD"
        case .userNotFound, .userMismatch: "USER_NOT_FOUND"
        case .emailAlreadyInUse: "EMAIL_EXISTS"
        case .invalidEmail: "INVALID_EMAIL"
        case .weakPassword: "WEAK_PASSWORD"
        case .passwordDoesNotMeetRequirements: "PASSWORD_DOES_NOT_MEET_REQUIREMENTS"
        case .userDisabled: "USER_DISABLED"
        case .invalidUserToken: "INVALID_ID_TOKEN"
        case .userTokenExpired: "TOKEN_EXPIRED"
        case .operationNotAllowed: "OPERATION_NOT_ALLOWED"
        case .invalidPhoneNumber: "INVALID_PHONE_NUMBER"
        case .requiresRecentLogin: "CREDENTIAL_TOO_OLD_LOGIN_AGAIN"
        case .sessionExpired: "SESSION_EXPIRED"
        case .invalidVerificationID: "INVALID_SESSION_INFO"
        case .invalidVerificationCode: "INVALID_CODE"
        case .invalidMultiFactorSession: "INVALID_MFA_PENDING_CREDENTIAL"
        case .secondFactorAlreadyEnrolled: "SECOND_FACTOR_EXISTS"
        default: "INTERNAL_ERROR"
        }
    }
}

extension ReferenceBackend { package nonisolated var door: (any IdentityToolkitDoor)? { ReferenceDoor(backend: self) } }
