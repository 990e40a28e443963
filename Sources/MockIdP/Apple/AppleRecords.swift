/// A request to `POST /auth/token` as Apple received it: its form fields.
package struct AppleTokenRequest: Sendable, Hashable, CustomStringConvertible {
    package let clientID: String?
    package let clientSecret: String?
    package let code: String?
    package let grantType: String?
    package let refreshToken: String?
    package let redirectURI: String?
    /// Why `client_secret` failed Apple's checks for `client_id`, nil when it passed.
    package let clientSecretProblem: String?

    /// Whether `client_secret` passed Apple's checks for `client_id`.
    package var clientSecretValid: Bool { clientSecretProblem == nil }

    package var description: String {
        var fields = [
            "grant_type=\(grantType ?? "-")", "client_id=\(clientID ?? "-")",
            """
            client_secret=\(clientSecret.map(abbreviated) ?? "-")\
            \(clientSecretProblem.map { " (invalid: \($0))" } ?? "")
            """,
        ]
        if let code { fields.append("code=\(abbreviated(code))") }
        if let refreshToken { fields.append("refresh_token=\(abbreviated(refreshToken))") }
        if let redirectURI { fields.append("redirect_uri=\(redirectURI)") }
        return fields.joined(separator: " ")
    }
}

/// A request to `POST /auth/revoke` as Apple received it.
package struct AppleRevokeRequest: Sendable, Hashable, CustomStringConvertible {
    package let clientID: String?
    package let token: String?
    /// `refresh_token` or `access_token`, as sent.
    package let tokenTypeHint: String?
    /// Why `client_secret` failed Apple's checks for `client_id`, nil when it passed.
    package let clientSecretProblem: String?

    /// Whether `client_secret` passed Apple's checks for `client_id`.
    package var clientSecretValid: Bool { clientSecretProblem == nil }

    package var description: String {
        let secret = clientSecretProblem.map { "invalid: \($0)" } ?? "valid"
        return "client_id=\(clientID ?? "-") client_secret \(secret) token=\(token.map(abbreviated) ?? "-") "
            + "token_type_hint=\(tokenTypeHint ?? "-")"
    }
}
