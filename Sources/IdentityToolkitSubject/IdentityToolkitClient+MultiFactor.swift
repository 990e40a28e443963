import ConformanceKit
import Foundation

/// SMS second factors over the v2 API: enrollment, withdrawal, and the resolver's sign-in.
extension IdentityToolkitClient {
    func multiFactorSession() async throws(AuthError) -> MultiFactorSession {
        MultiFactorSession(try await getIDToken(forceRefresh: false))
    }

    func verifyPhoneNumber(
        _ phoneNumber: String, multiFactorSession: MultiFactorSession
    ) async throws(AuthError) -> String {
        guard !phoneNumber.isEmpty else {
            throw AuthError(.missingPhoneNumber, "to send verification codes, provide a phone number for the recipient")
        }
        let answer = try await post(
            .startMFAEnrollment,
            .object([
                "idToken": .string(multiFactorSession.rawValue),
                "phoneEnrollmentInfo": .object(["phoneNumber": .string(phoneNumber)]),
            ]))
        return try await delivered(
            answer["phoneSessionInfo"]?["sessionInfo"]?.stringValue, to: phoneNumber, call: "mfaEnrollment:start")
    }

    func verifyPhoneNumber(
        with hint: MultiFactorInfo, multiFactorSession: MultiFactorSession
    ) async throws(AuthError) -> String {
        // The SDK sends the hint's number as the server gave it: masked.
        let answer = try await post(
            .startMFASignIn,
            .object([
                "mfaPendingCredential": .string(multiFactorSession.rawValue), "mfaEnrollmentId": .string(hint.uid),
                "phoneSignInInfo": .fields(["phoneNumber": .text(hint.phoneNumber)]),
            ]))
        return try await delivered(
            answer["phoneResponseInfo"]?["sessionInfo"]?.stringValue, to: hint.phoneNumber ?? "",
            call: "mfaSignIn:start")
    }

    private func delivered(
        _ sessionInfo: String?, to phoneNumber: String, call: String
    ) async throws(AuthError) -> String {
        guard let sessionInfo, !sessionInfo.isEmpty else {
            throw AuthError(.invalidVerificationID, "\(call) answered no sessionInfo")
        }
        try await backend.outbox.deliverTexts(for: sessionInfo, to: phoneNumber)
        return sessionInfo
    }

    func enroll(with assertion: MultiFactorAssertion, displayName: String?) async throws(AuthError) {
        _ = try signedIn()
        let idToken = try await getIDToken(forceRefresh: false)
        var body = Self.verificationInfo(assertion)
        body["idToken"] = .string(idToken)
        body["displayName"] = .text(displayName)
        try await startSession(try await post(.finalizeMFAEnrollment, .fields(body)), refreshingAtOnce: true)
    }

    func unenroll(factorUID: String) async throws(AuthError) {
        _ = try signedIn()
        let idToken = try await getIDToken(forceRefresh: false)
        let answer = try await post(
            .withdrawMFA, .object(["idToken": .string(idToken), "mfaEnrollmentId": .string(factorUID)]))
        try await startSession(answer, refreshingAtOnce: true)
    }

    /// `mfaSignIn:finalize`: the resolver's sign-in. Like the iOS SDK, the result carries no `additionalUserInfo`.
    func resolveSignIn(
        pendingCredential: String, assertion: MultiFactorAssertion
    ) async throws(AuthError) -> AuthDataResult {
        var body = Self.verificationInfo(assertion)
        body["mfaPendingCredential"] = .string(pendingCredential)
        let user = try await startSession(try await post(.finalizeMFASignIn, .fields(body)), refreshingAtOnce: true)
        return AuthDataResult(user: user, additionalUserInfo: nil)
    }

    static func verificationInfo(_ assertion: MultiFactorAssertion) -> [String: FixtureValue?] {
        switch assertion {
        case .phone(let verificationID, let code):
            ["phoneVerificationInfo": .object(["sessionInfo": .string(verificationID), "code": .string(code)])]
        case .totp(let oneTimePassword):
            ["totpVerificationInfo": .object(["verificationCode": .string(oneTimePassword)])]
        }
    }
}

/// The resolver a multi-factor user's first-factor sign-in throws: the pending credential and the masked hints.
struct IdentityToolkitResolver: MultiFactorResolver {
    let client: IdentityToolkitClient
    let session: MultiFactorSession
    let hints: [MultiFactorInfo]

    func resolveSignIn(with assertion: MultiFactorAssertion) async throws(AuthError) -> AuthDataResult {
        try await client.resolveSignIn(pendingCredential: session.rawValue, assertion: assertion)
    }
}
