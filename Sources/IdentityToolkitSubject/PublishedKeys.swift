import ConformanceKit
import Foundation
import MockIdP

/// The RSA keys a server publishes for its ID tokens (a JSON Web Key set), fetched once per backend.
actor PublishedKeys {
    let url: URL
    let http: IdentityToolkitHTTP
    private var keys: [String: JSONWebKey]?

    init(url: URL, http: IdentityToolkitHTTP) {
        self.url = url
        self.http = http
    }

    /// The key `kid` names, or nil when the set has none by that name.
    /// Entries that are not usable RSA keys are skipped, not fatal: a set may hold keys of other kinds.
    func key(_ kid: String) async throws(AuthError) -> JSONWebKey? {
        if let keys { return keys[kid] }
        let set = try await http.get(url)
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
}
