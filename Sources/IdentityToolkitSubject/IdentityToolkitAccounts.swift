import ConformanceKit
import Foundation

/// The server's own door over REST: the calls the SDK makes with raw tokens, sent as they are at the SDK's routes
/// (``SDKEndpoint``), and the administrator's `accounts:update` (with `Authorization: Bearer owner`, the emulator's
/// stand-in for an OAuth2 token).
struct IdentityToolkitAccounts: AccountsFacet, AccountAdminFacet {
    let backend: IdentityToolkitBackend

    var http: IdentityToolkitHTTP { backend.http }

    func signIn(email: String, password: String) async throws(AuthError) -> SessionCredentials {
        let answer = try await http.post(
            .verifyPassword,
            .object([
                "email": .string(email), "password": .string(password), "returnSecureToken": .bool(true),
                "clientType": .string(SDKEndpoint.clientType),
            ]))
        if answer["mfaPendingCredential"] != nil {
            throw AuthError(.secondFactorRequired, "the account has a second factor")
        }
        return try Self.credentials(answer, "idToken", "refreshToken", call: "accounts:signInWithPassword")
    }

    func lookUp(idToken: String) async throws(AuthError) -> AuthUser {
        let answer = try await http.post(.getAccountInfo, .object(["idToken": .string(idToken)]))
        guard let user = answer["users"]?.arrayValue.first else {
            throw AuthError(.userNotFound, "accounts:lookup answered no user")
        }
        return UserDecoding.user(user, http: http)
    }

    func updatePassword(idToken: String, newPassword: String) async throws(AuthError) -> SessionCredentials {
        try await update(idToken: idToken, "password", newPassword)
    }

    func updateEmail(idToken: String, newEmail: String) async throws(AuthError) -> SessionCredentials {
        try await update(idToken: idToken, "email", newEmail)
    }

    /// `accounts:update` of one field; the answer's tokens carry the caller's session on (the same token when none).
    private func update(idToken: String, _ field: String, _ value: String) async throws(AuthError) -> SessionCredentials
    {
        let answer = try await http.post(
            .setAccountInfo,
            .object(["idToken": .string(idToken), field: .string(value), "returnSecureToken": .bool(true)]))
        return SessionCredentials(
            idToken: answer["idToken"]?.stringValue ?? idToken, refreshToken: answer["refreshToken"]?.stringValue ?? "")
    }

    func startEnrollment(idToken: String, phoneNumber: String) async throws(AuthError) -> String {
        let answer = try await http.post(
            .startMFAEnrollment,
            .object([
                "idToken": .string(idToken), "phoneEnrollmentInfo": .object(["phoneNumber": .string(phoneNumber)]),
            ]))
        guard let sessionInfo = answer["phoneSessionInfo"]?["sessionInfo"]?.stringValue else {
            throw AuthError(.invalidVerificationID, "mfaEnrollment:start answered no sessionInfo")
        }
        try await backend.outbox.deliverTexts(for: sessionInfo, to: phoneNumber)
        return sessionInfo
    }

    func finalizeEnrollment(
        idToken: String, assertion: MultiFactorAssertion, displayName: String?
    ) async throws(AuthError) -> SessionCredentials {
        var body = IdentityToolkitClient.verificationInfo(assertion)
        body["idToken"] = .string(idToken)
        body["displayName"] = .text(displayName)
        return try Self.credentials(
            try await http.post(.finalizeMFAEnrollment, .fields(body)), "idToken", "refreshToken",
            call: "mfaEnrollment:finalize")
    }

    func withdrawEnrollment(idToken: String, factorUID: String) async throws(AuthError) -> SessionCredentials {
        let answer = try await http.post(
            .withdrawMFA, .object(["idToken": .string(idToken), "mfaEnrollmentId": .string(factorUID)]))
        return try Self.credentials(answer, "idToken", "refreshToken", call: "mfaEnrollment:withdraw")
    }

    func finalizeSecondFactor(
        pendingCredential: String, assertion: MultiFactorAssertion
    ) async throws(AuthError) -> SessionCredentials {
        var body = IdentityToolkitClient.verificationInfo(assertion)
        body["mfaPendingCredential"] = .string(pendingCredential)
        return try Self.credentials(
            try await http.post(.finalizeMFASignIn, .fields(body)), "idToken", "refreshToken",
            call: "mfaSignIn:finalize")
    }

    func sendPasswordReset(email: String) async throws(AuthError) {
        let request: FixtureValue = .object([
            "requestType": .string("PASSWORD_RESET"), "email": .string(email),
            "clientType": .string(SDKEndpoint.clientType),
        ])
        _ = try await http.post(.getOobConfirmationCode, request)
        try await backend.outbox.deliverEmails(asking: request)
    }

    func confirmPasswordReset(oobCode: String, newPassword: String) async throws(AuthError) {
        _ = try await http.post(
            .resetPassword, .object(["oobCode": .string(oobCode), "newPassword": .string(newPassword)]))
    }

    func refresh(refreshToken: String) async throws(AuthError) -> SessionCredentials {
        let answer = try await http.post(
            .secureToken, .object(["grantType": .string("refresh_token"), "refreshToken": .string(refreshToken)]))
        return try Self.credentials(answer, "id_token", "refresh_token", call: "securetoken token")
    }

    func revokeRefreshTokens(uid: String) async throws(AuthError) {
        // The server's now is the world's moved by the offset its clock answered: whole seconds only where they fit.
        guard let now = Int64(exactly: http.serverNow.timeIntervalSince1970.rounded(.towardZero)) else {
            throw AuthError(.internalError, "the server's clock (\(http.serverNow.timeIntervalSince1970) s) is no time")
        }
        try await administer(uid, ["validSince": .string(String(now))])
    }

    func setDisabled(_ disabled: Bool, uid: String) async throws(AuthError) {
        try await administer(uid, ["disableUser": .bool(disabled)])
    }

    /// `POST v1/projects/{project}/accounts:update` as the Admin SDK sends it.
    private func administer(_ uid: String, _ fields: [String: FixtureValue]) async throws(AuthError) {
        var body = fields
        body["localId"] = .string(uid)
        _ = try await http.post(
            "v1/projects/\(backend.projectID)/accounts:update", .object(body),
            authorization: backend.http.adminAuthorization)
    }

    private static func credentials(
        _ answer: FixtureValue, _ idKey: String, _ refreshKey: String, call: String
    ) throws(AuthError) -> SessionCredentials {
        guard let idToken = answer[idKey]?.stringValue, let refreshToken = answer[refreshKey]?.stringValue else {
            throw AuthError(.internalError, "\(call) answered no \(idKey) or \(refreshKey)")
        }
        return SessionCredentials(idToken: idToken, refreshToken: refreshToken)
    }
}

extension IdentityToolkitBackend {
    var accounts: (any AccountsFacet)? { IdentityToolkitAccounts(backend: self) }
    var admin: (any AccountAdminFacet)? { IdentityToolkitAccounts(backend: self) }
}
