import ConformanceKit
import MockIdP

/// The reference backend's own door (``AccountsFacet``) and its administrator's calls (``AccountAdminFacet``): the
/// calls the Identity Toolkit serves, taking raw tokens.
struct ReferenceAccounts: AccountsFacet, AccountAdminFacet {
    /// The device the door's texts are requested from: the door proves no app, as a server's REST API takes none.
    static let device = Device("accounts-door")

    let backend: ReferenceBackend

    func signIn(email: String, password: String) async throws(AuthError) -> SessionCredentials {
        switch try await backend.signIn(email: email, password: password) as SignInOutcome {
        case .signedIn(let response): return SessionCredentials(response.tokens)
        case .secondFactorRequired(_, _, let message): throw AuthError(.secondFactorRequired, message)
        }
    }

    func lookUp(idToken: String) async throws(AuthError) -> AuthUser {
        try await backend.session(idToken).user.snapshot
    }

    func updatePassword(idToken: String, newPassword: String) async throws(AuthError) -> SessionCredentials {
        SessionCredentials(try await backend.changePassword(idToken: idToken, to: newPassword))
    }

    func updateEmail(idToken: String, newEmail: String) async throws(AuthError) -> SessionCredentials {
        SessionCredentials(try await backend.changeEmail(idToken: idToken, to: newEmail))
    }

    func startEnrollment(idToken: String, phoneNumber: String) async throws(AuthError) -> String {
        try await backend.startEnrollment(
            idToken: idToken, phoneNumber: phoneNumber, proof: .none, languageCode: nil, device: Self.device)
    }

    func finalizeEnrollment(
        idToken: String, assertion: MultiFactorAssertion, displayName: String?
    ) async throws(AuthError) -> SessionCredentials {
        let refreshToken = try await backend.refreshToken(forSession: idToken)
        let tokens = try await backend.finalizeEnrollment(
            idToken: idToken, refreshToken: refreshToken, assertion: assertion, displayName: displayName)
        return tokens.map(SessionCredentials.init) ?? SessionCredentials(idToken: idToken, refreshToken: refreshToken)
    }

    func withdrawEnrollment(idToken: String, factorUID: String) async throws(AuthError) -> SessionCredentials {
        let refreshToken = try await backend.refreshToken(forSession: idToken)
        return SessionCredentials(
            try await backend.withdraw(idToken: idToken, refreshToken: refreshToken, factorUID: factorUID))
    }

    func finalizeSecondFactor(
        pendingCredential: String, assertion: MultiFactorAssertion
    ) async throws(AuthError) -> SessionCredentials {
        SessionCredentials(try await backend.resolveSignIn(pendingID: pendingCredential, assertion: assertion).tokens)
    }

    func sendPasswordReset(email: String) async throws(AuthError) { try await backend.sendPasswordReset(email: email) }

    func confirmPasswordReset(oobCode: String, newPassword: String) async throws(AuthError) {
        try await backend.confirmPasswordReset(oobCode: oobCode, newPassword: newPassword)
    }

    func refresh(refreshToken: String) async throws(AuthError) -> SessionCredentials {
        SessionCredentials(try await backend.refresh(refreshToken))
    }

    func revokeRefreshTokens(uid: String) async throws(AuthError) { try await backend.revokeSessions(of: uid) }

    func setDisabled(_ disabled: Bool, uid: String) async throws(AuthError) {
        try await backend.setDisabled(disabled, uid: uid)
    }
}

extension SessionCredentials {
    init(_ tokens: SessionTokens) { self.init(idToken: tokens.idToken, refreshToken: tokens.refreshToken) }
}

extension ReferenceBackend {
    package nonisolated var accounts: (any AccountsFacet)? { ReferenceAccounts(backend: self) }
    package nonisolated var admin: (any AccountAdminFacet)? { ReferenceAccounts(backend: self) }
}
