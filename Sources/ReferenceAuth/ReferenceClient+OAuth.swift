import ConformanceKit
import Foundation
import MockIdP

/// Generic OAuth on the app: the authorization request in the system browser, the redirect taken through
/// `canHandle(_:)` when its state is the pending request's, the code handed to the backend.
extension ReferenceClient: OAuthFacet {
    nonisolated var oauth: (any OAuthFacet)? { offers(.oauth) ? self : nil }

    func credential(with provider: OAuthProvider) async throws(AuthError) -> AuthCredential {
        let request = try await overNetwork("startOAuth", await backend.startOAuth(provider))
        pendingOAuth = PendingOAuth(state: request.state, redirectPath: URL(string: request.redirectURI)?.path ?? "")
        let opened = world.clock.now
        let outcome = await world.browser.open(request.url, on: device)
        let (redirect, arrived) = (pendingOAuth?.redirect, pendingOAuth?.arrived)
        pendingOAuth = nil
        if let deadline = behaviour.oauth.browserPageDeadline, let arrived, arrived >= opened.advanced(by: deadline) {
            throw AuthError(
                .webContextCancelled, "the provider's page timed out: nothing came back within \(deadline.formatted)")
        }
        guard let redirect else {
            if case .errorPage(let status, let message) = outcome {
                throw AuthError(.webNetworkRequestFailed, "the provider's page failed (\(status)): \(message)")
            }
            throw AuthError(.webContextCancelled, "the user closed the window before the provider redirected back")
        }
        let query = URLComponents(url: redirect, resolvingAgainstBaseURL: false)?.queryItems ?? []
        let value = { (name: String) in query.first { $0.name == name }?.value }
        if let error = value("error") {
            guard error == "access_denied" else {
                throw AuthError(.invalidCredential, "the provider refused: \(error)")
            }
            guard behaviour.oauth.denialCancels else {
                return .oauth(providerID: provider.providerID, accessToken: "", idToken: nil)
            }
            throw AuthError(.webContextCancelled, "the user denied the app at the provider")
        }
        guard let code = value("code") else {
            throw AuthError(.invalidCredential, "the provider redirected back without a code")
        }
        if behaviour.oauth.exchangesAtSignIn {
            return .oauthResponse(providerID: provider.providerID, sessionID: request.state, responseURL: redirect)
        }
        let token = try await overNetwork(
            "exchangeOAuthCode", await backend.exchangeOAuthCode(code, state: value("state")))
        return .oauth(providerID: provider.providerID, accessToken: token, idToken: nil)
    }

    /// The credential to use: a provider's redirect has its code exchanged now, at its first use, for the session's
    /// state (as `signInWithIdp` checks the redirect's state against `sessionId`); any other is itself.
    func exchangedAtFirstUse(_ credential: AuthCredential) async throws(AuthError) -> AuthCredential {
        guard case .oauthResponse(let providerID, let sessionID, let responseURL) = credential else {
            return credential
        }
        let query = URLComponents(url: responseURL, resolvingAgainstBaseURL: false)?.queryItems ?? []
        guard let code = query.first(where: { $0.name == "code" })?.value,
            query.first(where: { $0.name == "state" })?.value == sessionID
        else { throw AuthError(.invalidCredential, "the redirect carries no code for this session") }
        let token = try await overNetwork("exchangeOAuthCode", await backend.exchangeOAuthCode(code, state: sessionID))
        return .oauth(providerID: providerID, accessToken: token, idToken: nil)
    }

    /// Takes a redirect to the project's auth handler that answers the pending request (its state).
    func takeOAuthRedirect(_ url: URL) async -> Bool {
        guard url.host == backend.configuration.authHandlerURL.host,
            url.path.hasPrefix(backend.configuration.authHandlerURL.path)
        else { return false }
        let query = URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems ?? []
        let state = query.first { $0.name == "state" }?.value
        let takesAnyState = !behaviour.oauth.checksState || !behaviour.oauth.checksStateWhilePending
        if var pending = pendingOAuth, pending.redirect == nil, url.path == pending.redirectPath,
            state == pending.state || takesAnyState || (state == nil && behaviour.oauth.takesRedirectWithoutState)
        {
            pending.redirect = url
            pending.arrived = world.clock.now
            pendingOAuth = pending
            return true
        }
        if behaviour.oauth.takesRedirectsOfOtherDevicesRequests, pendingOAuth == nil, let state,
            let code = query.first(where: { $0.name == "code" })?.value,
            (try? await overNetwork("exchangeOAuthCode", await backend.exchangeOAuthCode(code, state: state))) != nil
        {
            return true
        }
        guard !behaviour.oauth.checksState, let code = query.first(where: { $0.name == "code" })?.value else {
            return false
        }
        _ = try? await overNetwork("exchangeOAuthCode", await backend.exchangeOAuthCode(code, state: state))
        return true
    }
}

/// An authorization request the app waits for: its state, and the provider's redirect once it came.
struct PendingOAuth: Sendable {
    let state: String
    let redirectPath: String
    var redirect: URL?
    /// When the redirect reached the app, on the world's clock.
    var arrived: VirtualClock.Instant?
}
