import ConformanceKit
import ReferenceAuth

/// The v2 multi-factor calls: enrollment start, finalize and withdraw, second-factor sign-in start and finalize.
extension ServerCall {
    func startEnrollment() async throws(AuthError) -> FixtureValue {
        // A served project has SMS second factors only: TOTP is refused as production refuses it where the project
        // does not enable it (the JS SDK shows `auth/operation-not-allowed`).
        if body["totpEnrollmentInfo"] != nil, body["phoneEnrollmentInfo"] == nil {
            throw AuthError(.operationNotAllowed, "TOTP based MFA not enabled.")
        }
        // Production refuses an ID token whose session has ended (a new password, a revocation) with TOKEN_EXPIRED
        // before anything else, as finalize and withdraw do.
        _ = try await backend.refreshToken(forSession: string("idToken") ?? "")
        let sessionInfo = try await backend.startEnrollment(
            idToken: string("idToken") ?? "", phoneNumber: string("phoneNumber", in: body["phoneEnrollmentInfo"]) ?? "",
            proof: .none, languageCode: languageCode, device: Self.device)
        await project.recordTexts(for: sessionInfo)
        return .object(["phoneSessionInfo": .object(["sessionInfo": .string(sessionInfo)])])
    }

    func finalizeEnrollment() async throws(AuthError) -> FixtureValue {
        let idToken = string("idToken") ?? ""
        let refreshToken = try await backend.refreshToken(forSession: idToken)
        let tokens = try await backend.finalizeEnrollmentAtTheDoor(
            idToken: idToken, refreshToken: refreshToken, assertion: try assertion(), displayName: string("displayName")
        )
        return .object([
            "idToken": .string(tokens?.idToken ?? idToken),
            "refreshToken": .string(tokens?.refreshToken ?? refreshToken),
        ])
    }

    func withdrawEnrollment() async throws(AuthError) -> FixtureValue {
        let idToken = string("idToken") ?? ""
        let refreshToken = try await backend.refreshToken(forSession: idToken)
        let (grant, _) = try await backend.session(idToken)
        let tokens = try await backend.withdraw(
            idToken: idToken, refreshToken: refreshToken, factorUID: string("mfaEnrollmentId") ?? "")
        return .object(Self.tokens(tokens, uid: grant.uid))
    }

    func startSecondFactor() async throws(AuthError) -> FixtureValue {
        let pendingCredential = string("mfaPendingCredential") ?? ""
        guard !pendingCredential.isEmpty else {
            throw AuthError(.missingMultiFactorSession, "the request has no mfaPendingCredential")
        }
        let sessionInfo = try await backend.startSecondFactor(
            pendingID: pendingCredential, factorUID: string("mfaEnrollmentId") ?? "", proof: .none,
            languageCode: languageCode, device: Self.device)
        await project.recordTexts(for: sessionInfo)
        return .object(["phoneResponseInfo": .object(["sessionInfo": .string(sessionInfo)])])
    }

    func finalizeSecondFactor() async throws(AuthError) -> FixtureValue {
        let pendingCredential = string("mfaPendingCredential") ?? ""
        guard !pendingCredential.isEmpty else {
            throw AuthError(.missingMultiFactorSession, "the request has no mfaPendingCredential")
        }
        // `{idToken, refreshToken}` only, as production and the emulator answer it (operations.ts mfaSignInFinalize).
        let response = try await backend.resolveSignInAtTheDoor(
            pendingID: pendingCredential, assertion: try assertion())
        return .object([
            "idToken": .string(response.tokens.idToken), "refreshToken": .string(response.tokens.refreshToken),
        ])
    }

    /// The second factor the request proves: `phoneVerificationInfo` or `totpVerificationInfo`.
    private func assertion() throws(AuthError) -> MultiFactorAssertion {
        if let totp = body["totpVerificationInfo"] {
            return .totp(oneTimePassword: string("verificationCode", in: totp) ?? "")
        }
        let phone = body["phoneVerificationInfo"]
        return .phone(
            verificationID: string("sessionInfo", in: phone) ?? "", verificationCode: string("code", in: phone) ?? "")
    }
}
