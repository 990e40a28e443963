import MockIdP

/// The facets' calls as the checks make them: through the facet, or an ``AdapterError`` when it is missing.
extension AuthClient {
    func verifyPhoneNumber(_ phoneNumber: String) async throws -> String {
        try await required(\.phone, .phone).verifyPhoneNumber(phoneNumber)
    }

    func setAppVerificationDisabledForTesting(_ disabled: Bool) async throws {
        try await required(\.phone, .phone).setAppVerificationDisabledForTesting(disabled)
    }

    func createUser(withEmail email: String, password: String) async throws -> AuthDataResult {
        try await required(\.emailPassword, .emailPassword).createUser(withEmail: email, password: password)
    }

    func sendEmailVerification() async throws {
        try await required(\.emailPassword, .emailPassword).sendEmailVerification()
    }

    func applyActionCode(_ code: String) async throws {
        try await required(\.emailPassword, .emailPassword).applyActionCode(code)
    }

    func reload() async throws { try await required(\.emailPassword, .emailPassword).reload() }

    func multiFactorSession() async throws -> MultiFactorSession {
        try await required(\.multiFactor, .multiFactor).multiFactorSession()
    }

    func verifyPhoneNumber(_ phoneNumber: String, multiFactorSession: MultiFactorSession) async throws -> String {
        try await required(\.multiFactor, .multiFactor).verifyPhoneNumber(
            phoneNumber, multiFactorSession: multiFactorSession)
    }

    func verifyPhoneNumber(with hint: MultiFactorInfo, multiFactorSession: MultiFactorSession) async throws -> String {
        try await required(\.multiFactor, .multiFactor).verifyPhoneNumber(
            with: hint, multiFactorSession: multiFactorSession)
    }

    func enroll(with assertion: MultiFactorAssertion, displayName: String?) async throws {
        try await required(\.multiFactor, .multiFactor).enroll(with: assertion, displayName: displayName)
    }

    func unenroll(factorUID: String) async throws {
        try await required(\.multiFactor, .multiFactor).unenroll(factorUID: factorUID)
    }

    func sendSignInLink(toEmail email: String, actionCodeSettings: ActionCodeSettings) async throws {
        try await required(\.emailLink, .emailLink).sendSignInLink(
            toEmail: email, actionCodeSettings: actionCodeSettings)
    }

    func isSignIn(withEmailLink link: String) async throws -> Bool {
        try await required(\.emailLink, .emailLink).isSignIn(withEmailLink: link)
    }

    func signIn(withEmail email: String, link: String) async throws -> AuthDataResult {
        try await required(\.emailLink, .emailLink).signIn(withEmail: email, link: link)
    }

    func fetchSignInMethods(forEmail email: String) async throws -> [String] {
        try await required(\.emailLink, .emailLink).fetchSignInMethods(forEmail: email)
    }

    func credential(with provider: OAuthProvider) async throws -> AuthCredential {
        try await required(\.oauth, .oauth).credential(with: provider)
    }

    func randomNonce(length: Int) throws -> String { try required(\.apple, .apple).randomNonce(length: length) }

    func requestAppleAuthorization() async throws -> AppleAuthorization {
        try await required(\.apple, .apple).requestAuthorization()
    }

    func appleCredential(for authorization: AppleAuthorization) async throws -> AuthCredential {
        try await required(\.apple, .apple).credential(for: authorization)
    }

    func revokeAppleToken(withAuthorizationCode code: String) async throws {
        try await required(\.apple, .apple).revokeToken(withAuthorizationCode: code)
    }

    private func required<F>(_ keyPath: KeyPath<Self, F?>, _ facet: Facet) throws(AdapterError) -> F {
        guard let value = self[keyPath: keyPath] else { throw .missing(facet) }
        return value
    }
}
