import ConformanceKit
import Foundation
import MockIdP

/// One request to an identity provider (GitHub's `github.com` and `api.github.com`, Apple's `appleid.apple.com`),
/// addressed at the provider's real URL, and its answer; a request that reaches nobody answers 503.
package typealias ProviderTransport = @Sendable (HTTPRequest) async -> HTTPResponse

/// The identity-provider calls of a served server (`createAuthUri` with a provider, `signInWithIdp`,
/// `accounts:revokeToken`): the backend's own OAuth and Apple steps, reached from another module, with the
/// providers reached over HTTP where the server was pointed at them (OAUTH and APPLE rules over HTTP).
extension ReferenceBackend {
    /// From now on, GitHub and Apple are reached through `transport` (nil: the world's parties in process again).
    package func reachProviders(through transport: ProviderTransport?) { providerTransport = transport }

    /// Whether the backend was pointed at provider endpoints (``reachProviders(through:)``).
    package var reachesProviders: Bool { providerTransport != nil }

    /// The authorization request for `provider` (`createAuthUri` with a `providerId`): GitHub's authorize URL and the
    /// state the code's exchange will be asked for.
    package func authorizationRequest(for provider: OAuthProvider) throws(AuthError) -> (url: URL, state: String) {
        let request = try startOAuth(provider)
        return (request.url, request.state)
    }

    /// The code of a provider's redirect exchanged for its access token, for the request `state` names.
    package func exchangeCode(_ code: String, state: String?) async throws(AuthError) -> String {
        try await exchangeOAuthCode(code, state: state)
    }

    /// Signs in (or, with `creatingUser`, up) with a provider's access token.
    package func signIn(
        providerID: String, accessToken: String, creatingUser: Bool
    ) async throws(AuthError) -> SignInOutcome {
        try await signInWithOAuth(providerID: providerID, accessToken: accessToken, creatingUser: creatingUser)
    }

    /// Signs in (or, with `creatingUser`, up) with Apple's identity token and the raw nonce.
    package func signIn(
        appleIDToken idToken: String, rawNonce: String?, fullName: PersonName?, creatingUser: Bool
    ) async throws(AuthError) -> SignInOutcome {
        try await signInWithApple(idToken: idToken, rawNonce: rawNonce, fullName: fullName, creatingUser: creatingUser)
    }

    /// `accounts:revokeToken` for Apple: the code exchanged at Apple's token endpoint, the token revoked (APPLE-11).
    package func revokeApple(authorizationCode: String, idToken: String) async throws(AuthError) {
        try await revokeAppleToken(authorizationCode: authorizationCode, idToken: idToken)
    }
}
