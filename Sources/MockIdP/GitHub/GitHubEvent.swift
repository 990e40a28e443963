import Foundation

/// What crossed the boundary with GitHub.
package enum GitHubEvent: Sendable, Hashable, CustomStringConvertible {
    case authorizeRequested(GitHubAuthorizeRequest)
    /// The authorize step ended by sending the browser to `redirect` (with a code or an error).
    case authorizeRedirected(to: URL)
    /// The authorize step showed GitHub's own error page: no redirect.
    case authorizePageShown(status: Int, message: String)
    case tokenRequested(GitHubTokenRequest)
    /// An API call (`/user`, `/user/emails`), with the token abbreviated.
    case apiRequested(method: String, path: String, token: String?)
    /// GitHub's answer, with secrets abbreviated.
    case responded(path: String, status: Int, summary: String)
    case refused(path: String, reason: String)
    case stalled(path: String)

    package var description: String {
        switch self {
        case .authorizeRequested(let request): "GitHub authorize request: \(request)"
        case .authorizeRedirected(let url): "GitHub redirected the browser to \(GitHubEvent.masked(url.absoluteString))"
        case .authorizePageShown(let status, let message): "GitHub showed an error page (\(status)): \(message)"
        case .tokenRequested(let request): "GitHub token request: \(request)"
        case .apiRequested(let method, let path, let token): "GitHub API \(method) \(path) token \(token ?? "none")"
        case .responded(let path, let status, let summary): "GitHub answered \(path) with \(status): \(summary)"
        case .refused(let path, let reason): "GitHub refused \(path): \(reason)"
        case .stalled(let path): "GitHub stalled on \(path) (no answer)"
        }
    }

    /// `text` with the values of `code=` and `access_token=` abbreviated.
    static func masked(_ text: String) -> String {
        var result = text
        for key in ["code=", "access_token=", "\"access_token\":\""] {
            var searchStart = result.startIndex
            while let range = result.range(of: key, range: searchStart..<result.endIndex) {
                let valueEnd = result[range.upperBound...].firstIndex { "&\"".contains($0) } ?? result.endIndex
                let value = String(result[range.upperBound..<valueEnd])
                result.replaceSubrange(range.upperBound..<valueEnd, with: abbreviated(value))
                searchStart =
                    result.index(range.upperBound, offsetBy: abbreviated(value).count, limitedBy: result.endIndex)
                    ?? result.endIndex
            }
        }
        return result
    }
}
