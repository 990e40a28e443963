import ConformanceKit
import Foundation
import MockIdP
import _CryptoExtras

/// The RSA keys a server publishes for its ID tokens (a JSON Web Key set), fetched once per backend.
actor PublishedKeys {
    let url: URL
    let http: IdentityToolkitHTTP
    private var keys: [String: _RSA.Signing.PublicKey]?

    init(url: URL, http: IdentityToolkitHTTP) {
        self.url = url
        self.http = http
    }

    /// The key `kid` names, or nil when the set has none by that name.
    func key(_ kid: String) async throws(AuthError) -> _RSA.Signing.PublicKey? {
        if let keys { return keys[kid] }
        let set = try await http.get(url)
        var fetched: [String: _RSA.Signing.PublicKey] = [:]
        for entry in set["keys"]?.arrayValue ?? [] {
            guard entry["kty"]?.stringValue == "RSA", let kid = entry["kid"]?.stringValue, let n = entry["n"]?.stringValue.flatMap(Base64URL.decode),
                let e = entry["e"]?.stringValue.flatMap(Base64URL.decode), let key = try? _RSA.Signing.PublicKey(n: n, e: e)
            else { continue }
            fetched[kid] = key
        }
        keys = fetched
        return fetched[kid]
    }
}
