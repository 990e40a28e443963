import Foundation

extension GitHubServer {
    func exchange(_ request: GitHubTokenRequest) -> HTTPResponse {
        let fields: [(String, String)]
        switch redeem(request) {
        case .success(let (token, scopes)):
            fields = [("access_token", token), ("scope", scopes.joined(separator: ",")), ("token_type", "bearer")]
        case .failure(let error): fields = error.fields(at: .token)
        }
        guard request.wantsJSON else { return .form(200, fields) }
        return .json(200, Dictionary(fields, uniquingKeysWith: { $1 }))
    }

    /// Checks in GitHub's order (client, code, redirect URI, verifier); the code is spent only by a successful
    /// exchange.
    private func redeem(_ request: GitHubTokenRequest) -> Result<(String, [String]), GitHubError> {
        let now = clock.now
        return state.withLock { state -> Result<(String, [String]), GitHubError> in
            if let refusal = state.nextExchangeRefusal {
                state.nextExchangeRefusal = nil
                return .failure(refusal)
            }
            guard let clientID = request.clientID, let app = state.apps[clientID],
                app.clientSecret == request.clientSecret
            else { return .failure(.incorrectClientCredentials) }
            guard let code = request.code, let issued = state.codes[code], issued.clientID == clientID,
                issued.issuedAt.duration(to: now) < Self.codeLifetime
            else { return .failure(.badVerificationCode) }
            if let redirectURI = request.redirectURI, redirectURI != issued.redirectURI {
                return .failure(.redirectURIMismatch)
            }
            if let challenge = issued.challenge {
                guard let verifier = request.codeVerifier,
                    PKCE.verify(verifier, against: challenge.value, method: challenge.method)
                else { return .failure(.badVerificationCode) }
            }
            state.codes[code] = nil
            let token = "gho_" + random.string(length: 36, alphabet: RandomSource.alphanumerics)
            state.tokens[token] = IssuedToken(login: issued.login, scopes: issued.scopes)
            return .success((token, issued.scopes))
        }
    }
}
