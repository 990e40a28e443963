import Foundation

/// An authorize request as GitHub received it: its query items exactly, in order.
package struct GitHubAuthorizeRequest: Sendable, Hashable, CustomStringConvertible {
    package let queryItems: [URLQueryItem]

    package init(queryItems: [URLQueryItem]) { self.queryItems = queryItems }

    package func value(_ name: String) -> String? { queryItems.first { $0.name == name }?.value }

    package var description: String { queryItems.map { "\($0.name)=\($0.value ?? "")" }.joined(separator: "&") }
}

/// A token request as GitHub received it.
package struct GitHubTokenRequest: Sendable, Hashable, CustomStringConvertible {
    package let clientID: String?
    package let clientSecret: String?
    package let code: String?
    package let redirectURI: String?
    package let codeVerifier: String?
    /// Whether the caller asked for JSON (`Accept: application/json`).
    package let wantsJSON: Bool

    package var description: String {
        var fields = [
            "client_id=\(clientID ?? "-")", "client_secret=\(clientSecret.map(abbreviated) ?? "-")",
            "code=\(code.map(abbreviated) ?? "-")",
        ]
        if let redirectURI { fields.append("redirect_uri=\(redirectURI)") }
        if let codeVerifier { fields.append("code_verifier=\(abbreviated(codeVerifier))") }
        return fields.joined(separator: " ") + (wantsJSON ? " (JSON)" : " (form)")
    }
}

/// A secret shown in a transcript: its first four characters and its length, never the whole of it.
func abbreviated(_ secret: String) -> String {
    secret.count <= 6 ? "…(\(secret.count))" : "\(secret.prefix(4))…(\(secret.count))"
}
