/// GitHub's OAuth scopes as far as the mock needs them: parsing, GitHub's normalisation and what a scope includes.
enum GitHubScopes {
    /// The scopes each parent scope includes (scopes-for-oauth-apps).
    static let included: [String: Set<String>] = [
        "repo": ["repo:status", "repo_deployment", "public_repo", "repo:invite", "security_events"],
        "admin:repo_hook": ["write:repo_hook", "read:repo_hook"], "admin:org": ["write:org", "read:org"],
        "admin:public_key": ["write:public_key", "read:public_key"],
        "user": ["read:user", "user:email", "user:follow"], "project": ["read:project"],
        "admin:gpg_key": ["write:gpg_key", "read:gpg_key"],
    ]

    /// The requested scopes (space- or comma-separated) without duplicates and without those another
    /// requested scope includes: `user,gist,user:email` becomes `user`, `gist`.
    static func normalized(_ requested: String?) -> [String] {
        let scopes = (requested ?? "").split(whereSeparator: { $0 == " " || $0 == "," }).map(String.init)
        var seen: Set<String> = []
        return scopes.filter { scope in
            seen.insert(scope).inserted && !scopes.contains { included[$0]?.contains(scope) == true }
        }
    }

    /// Whether a token with `granted` may act where one of `accepted` is needed.
    static func grants(_ granted: [String], any accepted: [String]) -> Bool {
        accepted.contains { needed in granted.contains { $0 == needed || included[$0]?.contains(needed) == true } }
    }
}
