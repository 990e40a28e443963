import Foundation

/// Generic OAuth sign-in through the system browser (Firebase `OAuthProvider`, `getCredentialWith`): the `oauth`
/// flow. Signing in, linking and re-authenticating with the credential go through the core, with
/// ``AuthCredential/oauth(providerID:accessToken:idToken:)``.
public protocol OAuthFacet: Sendable {
    /// `OAuthProvider.getCredentialWith(_:)`: the authorization-code flow in the system browser, ending with the
    /// provider's credential; `webContextCancelled` when the user denies or closes the window.
    func credential(with provider: OAuthProvider) async throws(AuthError) -> AuthCredential
}

/// Firebase `OAuthProvider(providerID:)` with its custom parameters and scopes.
public struct OAuthProvider: Sendable, Hashable {
    public var providerID: String
    /// Sent with the authorization request; the reserved OAuth parameters cannot be set (OAUTH-1).
    public var customParameters: [String: String]
    /// Scopes beyond the provider's default profile scopes (e.g. `user:email`).
    public var scopes: [String]

    public init(providerID: String, customParameters: [String: String] = [:], scopes: [String] = []) {
        self.providerID = providerID
        self.customParameters = customParameters
        self.scopes = scopes
    }
}

/// A generic OAuth provider as the project enables it in the console: the client ID and secret registered with it.
public struct OAuthProviderSettings: Sendable, Hashable, Codable {
    public var isEnabled: Bool
    public var clientID: String
    public var clientSecret: String

    public init(isEnabled: Bool = true, clientID: String, clientSecret: String) {
        self.isEnabled = isEnabled
        self.clientID = clientID
        self.clientSecret = clientSecret
    }

    /// The standard project's GitHub OAuth app.
    public static let github = OAuthProviderSettings(
        clientID: "Iv1.c0nf0rmance", clientSecret: "conformance-github-client-secret")
}

extension ProjectConfiguration {
    /// The project's auth handler, the redirect URI registered with every OAuth provider.
    public var authHandlerURL: URL { URL(string: "https://\(projectID).firebaseapp.com/__/auth/handler")! }
}
