import ConformanceKit
import Foundation

/// Email and password accounts and anonymous users over REST.
extension IdentityToolkitClient {
    func createUser(withEmail email: String, password: String) async throws(AuthError) -> AuthDataResult {
        // As the SDK does before it asks the server (Auth.createUser).
        guard !password.isEmpty else { throw AuthError(.weakPassword, "Missing password") }
        let answer = try await post(
            .signupNewUser,
            .object([
                "email": .string(email), "password": .string(password), "returnSecureToken": .bool(true),
                "clientType": .string(SDKEndpoint.clientType),
            ]))
        let user = try await startSession(answer)
        return AuthDataResult(
            user: user, additionalUserInfo: AdditionalUserInfo(providerID: ProviderID.password, isNewUser: true))
    }

    func sendEmailVerification() async throws(AuthError) {
        let idToken = try await getIDToken(forceRefresh: false)
        let request: FixtureValue = .object([
            "requestType": .string("VERIFY_EMAIL"), "idToken": .string(idToken),
            "clientType": .string(SDKEndpoint.clientType),
        ])
        _ = try await post(.getOobConfirmationCode, request)
        try await backend.outbox.deliverEmails(asking: request)
    }

    func applyActionCode(_ code: String) async throws(AuthError) {
        _ = try await post(.setAccountInfo, .object(["oobCode": .string(code), "returnSecureToken": .bool(true)]))
    }

    func reload() async throws(AuthError) {
        let current = try signedIn()
        _ = try await lookup(current.idToken)
    }

    func signInAnonymously() async throws(AuthError) -> AuthDataResult {
        let answer = try await post(
            .signupNewUser, .object(["returnSecureToken": .bool(true), "clientType": .string(SDKEndpoint.clientType)]))
        let user = try await startSession(answer)
        return AuthDataResult(
            user: user, additionalUserInfo: AdditionalUserInfo(providerID: ProviderID.anonymous, isNewUser: true))
    }
}
