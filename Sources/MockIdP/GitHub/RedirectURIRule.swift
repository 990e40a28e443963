import Foundation

/// GitHub's rule for an OAuth app's `redirect_uri` (authorizing-oauth-apps, "Redirect URLs"): the host
/// excluding sub-domains and the port must match the callback URL exactly, and the path must be the
/// callback's path or a subdirectory of it. A loopback callback accepts any port.
public enum RedirectURIRule {
    public static func accepts(_ redirect: URL, callback: URL) -> Bool {
        guard let redirectParts = URLComponents(url: redirect, resolvingAgainstBaseURL: false),
            let callbackParts = URLComponents(url: callback, resolvingAgainstBaseURL: false),
            let redirectHost = redirectParts.host?.lowercased(), let callbackHost = callbackParts.host?.lowercased()
        else { return false }
        guard redirectParts.scheme?.lowercased() == callbackParts.scheme?.lowercased() else { return false }
        guard redirectHost == callbackHost || redirectHost.hasSuffix("." + callbackHost) else { return false }
        if !isLoopback(callbackHost) && redirectParts.port != callbackParts.port { return false }
        return isSubpath(redirectParts.path, of: callbackParts.path)
    }

    private static func isLoopback(_ host: String) -> Bool {
        ["127.0.0.1", "::1", "[::1]", "localhost"].contains(host)
    }

    private static func isSubpath(_ path: String, of base: String) -> Bool {
        let base = base.hasSuffix("/") ? String(base.dropLast()) : base
        return path == base || path.hasPrefix(base + "/") || (base.isEmpty && path.isEmpty)
    }
}
