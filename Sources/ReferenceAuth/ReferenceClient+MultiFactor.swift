import ConformanceKit

/// SMS multi-factor on the app: enrolling a second factor, and the resolver that completes a sign-in with one.
extension ReferenceClient: MultiFactorFacet {
    nonisolated var multiFactor: (any MultiFactorFacet)? { offers(.multiFactor) ? self : nil }

    func multiFactorSession() async throws(AuthError) -> MultiFactorSession {
        MultiFactorSession(try await getIDToken(forceRefresh: false))
    }

    func verifyPhoneNumber(
        _ phoneNumber: String, multiFactorSession: MultiFactorSession
    ) async throws(AuthError) -> String {
        let proof = try await appProof()
        return try await overNetwork(
            "startEnrollment",
            await backend.startEnrollment(
                idToken: multiFactorSession.rawValue, phoneNumber: phoneNumber, proof: proof,
                languageCode: languageCode, device: device))
    }

    func verifyPhoneNumber(
        with hint: MultiFactorInfo, multiFactorSession: MultiFactorSession
    ) async throws(AuthError) -> String {
        let proof = try await appProof()
        return try await overNetwork(
            "startSecondFactor",
            await backend.startSecondFactor(
                pendingID: multiFactorSession.rawValue, factorUID: hint.uid, proof: proof, languageCode: languageCode,
                device: device))
    }

    func enroll(with assertion: MultiFactorAssertion, displayName: String?) async throws(AuthError) {
        if behaviour.multiFactor.refreshesBeforeEnrolling { _ = try await getIDToken(forceRefresh: true) }
        let current = try signedIn()
        let idToken = try await getIDToken(forceRefresh: false)
        let tokens = try await overNetwork(
            "finalizeEnrollment",
            await backend.finalizeEnrollment(
                idToken: idToken, refreshToken: current.tokens.refreshToken, assertion: assertion,
                displayName: displayName))
        guard let tokens, behaviour.multiFactor.enrollmentRenewsSession else { return }
        setSession((current.uid, tokens))
        if behaviour.multiFactor.enrollmentNotifiesListeners { await notifyListeners() }
    }

    func unenroll(factorUID: String) async throws(AuthError) {
        let current = try signedIn()
        let idToken = try await getIDToken(forceRefresh: false)
        setSession(
            (
                current.uid,
                try await overNetwork(
                    "withdraw",
                    await backend.withdraw(
                        idToken: idToken, refreshToken: current.tokens.refreshToken, factorUID: factorUID))
            ))
        if behaviour.multiFactor.unenrollmentNotifiesListeners { await notifyListeners() }
    }
}

/// The resolver a multi-factor user's first-factor sign-in throws (`MultiFactorResolver`).
struct ReferenceResolver: MultiFactorResolver {
    let client: ReferenceClient
    let session: MultiFactorSession
    let hints: [MultiFactorInfo]

    func resolveSignIn(with assertion: MultiFactorAssertion) async throws(AuthError) -> AuthDataResult {
        let started = await client.signOutCount
        let response = try await client.overNetwork(
            "resolveSignIn", await client.backend.resolveSignIn(pendingID: session.rawValue, assertion: assertion))
        return await client.signIn(response, started: started)
    }
}
