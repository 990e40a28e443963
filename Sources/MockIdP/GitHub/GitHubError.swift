/// An error GitHub answers with, at either endpoint: the authorize step redirects to the app with `error`,
/// `error_description`, `error_uri` and `state`; the token endpoint answers HTTP 200 with the first three. The
/// strings are GitHub's own (its troubleshooting pages for authorization-request and access-token errors).
public enum GitHubError: String, Error, Sendable, Hashable, CustomStringConvertible {
    /// The person denied the app (authorize).
    case accessDenied = "access_denied"
    /// The redirect URI is not the callback URL or under it (authorize), or differs from the code's (token).
    case redirectURIMismatch = "redirect_uri_mismatch"
    /// A code challenge other than S256 (authorize; GitHub changelog 2025-07-14).
    case invalidRequest = "invalid_request"
    /// The client ID or secret is wrong (token).
    case incorrectClientCredentials = "incorrect_client_credentials"
    /// The code is unknown, another app's, spent or expired, or its verifier is wrong (token).
    case badVerificationCode = "bad_verification_code"

    /// The endpoint that answered, for the troubleshooting page its `error_uri` points into.
    public enum Endpoint: Sendable, Hashable {
        case authorize
        case token

        var troubleshooting: String {
            switch self {
            case .authorize:
                "https://docs.github.com/apps/managing-oauth-apps/troubleshooting-authorization-request-errors/"
            case .token:
                """
                https://docs.github.com/apps/managing-oauth-apps/troubleshooting-oauth-app-access-token-request-e\
                rrors/
                """
            }
        }
    }

    /// The `error_description`.
    public var description: String {
        switch self {
        case .accessDenied: "The user has denied your application access."
        case .redirectURIMismatch: "The redirect_uri MUST match the registered callback URL for this application."
        case .invalidRequest: "Only the S256 code challenge method is accepted."
        case .incorrectClientCredentials: "The client_id and/or client_secret passed are incorrect."
        case .badVerificationCode: "The code passed is incorrect or expired."
        }
    }

    /// The `error_uri` the `endpoint` answers with: its troubleshooting page, at the error's section when it has one.
    public func uri(at endpoint: Endpoint) -> String {
        self == .invalidRequest
            ? endpoint.troubleshooting
            : endpoint.troubleshooting + "#" + rawValue.replacingOccurrences(of: "_", with: "-")
    }

    /// The `error`, `error_description` and `error_uri` fields, in GitHub's order.
    func fields(at endpoint: Endpoint) -> [(String, String)] {
        [("error", rawValue), ("error_description", description), ("error_uri", uri(at: endpoint))]
    }
}
