import Foundation
import _CryptoExtras

/// An RSA JSON Web Key (RFC 7517, RFC 7518 §6.3): public members, and the private ones when the key signs.
public struct JSONWebKey: Codable, Sendable, Hashable {
    public var kty: String
    public var kid: String
    public var alg: String
    public var use: String
    public var n: String
    public var e: String
    public var d: String?
    public var p: String?
    public var q: String?
    public var dp: String?
    public var dq: String?
    public var qi: String?

    public init(kty: String = "RSA", kid: String, alg: String = "RS256", use: String = "sig", n: String, e: String) {
        self.kty = kty
        self.kid = kid
        self.alg = alg
        self.use = use
        self.n = n
        self.e = e
    }

    /// The key as a key set publishes it: the private members removed.
    public var publicKey: JSONWebKey { JSONWebKey(kty: kty, kid: kid, alg: alg, use: use, n: n, e: e) }

    public var isPrivate: Bool { d != nil }

    public func rsaPublicKey() throws(JOSEError) -> _RSA.Signing.PublicKey {
        guard kty == "RSA", let modulus = Base64URL.decode(n), let exponent = Base64URL.decode(e) else {
            throw .malformedKey(kid)
        }
        do { return try _RSA.Signing.PublicKey(n: modulus, e: exponent) } catch { throw .malformedKey(kid) }
    }

    public func rsaPrivateKey() throws(JOSEError) -> _RSA.Signing.PrivateKey {
        if let parsed = Self.parsedAppleTestKeys[self] { return parsed }
        return try parsedRSAPrivateKey()
    }

    func parsedRSAPrivateKey() throws(JOSEError) -> _RSA.Signing.PrivateKey {
        let members = [n, e, d, p, q].map { $0.flatMap { Base64URL.decode($0) } }
        guard kty == "RSA", case let values = members.compactMap({ $0 }), values.count == 5 else {
            throw .notASigningKey(kid)
        }
        do {
            return try _RSA.Signing.PrivateKey(n: values[0], e: values[1], d: values[2], p: values[3], q: values[4])
        } catch { throw .malformedKey(kid) }
    }
}

/// A JWK Set (RFC 7517 §5), as `GET https://appleid.apple.com/auth/keys` returns it.
public struct JSONWebKeySet: Codable, Sendable, Hashable {
    public var keys: [JSONWebKey]

    public init(keys: [JSONWebKey]) { self.keys = keys }

    /// The key named by a token's `kid` header.
    public func key(withID kid: String) -> JSONWebKey? { keys.first { $0.kid == kid } }

    /// The set with every key's private members removed.
    public var publicKeys: JSONWebKeySet { JSONWebKeySet(keys: keys.map(\.publicKey)) }

    public init(json: Data) throws(JOSEError) {
        do { self = try JSONDecoder().decode(JSONWebKeySet.self, from: json) } catch {
            throw .malformedKeySet("\(error)")
        }
    }

    public var json: Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return (try? encoder.encode(self)) ?? Data()
    }
}
