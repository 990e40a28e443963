import ConformanceKit
import Foundation
import MockIdP

/// Sign in with Apple over REST, as Firebase's guide and the iOS SDK do it: a raw nonce from a secure generator, its
/// SHA-256 hex in the request on the system sheet (the world's Apple), and the identity token with the raw nonce sent
/// to the server in `verifyAssertion`'s `postBody` (`providerId=apple.com&id_token=…&nonce=…[&user=…]`,
/// firebase-ios-sdk `FirebaseAuth/Sources/Swift/Backend/RPC/VerifyAssertionRequest.swift`), which verifies them
/// against Apple's key set at the provider endpoints it was pointed at. Offered only when the server reaches the
/// check's Apple (``ProviderEndpointsHost``).
extension IdentityToolkitClient: AppleSignInFacet {
    nonisolated var apple: (any AppleSignInFacet)? { backend.http.providerEndpoints == nil ? nil : self }

    /// The guide's `randomNonceString(length:)`: the system's secure generator over its 64-character alphabet.
    nonisolated func randomNonce(length: Int) throws(AuthError) -> String {
        do { return try AppleNonce.random(length: length) } catch {
            throw AuthError(.missingOrInvalidNonce, "a nonce needs at least one character: \(error)")
        }
    }

    func requestAuthorization() async throws(AuthError) -> AppleAuthorization {
        let rawNonce = try randomNonce(length: AppleNonce.defaultLength)
        pendingAppleNonce = rawNonce
        let request = AppleAuthorizationRequest(
            clientID: backend.project.apple.clientID, nonce: AppleNonce.sha256Hex(rawNonce))
        switch await world.apple.authorize(request, on: device) {
        case .success(let authorization): return authorization
        case .failure(let error):
            pendingAppleNonce = nil
            guard case .canceled = error else {
                throw AuthError(.webSignInUserInteractionFailure, "Sign in with Apple failed: \(error)")
            }
            throw AuthError(.webContextCancelled, "the user cancelled Sign in with Apple")
        }
    }

    /// The delegate's callback: the credential with the pending request's raw nonce, which is then forgotten (a
    /// callback with no request waiting fails, APPLE-6).
    func credential(for authorization: AppleAuthorization) async throws(AuthError) -> AuthCredential {
        guard let rawNonce = pendingAppleNonce else {
            throw AuthError(
                .missingOrInvalidNonce, "a Sign in with Apple callback came, but no sign-in request was sent")
        }
        pendingAppleNonce = nil
        return .apple(idToken: authorization.identityToken, rawNonce: rawNonce, fullName: PersonName(of: authorization))
    }

    /// `Auth.revokeToken(withAuthorizationCode:)`: `accounts:revokeToken` (v2) with `tokenType` "3" (a code). The
    /// SDK never returns when nobody is signed in; the rule asks for a prompt failure (APPLE-11), so it fails at once.
    func revokeToken(withAuthorizationCode authorizationCode: String) async throws(AuthError) {
        _ = try signedIn()
        let idToken = try await getIDToken(forceRefresh: false)
        _ = try await post(
            .revokeToken,
            .object([
                "providerId": .string(ProviderID.apple), "tokenType": .string("3"), "token": .string(authorizationCode),
                "idToken": .string(idToken),
            ]))
    }

    /// `verifyAssertion` for an identity provider's credential (Apple's, or a generic provider's,
    /// ``assertionFields(of:)``), to sign in (`autoCreate` true) or re-authenticate (false); nil for a credential of
    /// another kind.
    func identityProviderFirstFactor(
        _ credential: AuthCredential, reauthenticating: Bool
    ) async throws(AuthError) -> FixtureValue? {
        guard var fields = assertionFields(of: credential) else { return nil }
        fields["autoCreate"] = .bool(!reauthenticating)
        return try await post(.verifyAssertion, .object(fields))
    }

    /// `verifyAssertion` with the user's ID token: the credential linked. `FEDERATED_USER_ID_ALREADY_LINKED` is
    /// `credentialAlreadyInUse` with the credential that signs in to the account that has it (APPLE-9).
    func identityProviderLink(_ credential: AuthCredential, idToken: String) async throws(AuthError) -> FixtureValue? {
        guard var fields = assertionFields(of: credential) else { return nil }
        fields["idToken"] = .string(idToken)
        do { return try await post(.verifyAssertion, .object(fields)) } catch
            where error.code == .credentialAlreadyInUse
        { throw AuthError(error.code, error.message, updatedCredential: credential) }
    }

    /// The `postBody` of an Apple credential: `providerId`, `id_token`, `nonce` and, with a name, `user` (JSON with
    /// sorted keys), as the iOS SDK's `VerifyAssertionRequest` writes it.
    static func postBody(of credential: AuthCredential) -> String? {
        guard case .apple(let idToken, let rawNonce, let fullName) = credential else { return nil }
        var items = [("providerId", ProviderID.apple), ("id_token", idToken)]
        if let rawNonce { items.append(("nonce", rawNonce)) }
        if let fullName {
            var name: [String: FixtureValue] = [:]
            name["firstName"] = fullName.givenName.map { .string($0) }
            name["lastName"] = fullName.familyName.map { .string($0) }
            items.append(
                ("user", String(decoding: FixtureValue.object(["name": .object(name)]).encoded, as: UTF8.self)))
        }
        return FormEncoding.encode(items)
    }
}
