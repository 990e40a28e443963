import ConformanceKit

/// Email-link sign-in on the app: sending the link, recognizing it, signing in with it.
extension ReferenceClient: EmailLinkFacet {
    nonisolated var emailLink: (any EmailLinkFacet)? { offers(.emailLink) ? self : nil }

    func sendSignInLink(toEmail email: String, actionCodeSettings: ActionCodeSettings) async throws(AuthError) {
        try await overNetwork(
            "sendSignInLink",
            await backend.sendSignInLink(to: email, settings: actionCodeSettings, languageCode: languageCode))
    }

    nonisolated func isSignIn(withEmailLink link: String) async -> Bool {
        backend.behaviour.emailLink.recognizesLink(link)
    }

    func signIn(withEmail email: String, link: String) async throws(AuthError) -> AuthDataResult {
        try await signIn(with: .emailLink(email: email, link: link))
    }

    func fetchSignInMethods(forEmail email: String) async throws(AuthError) -> [String] {
        await world.network.send("signInMethods", from: device) { await backend.signInMethods(for: email) }
    }

    /// The code of a sign-in link for `email`, checked as the SDK checks it before asking the backend.
    func emailLinkCode(email: String, link: String) throws(AuthError) -> String {
        guard !email.isEmpty || !backend.behaviour.emailLink.requiresEmail else {
            throw AuthError(.missingEmail, "an email address is needed to complete sign-in with a link")
        }
        return try EmailSignInLink.oobCode(of: link)
    }
}
