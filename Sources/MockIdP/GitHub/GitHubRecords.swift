import Foundation

/// An authorize request as GitHub received it: its query items exactly, in order.
public struct GitHubAuthorizeRequest: Sendable, Hashable, CustomStringConvertible {
    public let queryItems: [URLQueryItem]

    public init(queryItems: [URLQueryItem]) { self.queryItems = queryItems }

    public func value(_ name: String) -> String? { queryItems.first { $0.name == name }?.value }

    public var description: String { queryItems.map { "\($0.name)=\($0.value ?? "")" }.joined(separator: "&") }
}

/// A token request as GitHub received it.
public struct GitHubTokenRequest: Sendable, Hashable, CustomStringConvertible {
    public let clientID: String?
    public let clientSecret: String?
    public let code: String?
    public let redirectURI: String?
    public let codeVerifier: String?
    /// Whether the caller asked for JSON (`Accept: application/json`).
    public let wantsJSON: Bool

    public var description: String {
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
