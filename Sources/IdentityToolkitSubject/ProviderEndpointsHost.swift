import ConformanceKit
import Foundation
import MockIdP

/// Serves a check's identity providers (its world's GitHub and Apple: authorize, token, user, key set, revoke) over
/// HTTP for as long as the check's world lives, so that a server judged over HTTP can reach them as it reaches real
/// providers: the OAUTH and APPLE rules need the server to verify the check's forged codes, tokens and nonces.
///
/// The package's `conformance` command and its tests supply one (`WorldProviderEndpoints`, on loopback); a vendor's
/// own command may supply its own. Without one, the HTTP subject does not declare the `apple` flow, so the APPLE
/// rules are not applicable, for that reason.
///
/// The layout is the suite's convention (the Auth Emulator's, one host per path segment): below the returned base URL,
/// `{base}/{host}{path}?{query}` reaches the party that answers `https://{host}{path}?{query}`, e.g.
/// `{base}/appleid.apple.com/auth/keys` or `{base}/github.com/login/oauth/access_token`.
public protocol ProviderEndpointsHost: Sendable {
    /// The base URL under which `world`'s parties answer, from now until the world is gone (each check has a world
    /// of its own, so the base URL names the check).
    func endpoints(for world: World) async throws(AuthError) -> URL
}

/// Moving between a provider's real URL and the same URL at provider endpoints (``ProviderEndpointsHost``).
public enum ProviderEndpointsLayout {
    /// `https://{host}{path}?{query}` at `base`: `{base}/{host}{path}?{query}`.
    public static func served(_ url: URL, at base: URL) -> URL {
        guard let host = url.host?.lowercased(),
            var components = URLComponents(url: base, resolvingAgainstBaseURL: false)
        else { return url }
        let own = URLComponents(url: url, resolvingAgainstBaseURL: false)
        let prefix =
            components.percentEncodedPath.hasSuffix("/")
            ? String(components.percentEncodedPath.dropLast()) : components.percentEncodedPath
        components.percentEncodedPath = prefix + "/\(host)" + (own?.percentEncodedPath ?? url.path)
        components.percentEncodedQuery = own?.percentEncodedQuery
        return components.url ?? url
    }

    /// The provider's real URL (`https://{host}{path}?{query}`) for `url` below `base`, or nil when `url` is not
    /// below it.
    public static func providerURL(of url: URL, at base: URL) -> URL? {
        guard let own = URLComponents(url: url, resolvingAgainstBaseURL: false),
            let baseComponents = URLComponents(url: base, resolvingAgainstBaseURL: false),
            own.host == baseComponents.host, own.port == baseComponents.port
        else { return nil }
        let prefix =
            baseComponents.percentEncodedPath.hasSuffix("/")
            ? String(baseComponents.percentEncodedPath.dropLast()) : baseComponents.percentEncodedPath
        guard own.percentEncodedPath.hasPrefix(prefix + "/") else { return nil }
        let rest = own.percentEncodedPath.dropFirst(prefix.count + 1)
        let host = rest.prefix { $0 != "/" }
        guard !host.isEmpty else { return nil }
        var provider = URLComponents()
        provider.scheme = "https"
        provider.host = String(host)
        provider.percentEncodedPath = String(rest.dropFirst(host.count))
        provider.percentEncodedQuery = own.percentEncodedQuery
        return provider.url
    }
}
