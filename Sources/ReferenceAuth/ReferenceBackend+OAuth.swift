import ConformanceKit
import Foundation
import MockIdP

/// Generic OAuth with GitHub: the authorization request, the code exchange with the client secret and the PKCE
/// verifier, and the user found or created from the provider's profile (one account per provider identity).
extension ReferenceBackend {
    /// Builds the authorization request for `provider` (`createAuthUri`): the provider must be enabled, and custom
    /// parameters cannot set the reserved ones.
    func startOAuth(_ provider: OAuthProvider) throws(AuthError) -> OAuthRequest {
        guard let settings = configuration.oauthProviders[provider.providerID],
            settings.isEnabled || !behaviour.oauth.requiresEnabledProvider
        else {
            throw AuthError(.operationNotAllowed, "the \(provider.providerID) provider is not enabled for this project")
        }
        var custom = provider.customParameters.filter { !behaviour.oauth.droppedCustomParameters.contains($0.key) }
        if behaviour.oauth.guardsReservedParameters {
            let unguarded = custom.filter { behaviour.oauth.unguardedReservedParameters.contains($0.key) }
            do {
                custom = try OAuthCustomParameters.forwarded(
                    custom.filter { unguarded[$0.key] == nil }, handling: behaviour.capabilities.reservedOAuthParameters
                ).merging(unguarded) { own, _ in own }
            } catch { throw AuthError(.invalidCredential, error.description) }
        }
        oauthRequestCount += 1
        let state =
            behaviour.oauth.stateLength.map { world.random.string(length: $0, alphabet: behaviour.oauth.stateAlphabet) }
            ?? Self.numbered(oauthRequestCount)
        var redirect = URLComponents(url: configuration.authHandlerURL, resolvingAgainstBaseURL: false)!
        redirect.path = behaviour.oauth.redirectPath
        let redirectURI = redirect.string ?? ""
        var own: [(String, String)] = [("client_id", settings.clientID), ("redirect_uri", redirectURI)]
        if behaviour.oauth.sendsScopes && !provider.scopes.isEmpty {
            own.append(("scope", provider.scopes.joined(separator: " ")))
        }
        own.append(("state", state))
        var verifier: String?
        if let method = behaviour.oauth.pkce {
            let value = world.random.string(length: 64, alphabet: RandomSource.alphanumerics)
            verifier = value
            own.append(("code_challenge", PKCE.challenge(for: value, method: method == .s256 ? .s256 : .plain)))
            own.append(("code_challenge_method", method.rawValue))
        }
        let items =
            own.map { item in (item.0, custom[item.0] ?? item.1) }
            + custom.filter { key, _ in !own.contains { $0.0 == key } }.sorted { $0.key < $1.key }
        var url = URLComponents(string: "https://github.com/login/oauth/authorize")!
        url.percentEncodedQuery = FormEncoding.encode(items)
        let request = OAuthRequest(
            url: url.url!, providerID: provider.providerID, state: state, redirectURI: redirectURI, verifier: verifier)
        oauthRequests[state] = request
        return request
    }

    /// Exchanges a code at the provider's token endpoint (`signInWithIdp`'s first half); provider errors, HTTP 200
    /// bodies with `error`, are `invalidCredential`.
    func exchangeOAuthCode(_ code: String, state: String?) async throws(AuthError) -> String {
        let request = state.flatMap { oauthRequests.removeValue(forKey: $0) }
        guard
            let request = request
                ?? (behaviour.oauth.checksState ? nil : OAuthRequest.unchecked(configuration.authHandlerURL))
        else { throw AuthError(.invalidCredential, "no authorization request has this state") }
        guard let settings = configuration.oauthProviders[request.providerID] else {
            throw AuthError(.operationNotAllowed, "the \(request.providerID) provider is not configured")
        }
        var fields = [
            ("client_id", settings.clientID), ("client_secret", settings.clientSecret), ("code", code),
            ("redirect_uri", request.redirectURI),
        ]
        if let verifier = request.verifier { fields.append(("code_verifier", verifier)) }
        let http = HTTPRequest.form(
            URL(string: "https://github.com/login/oauth/access_token")!, fields, headers: ["Accept": "application/json"]
        )
        var token: String?
        for _ in 0..<behaviour.oauth.codeExchanges {
            let body = try await call(.github, http).jsonObject ?? [:]
            if token == nil, let accessToken = body["access_token"] as? String {
                token = accessToken
                continue
            }
            if token == nil, let error = body["error"] as? String {
                let message = "GitHub refused the code: \(error): \(body["error_description"] as? String ?? "")"
                let oauth = behaviour.oauth
                let mapped =
                    oauth.providerErrorsAreInvalidCredential
                    && (!oauth.onlyClientCredentialErrorsAreInvalidCredential
                        || error == "incorrect_client_credentials")
                throw mapped ? AuthError(.invalidCredential, message) : AuthError(.internalError)
            }
        }
        guard let token else {
            throw AuthError(.invalidCredential, "GitHub answered the token request without an access token")
        }
        return token
    }

