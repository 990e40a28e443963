/// What reaches the provider of the custom parameters an app sets on an OAuth provider
/// (`provider.customParameters = ["allow_signup": "false"]`): the reserved OAuth parameters are the
/// implementation's own (OAUTH-1), every other parameter reaches the provider unchanged (OAUTH-2).
/// `Fixtures/oauth/custom-parameters.json` holds the cases; each case's `expected` says what reaches the provider
/// under each ``ReservedParameterHandling``.
///
/// - A key that differs from a reserved key only in letter case (`STATE`, `Client_Id`) is a distinct parameter and
///   implementation-defined under OAUTH-1. Here it is **kept**, under either handling: it is not the reserved key,
///   and OAuth parameter names are case-sensitive, so it cannot set the implementation's own value.
/// - Values are returned unchanged, empty ones included: `allow_signup=""` is a value, and `a b&c=d#é` stays
///   what it is. Percent-encoding belongs to whoever builds the request URL, so the fixture's expected values
///   are the decoded ones, and a value that looks encoded (`%20`) is not decoded either.
public enum OAuthCustomParameters {
    /// The parameters the implementation sets itself (OAUTH-1; 003 names the first five, and the Identity Toolkit's
    /// `createAuthUri` reserves `oauth_token` too).
    public static let reserved: Set<String> = [
        "client_id", "redirect_uri", "response_type", "scope", "state", "response_mode", "oauth_token",
    ]

    /// What the implementation does with custom parameters that name a reserved key; OAUTH-1 allows either and
    /// the implementation declares which. The raw values are the keys of a fixture case's `expected`.
    public enum ReservedParameterHandling: String, Sendable, Hashable, CaseIterable {
        /// The call fails (with an `AuthError`) and no request reaches the provider.
        case rejected
        /// The reserved keys are left out; the others reach the provider.
        case dropped
    }

    /// Custom parameters refused because they name reserved keys.
    public struct Rejection: Error, Sendable, Hashable, CustomStringConvertible {
        /// The reserved keys among the custom parameters, sorted.
        public let reservedKeys: [String]

        public var description: String {
            "custom parameters cannot set the reserved OAuth parameters \(reservedKeys.joined(separator: ", "))"
        }
    }

    /// The reserved keys among `custom`'s keys, sorted; exact matches only.
    public static func reservedKeys(in custom: [String: String]) -> [String] {
        custom.keys.filter(reserved.contains).sorted()
    }

    /// The custom parameters that reach the provider: all of them when none is reserved; otherwise, under
    /// `.rejected`, none (the call throws naming the reserved keys), and under `.dropped`, all but the reserved.
    public static func forwarded(
        _ custom: [String: String], handling: ReservedParameterHandling
    ) throws(Rejection) -> [String: String] {
        let reservedKeys = reservedKeys(in: custom)
        guard !reservedKeys.isEmpty else { return custom }
        switch handling {
        case .rejected: throw Rejection(reservedKeys: reservedKeys)
        case .dropped: return custom.filter { !reserved.contains($0.key) }
        }
    }
}
