import Foundation

extension GitHubServer {
    static let troubleshootingToken = "https://docs.github.com/apps/managing-oauth-apps/troubleshooting-oauth-app-access-token-request-errors/"

    /// The error GitHub answers a token request with, always with HTTP 200.
    enum TokenError: String, Error {
        case incorrectClientCredentials = "incorrect_client_credentials"
        case redirectURIMismatch = "redirect_uri_mismatch"
        case badVerificationCode = "bad_verification_code"

        var description: String {
            switch self {
            case .incorrectClientCredentials: "The client_id and/or client_secret passed are incorrect."
            case .redirectURIMismatch: "The redirect_uri MUST match the registered callback URL for this application."
            case .badVerificationCode: "The code passed is incorrect or expired."
            }
        }

        var uri: String { GitHubServer.troubleshootingToken + "#" + rawValue.replacingOccurrences(of: "_", with: "-") }
    }

    func exchange(_ request: GitHubTokenRequest) -> HTTPResponse {
        let fields: [(String, String)]
        switch redeem(request) {
        case .success(let (token, scopes)):
            fields = [("access_token", token), ("scope", scopes.joined(separator: ",")), ("token_type", "bearer")]
        case .failure(let error):
            fields = [("error", error.rawValue), ("error_description", error.description), ("error_uri", error.uri)]
        }
        guard request.wantsJSON else { return .form(200, fields) }
        return .json(200, Dictionary(fields, uniquingKeysWith: { $1 }))
    }

    /// Checks in GitHub's order (client, code, redirect URI, verifier); the code is spent only by a successful exchange.
    private func redeem(_ request: GitHubTokenRequest) -> Result<(String, [String]), TokenError> {
        let now = clock.now
        return state.withLock { state -> Result<(String, [String]), TokenError> in
            guard let clientID = request.clientID, let app = state.apps[clientID], app.clientSecret == request.clientSecret else {
                return .failure(.incorrectClientCredentials)
            }
            guard let code = request.code, let issued = state.codes[code], issued.clientID == clientID,
                issued.issuedAt.duration(to: now) < Self.codeLifetime
            else { return .failure(.badVerificationCode) }
            if let redirectURI = request.redirectURI, redirectURI != issued.redirectURI { return .failure(.redirectURIMismatch) }
            if let challenge = issued.challenge {
                guard let verifier = request.codeVerifier, PKCE.verify(verifier, against: challenge.value, method: challenge.method) else {
                    return .failure(.badVerificationCode)
                }
            }
            state.codes[code] = nil
            let token = "gho_" + random.string(length: 36, alphabet: RandomSource.alphanumerics)
            state.tokens[token] = IssuedToken(login: issued.login, scopes: issued.scopes)
            return .success((token, issued.scopes))
        }
    }
}
