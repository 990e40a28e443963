import ConformanceKit
import Foundation
import MockIdP

/// The RSA keys a server publishes for its ID tokens (a JSON Web Key set), fetched once per backend: from where
/// the configuration says, or (``IdentityToolkitConfiguration/KeySet/fromServer``) from the server's own root at
/// Google's path when it answers a key set there, and from Google otherwise.
actor PublishedKeys {
    let source: IdentityToolkitConfiguration.KeySet
    let http: IdentityToolkitHTTP
    private var keys: [String: JSONWebKey]?

    /// Nil for ``IdentityToolkitConfiguration/KeySet/notPublished``.
    init?(_ source: IdentityToolkitConfiguration.KeySet, http: IdentityToolkitHTTP) {
        if source == .notPublished { return nil }
        self.source = source
        self.http = http
    }

    /// The key `kid` names, or nil when the set has none by that name.
    /// Entries that are not usable RSA keys are skipped, not fatal: a set may hold keys of other kinds.
    func key(_ kid: String) async throws(AuthError) -> JSONWebKey? {
        if let keys { return keys[kid] }
        let set = try await fetchedSet()
        var fetched: [String: JSONWebKey] = [:]
        for entry in set["keys"]?.arrayValue ?? [] {
            guard entry["kty"]?.stringValue == "RSA", let kid = entry["kid"]?.stringValue,
                let n = entry["n"]?.stringValue, let e = entry["e"]?.stringValue
            else { continue }
            let key = JSONWebKey(kid: kid, n: n, e: e)
            if (try? key.rsaPublicKey()) != nil { fetched[kid] = key }
        }
        keys = fetched
        return fetched[kid]
    }

    private func fetchedSet() async throws(AuthError) -> FixtureValue {
        switch source {
        case .at(let url): return try await http.get(url)
        case .notPublished: return .object(["keys": .array([])])
        case .fromServer:
            let own = http.url(IdentityToolkitConfiguration.publishedKeysPath)
            if let set = try? await http.get(own), set["keys"]?.arrayValue != nil { return set }
            return try await http.get(IdentityToolkitConfiguration.firebasePublishedKeys)
        }
    }
}
