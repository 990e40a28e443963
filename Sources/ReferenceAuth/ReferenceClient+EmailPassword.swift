import ConformanceKit

/// Email and password, and anonymous sign-in, on the app.
extension ReferenceClient: EmailPasswordFacet, AnonymousAuthFacet {
    nonisolated var emailPassword: (any EmailPasswordFacet)? { offers(.emailPassword) ? self : nil }
    nonisolated var anonymous: (any AnonymousAuthFacet)? { self }

    func createUser(withEmail email: String, password: String) async throws(AuthError) -> AuthDataResult {
        let (started, listening) = (signOutCount, listenersAtStart)
        return await signIn(
            try await overNetwork("signUp", await backend.signUp(email: email, password: password)), started: started,
            listening: listening)
    }

    func sendEmailVerification() async throws(AuthError) {
        let idToken = try await getIDToken(forceRefresh: false)
        try await overNetwork("sendEmailVerification", await backend.sendEmailVerification(idToken: idToken))
    }

    func applyActionCode(_ code: String) async throws(AuthError) {
        try await overNetwork("applyActionCode", await backend.applyActionCode(code))
    }

    func reload() async throws(AuthError) { _ = try signedIn() }

    func signInAnonymously() async throws(AuthError) -> AuthDataResult {
        await signIn(await world.network.send("signInAnonymously", from: device) { await backend.signInAnonymously() })
    }
}