    /// Signs in with a provider's access token (`signInWithIdp`'s second half): the provider's user, found by its
    /// provider ID, or created.
    func signInWithOAuth(
        providerID: String, accessToken: String, creatingUser: Bool
    ) async throws(AuthError) -> SignInOutcome {
        let identity = try await oauthIdentity(providerID: providerID, accessToken: accessToken)
        let credential = AuthCredential.oauth(providerID: providerID, accessToken: accessToken, idToken: nil)
        if let user = users.values.first(where: { $0.oauthIdentities[providerID] == identity.id }) {
            let outcome =
                behaviour.oauth.asksForSecondFactor
                ? firstFactorSucceeded(for: user, provider: providerID)
                : .signedIn(startSession(for: user, provider: providerID, isNewUser: false))
            guard case .signedIn(var response) = outcome else { return outcome }
            response.profile = identity.profile
            response.credential = behaviour.oauth.returnsTokenToReturningUsers ? credential : nil
            return .signedIn(response)
        }
        guard creatingUser else { throw AuthError(.userMismatch, "no user has this \(providerID) account") }
        if behaviour.oauth.confirmsEmailOfAnotherAccount, let email = identity.email?.lowercased(),
            let owner = users.values.first(where: { $0.email == email })
        {
            throw EmailOfAnotherAccount.error(email: email, uid: owner.uid, credential: credential)
        }
        var user = UserRecord(uid: newUID(), createdAt: stampedNow, lastSignInAt: stampedNow)
        user.oauthIdentities[providerID] = identity.id
        user.displayName = identity.profile["name"]
        if let email = identity.email, !users.values.contains(where: { $0.email == email }) {
            user.email = email
            user.isEmailVerified = true
        }
        var response = startSession(for: user, provider: providerID, isNewUser: true)
        response.profile = identity.profile
        response.credential = credential
        return .signedIn(response)
    }

    /// The provider's user for an access token: `/user`, and the verified primary address from `/user/emails`.
    func oauthIdentity(providerID: String, accessToken: String) async throws(AuthError) -> OAuthIdentity {
        guard providerID == ProviderID.github else {
            throw AuthError(.invalidProviderID, "\(providerID) is not a supported provider")
        }
        let headers = ["Authorization": "Bearer \(accessToken)", "Accept": "application/vnd.github+json"]
        let user = try await call(
            .github, HTTPRequest(url: URL(string: "https://api.github.com/user")!, headers: headers))
        guard user.status == 200, let object = user.jsonObject, let id = object["id"] else {
            throw AuthError(.invalidCredential, "GitHub did not accept the access token (HTTP \(user.status))")
        }
        var profile: [String: String] = [:]
        for (key, value) in object {
            if let text = value as? String {
                profile[key] = text
            } else if let number = value as? NSNumber {
                profile[key] = number.stringValue
            }
        }
        let emails = try await call(
            .github, HTTPRequest(url: URL(string: "https://api.github.com/user/emails")!, headers: headers))
        let list = (try? JSONSerialization.jsonObject(with: emails.body)) as? [[String: Any]] ?? []
        let primary =
            list.first { $0["primary"] as? Bool == true && $0["verified"] as? Bool == true }?["email"] as? String
        return OAuthIdentity(
            id: "\(id)", profile: behaviour.oauth.returnsProfile ? profile : [:], email: primary ?? profile["email"])
    }
}

/// An authorization request the backend made: what the exchange of its code needs.
struct OAuthRequest: Sendable {
    let url: URL
    let providerID: String
    let state: String
    let redirectURI: String
    let verifier: String?

    /// What a backend that does not check the state assumes for a code it never asked for.
    static func unchecked(_ handler: URL) -> OAuthRequest {
        OAuthRequest(
            url: handler, providerID: ProviderID.github, state: "", redirectURI: handler.absoluteString, verifier: nil)
    }
}

/// A provider's user: its ID at the provider, its profile, its verified primary email.
struct OAuthIdentity: Sendable {
    let id: String
    let profile: [String: String]
    let email: String?
}

extension ReferenceBackend {
    /// A counter written as 32 hex digits: as long as a random state, and predictable.
    fileprivate static func numbered(_ count: Int) -> String {
        let digits = String(count, radix: 16)
        return String(repeating: "0", count: max(0, 32 - digits.count)) + digits
    }
}
