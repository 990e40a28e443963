import Foundation

extension AppleIDProvider {
    func revokeRequest(from request: HTTPRequest) -> AppleRevokeRequest {
        let field = request.formField
        return AppleRevokeRequest(
            clientID: field("client_id"), token: field("token"), tokenTypeHint: field("token_type_hint"),
            clientSecretProblem: clientSecretProblem(field("client_secret"), clientID: field("client_id")))
    }

    /// `POST /auth/revoke` ("Revoke tokens"): a bad client is 400 `invalid_client`; otherwise 200 with an empty
    /// body whatever the token (developers report 200 for unknown and already revoked tokens, forum 707610).
    /// Revoking an access or refresh token of the client ends the person's authorization of the app: every
    /// token and unused code of it stops working, and the next sheet counts as the first again.
    func revoke(_ request: AppleRevokeRequest) -> HTTPResponse {
        guard request.clientSecretValid else { return Refusal(.invalidClient).response }
        guard let value = request.token, !value.isEmpty else {
            return Refusal(.invalidRequest, "token is missing").response
        }
        state.withLock { state in
            guard let token = state.tokens[value], token.grant.clientID == request.clientID else { return }
            for (key, issued) in state.tokens where issued.grant == token.grant { state.tokens[key]?.revoked = true }
            for (key, code) in state.codes where code.grant == token.grant { state.codes[key]?.revoked = true }
            state.grants[token.grant] = nil
        }
        return HTTPResponse(status: 200)
    }
}
