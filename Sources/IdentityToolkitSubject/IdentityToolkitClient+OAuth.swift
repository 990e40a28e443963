import ConformanceKit
import Foundation
import MockIdP

/// Generic OAuth (`OAuthProvider`, github.com) over REST, as the hosted auth handler drives it for the iOS SDK:
/// `createAuthUri` with `providerId`, `continueUri` (the auth handler), `customParameter` and `oauthScope` gives the
/// provider's `authUri` and a `sessionId`; the world's browser visits `authUri` (at the check's GitHub, which the
/// server was pointed at) and the provider redirects back to the auth handler with the code and the state; the
/// credential is that redirect with the session (the SDK's `OAuthResponseURLString` and `sessionID`,
/// firebase-ios-sdk `FirebaseAuth/Sources/Swift/AuthProvider/OAuthProvider.swift`, `getCredentialWith`). The code is
/// exchanged by the server inside `signInWithIdp`
/// (`verifyAssertion` with `requestUri` and `sessionId`), at the credential's first use. Offered only when the server
/// reaches the check's providers (``ProviderEndpointsHost``).
extension IdentityToolkitClient: OAuthFacet {
    nonisolated var oauth: (any OAuthFacet)? { backend.http.providerEndpoints == nil ? nil : self }

    /// The auth handler of the server's project, the `redirect_uri` registered with the provider (OAUTH-5).
    nonisolated var authHandlerURL: URL { backend.project.with(\.projectID, backend.projectID).authHandlerURL }

    func credential(with provider: OAuthProvider) async throws(AuthError) -> AuthCredential {
        var body: [String: FixtureValue] = [
            "providerId": .string(provider.providerID), "continueUri": .string(authHandlerURL.absoluteString),
        ]
        if !provider.customParameters.isEmpty {
            body["customParameter"] = .object(provider.customParameters.mapValues { .string($0) })
        }
        if !provider.scopes.isEmpty { body["oauthScope"] = .string(provider.scopes.joined(separator: ",")) }
        let answer = try await post(.createAuthUri, .object(body))
        guard let authURI = answer["authUri"]?.stringValue.flatMap(URL.init(string:)),
            let sessionID = answer["sessionId"]?.stringValue
        else { throw AuthError(.internalError, "createAuthUri answered no authUri and sessionId: \(answer)") }
        let page = backend.http.providerEndpoints.flatMap { ProviderEndpointsLayout.providerURL(of: authURI, at: $0) }
        pendingOAuth = PendingOAuthRedirect(sessionID: sessionID)
        let outcome = await world.browser.open(page ?? authURI, on: device)
        let redirect = pendingOAuth?.redirect
        pendingOAuth = nil
        guard let redirect else {
            if case .errorPage(let status, let message) = outcome {
                throw AuthError(.webNetworkRequestFailed, "the provider's page failed (\(status)): \(message)")
            }
            throw AuthError(.webContextCancelled, "the user closed the window before the provider redirected back")
        }
        let query = URLComponents(url: redirect, resolvingAgainstBaseURL: false)?.queryItems ?? []
        if let error = query.first(where: { $0.name == "error" })?.value {
            guard error == "access_denied" else {
                throw AuthError(.invalidCredential, "the provider refused: \(error)")
            }
            throw AuthError(.webContextCancelled, "the user denied the app at the provider")
        }
        return .oauthResponse(providerID: provider.providerID, sessionID: sessionID, responseURL: redirect)
    }

    /// Takes a redirect to the auth handler that carries the waiting request's state (its `sessionId`), once.
    func takeOAuthRedirect(_ url: URL) -> Bool {
        let handler = authHandlerURL
        guard var pending = pendingOAuth, pending.redirect == nil, url.host == handler.host, url.path == handler.path,
            URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems?.first(where: { $0.name == "state" })?
                .value == pending.sessionID
        else { return false }
        pending.redirect = url
        pendingOAuth = pending
        return true
    }

    /// What `verifyAssertion` says about the credential: Apple's identity token and nonce, or a generic provider's
    /// access token, in `postBody`; a provider's redirect in `requestUri` with its `sessionId`; nil for a credential
    /// of another kind or a provider the server does not reach.
    nonisolated func assertionFields(of credential: AuthCredential) -> [String: FixtureValue]? {
        guard backend.http.providerEndpoints != nil else { return nil }
        var fields: [String: FixtureValue] = ["returnSecureToken": .bool(true), "returnIdpCredential": .bool(true)]
        switch credential {
        case .apple:
            guard let postBody = Self.postBody(of: credential) else { return nil }
            fields["requestUri"] = .string("http://localhost")
            fields["postBody"] = .string(postBody)
        case .oauth(let providerID, let accessToken, _):
            fields["requestUri"] = .string("http://localhost")
            fields["postBody"] = .string(
                FormEncoding.encode([("providerId", providerID), ("access_token", accessToken)]))
        case .oauthResponse(_, let sessionID, let responseURL):
            fields["requestUri"] = .string(responseURL.absoluteString)
            fields["sessionId"] = .string(sessionID)
        default: return nil
        }
        return fields
    }

    /// The provider's side of a `verifyAssertion` answer: its profile (`rawUserInfo`, values as text) and, for a
    /// generic provider, its access token on an OAuth credential (OAUTH-8).
    static func providerResult(of answer: FixtureValue) -> (profile: [String: String]?, credential: AuthCredential?) {
        var profile: [String: String]?
        if let raw = answer["rawUserInfo"]?.stringValue,
            case .object(let fields)? = FixtureValue.decoding(Data(raw.utf8))
        {
            // A whole number as its digits where an integer holds it exactly, any other as Swift writes a `Double`
            // (`stringValue`): a value the provider wrote as 1e300 is no trapping conversion.
            profile = fields.compactMapValues(\.stringValue)
        }
        var credential: AuthCredential?
        if let providerID = answer["providerId"]?.stringValue, providerID != ProviderID.apple,
            let token = answer["oauthAccessToken"]?.stringValue
        {
            credential = .oauth(providerID: providerID, accessToken: token, idToken: nil)
        }
        return (profile, credential)
    }
}

/// A generic OAuth request the app waits for: `createAuthUri`'s session (the state the provider brings back), and
/// the provider's redirect once it came.
struct PendingOAuthRedirect: Sendable {
    let sessionID: String
    var redirect: URL?
}
