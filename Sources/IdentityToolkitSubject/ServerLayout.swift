/// Where a server answers the Identity Toolkit's calls below its base URL: the preflight finds it
/// (``IdentityToolkitSubject/preflighted(timeout:)``), or the configuration names it.
///
/// - ``sdk``: the routes the iOS SDK sends with `useEmulator` (`/www.googleapis.com/identitytoolkit/v3/relyingparty/…`,
///   `/identitytoolkit.googleapis.com/v2/…`, `/securetoken.googleapis.com/v1/token`), which the Auth Emulator serves
///   (firebase-tools `src/emulator/auth/server.ts`, `registerLegacyRoutes`): what an app sends, so judged first.
/// - ``emulator``: the REST routes with the host as the first segment (`/identitytoolkit.googleapis.com/v1/accounts:*`,
///   `/identitytoolkit.googleapis.com/v2/accounts/mfaEnrollment:*`, `/securetoken.googleapis.com/v1/token`).
/// - ``production``: the REST routes at the server's root, as `identitytoolkit.googleapis.com` and
///   `securetoken.googleapis.com` serve them and as a vendor's own backend does (`/v1/accounts:signUp`,
///   `/v2/accounts/mfaEnrollment:start`, `/v1/token`; https://cloud.google.com/identity-platform/docs/reference/rest).
public enum ServerLayout: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    case sdk
    case emulator
    case production

    public var description: String {
        switch self {
        case .sdk:
            "the SDK's routes under the emulator's layout (/www.googleapis.com/identitytoolkit/v3/relyingparty/…)"
        case .emulator: "the emulator's layout (/identitytoolkit.googleapis.com/v1/accounts:…)"
        case .production: "production's layout (/v1/accounts:… at the root)"
        }
    }

    /// The route below the server's root for a path written in the emulator's layout
    /// (`/identitytoolkit.googleapis.com/…`,
    /// `/securetoken.googleapis.com/…`) or relative to the Identity Toolkit host (`v1/accounts:signInWithIdp`).
    func route(_ path: String) -> String {
        let hosted = path.hasPrefix("/") ? path : "/identitytoolkit.googleapis.com/\(path)"
        guard self == .production else { return hosted }
        for host in ["/identitytoolkit.googleapis.com", "/securetoken.googleapis.com"]
        where hosted.hasPrefix(host + "/") { return String(hosted.dropFirst(host.count)) }
        return hosted
    }
}
