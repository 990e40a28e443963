import ConformanceKit
import HTTPMessages
import ReferenceAuth

/// The v2 multi-factor calls: enrollment start, finalize and withdraw, second-factor sign-in start and finalize, for
/// SMS and TOTP factors.
extension ServerCall {
    func startEnrollment() async throws(AuthError) -> FixtureValue {
        // Production refuses an ID token whose session has ended (a new password, a revocation) with TOKEN_EXPIRED
        // before anything else, as finalize and withdraw do.
        _ = try await backend.refreshToken(forSession: string("idToken") ?? "")
        if body["totpEnrollmentInfo"] != nil, body["phoneEnrollmentInfo"] == nil {
            return try await startTOTPEnrollment()
        }
        let sessionInfo = try await backend.startEnrollment(
            idToken: string("idToken") ?? "", phoneNumber: string("phoneNumber", in: body["phoneEnrollmentInfo"]) ?? "",
            proof: .none, languageCode: languageCode, device: Self.device)
        await project.recordTexts(for: sessionInfo)
        return .object(["phoneSessionInfo": .object(["sessionInfo": .string(sessionInfo)])])
    }

    /// `totpSessionInfo`, as the JS SDK's `TotpSecret.fromStartTotpMfaEnrollmentResponse` reads it (firebase-js-sdk
    /// `packages/auth/src/mfa/assertions/totp.ts`), in the v2 discovery document's
    /// `StartMfaTotpEnrollmentResponseInfo` shape.
    private func startTOTPEnrollment() async throws(AuthError) -> FixtureValue {
        let session = try await backend.startTOTPEnrollment(idToken: string("idToken") ?? "")
        return .object([
            "totpSessionInfo": .object([
                "sharedSecretKey": .string(session.sharedSecretKey),
                "verificationCodeLength": .number(Double(TOTP.codeLength)),
                "hashingAlgorithm": .string(TOTP.hashingAlgorithm), "periodSec": .number(Double(TOTP.period)),
                "sessionInfo": .string(session.sessionInfo),
                "finalizeEnrollmentTime": .string(RFC3339.text(session.finalizeEnrollmentTime)),
            ])
        ])
    }

    func finalizeEnrollment() async throws(AuthError) -> FixtureValue {
        let idToken = string("idToken") ?? ""
        let refreshToken = try await backend.refreshToken(forSession: idToken)
        if let totp = body["totpVerificationInfo"] {
            let tokens = try await backend.finalizeTOTPEnrollment(
                idToken: idToken, refreshToken: refreshToken, sessionInfo: string("sessionInfo", in: totp) ?? "",
                code: string("verificationCode", in: totp) ?? "", displayName: string("displayName"))
            return .object([
                "idToken": .string(tokens?.idToken ?? idToken),
                "refreshToken": .string(tokens?.refreshToken ?? refreshToken), "totpAuthInfo": .object([:]),
            ])
        }
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
        let response: SignInResponse
        if let totp = body["totpVerificationInfo"] {
            response = try await backend.resolveSignInWithTOTP(
                pendingID: pendingCredential, enrollmentID: string("mfaEnrollmentId") ?? "",
                code: string("verificationCode", in: totp) ?? "")
        } else {
            response = try await backend.resolveSignInAtTheDoor(
                pendingID: pendingCredential, assertion: try assertion())
        }
        return .object([
            "idToken": .string(response.tokens.idToken), "refreshToken": .string(response.tokens.refreshToken),
        ])
    }

    /// The SMS second factor the request proves: `phoneVerificationInfo` (TOTP's `totpVerificationInfo` is answered
    /// by the backend's TOTP calls).
    private func assertion() throws(AuthError) -> MultiFactorAssertion {
        let phone = body["phoneVerificationInfo"]
        return .phone(
            verificationID: string("sessionInfo", in: phone) ?? "", verificationCode: string("code", in: phone) ?? "")
    }
}
