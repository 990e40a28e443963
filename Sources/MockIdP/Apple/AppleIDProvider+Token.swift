import Foundation

extension AppleIDProvider {
    /// Apple's `ErrorResponse.error` values, all answered with HTTP 400.
    enum TokenError: String, Error {
        case invalidRequest = "invalid_request"
        case invalidClient = "invalid_client"
        case invalidGrant = "invalid_grant"
        case unsupportedGrantType = "unsupported_grant_type"
    }

    struct Refusal: Error {
        let error: TokenError
        let description: String?

        init(_ error: TokenError, _ description: String? = nil) {
            self.error = error
            self.description = description
        }

        var response: HTTPResponse {
            .json(400, ["error": error.rawValue].merging(description.map { ["error_description": $0] } ?? [:]) { $1 })
        }
    }

    func tokenRequest(from request: HTTPRequest) -> AppleTokenRequest {
        let field = request.formField
        return AppleTokenRequest(
            clientID: field("client_id"), clientSecret: field("client_secret"), code: field("code"),
            grantType: field("grant_type"), refreshToken: field("refresh_token"), redirectURI: field("redirect_uri"),
            clientSecretProblem: clientSecretProblem(field("client_secret"), clientID: field("client_id")))
    }

    /// `POST /auth/token` ("Generate and validate tokens"). A code exchange returns access, refresh and identity
    /// tokens; a refresh returns no new refresh token.
    func exchange(_ request: AppleTokenRequest) -> HTTPResponse {
        let result: Result<(IssuedToken, IssuedCode?), Refusal>
        switch request.grantType {
        case nil: return Refusal(.invalidRequest, "grant_type is missing").response
        case _ where request.clientSecretProblem != nil: return Refusal(.invalidClient).response
        case "authorization_code": result = redeem(request)
        case "refresh_token": result = refresh(request)
        default: return Refusal(.unsupportedGrantType).response
        }
        switch result {
        case .failure(let refusal): return refusal.response
        case .success(let (basis, code)):
            let access = issue(.access, for: basis)
            let claims = identityClaims(
                for: basis.grant, nonce: code?.nonce, authTime: basis.authTime, realUserStatus: false)
            var body: [String: Any] = [
                "access_token": access, "token_type": "Bearer", "expires_in": Self.accessTokenLifetime,
                "id_token": mintIdentityToken(claims),
            ]
            if code != nil { body["refresh_token"] = issue(.refresh, for: basis) }
            return .json(200, body)
        }
    }

    /// The code's grant, once: used, expired (at five minutes), revoked or another client's codes are `invalid_grant`.
    private func redeem(_ request: AppleTokenRequest) -> Result<(IssuedToken, IssuedCode?), Refusal> {
        guard let value = request.code, !value.isEmpty else {
            return .failure(Refusal(.invalidRequest, "code is missing"))
        }
        let now = clock.now
        return state.withLock { state in
            guard var code = state.codes[value], code.grant.clientID == request.clientID else {
                return .failure(Refusal(.invalidGrant, "The code is invalid."))
            }
            guard !code.redeemed else { return .failure(Refusal(.invalidGrant, "The code has already been used.")) }
            guard !code.revoked, code.issuedAt.duration(to: now) < Self.codeLifetime else {
                return .failure(Refusal(.invalidGrant, "The code has expired or has been revoked."))
            }
            // A native authorization has no redirect URI, so none may be sent with its code.
            guard request.redirectURI == nil else { return .failure(Refusal(.invalidClient)) }
            code.redeemed = true
            state.codes[value] = code
            return .success((IssuedToken(grant: code.grant, kind: .refresh, authTime: code.authTime), code))
        }
    }

    private func refresh(_ request: AppleTokenRequest) -> Result<(IssuedToken, IssuedCode?), Refusal> {
        guard let value = request.refreshToken, !value.isEmpty else {
            return .failure(Refusal(.invalidRequest, "refresh_token is missing"))
        }
        return state.withLock { state in
            guard let token = state.tokens[value], token.kind == .refresh, !token.revoked,
                token.grant.clientID == request.clientID
            else { return .failure(Refusal(.invalidGrant, "The refresh token is invalid.")) }
            return .success((token, nil))
        }
    }

    /// A new token of the same grant as `basis`, shaped like Apple's (`r…`/`a…`, hex, `.0.` and a base64url tail).
    private func issue(_ kind: TokenKind, for basis: IssuedToken) -> String {
        let token =
            (kind == .refresh ? "r" : "a") + random.string(length: 32, alphabet: Self.hex) + ".0.mrsq."
            + random.string(length: 22)
        state.withLock { $0.tokens[token] = IssuedToken(grant: basis.grant, kind: kind, authTime: basis.authTime) }
        return token
    }
}
