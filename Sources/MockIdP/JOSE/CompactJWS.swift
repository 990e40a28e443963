import Crypto
import Foundation
import _CryptoExtras

/// The protected header of a JWS (RFC 7515 §4.1): the members this suite reads.
public struct JOSEHeader: Codable, Sendable, Hashable {
    public var alg: String
    public var kid: String?
    public var typ: String?

    public init(alg: String, kid: String? = nil, typ: String? = nil) {
        self.alg = alg
        self.kid = kid
        self.typ = typ
    }
}

/// What signs a JWS. `none` and `hmac` exist so the world can forge the tokens a verifier must refuse.
public enum JWSSigningKey: Sendable {
    case rsa(JSONWebKey)
    /// A P-256 private key's raw representation (swift-crypto's keys are `Sendable` only from its version 4).
    case p256Key(Data)
    /// An HMAC secret's bytes.
    case hmacSecret(Data)
    case none

    public static func p256(_ key: P256.Signing.PrivateKey) -> JWSSigningKey { .p256Key(key.rawRepresentation) }
    public static func hmac(_ secret: SymmetricKey) -> JWSSigningKey {
        .hmacSecret(secret.withUnsafeBytes { Data($0) })
    }
}

/// A JWS in compact serialization (RFC 7515 §3.1): `header.payload.signature`, each base64url.
public struct CompactJWS: Sendable, Hashable, CustomStringConvertible {
    public let header: JOSEHeader
    /// The header and payload exactly as they were encoded: what the signature covers.
    public let rawHeader: Data
    public let payload: Data
    public let signature: Data
    public let compact: String

    /// Reads a compact JWS without checking its signature, nor the strictness of its JSON (``jsonProblem``).
    public init(_ compact: String) throws(JOSEError) {
        let parts = CompactJWS.segments(of: compact)
        guard parts.count == 3 else { throw .malformed("\(parts.count) parts instead of 3") }
        guard let rawHeader = Base64URL.decode(parts[0]), let payload = Base64URL.decode(parts[1]),
            let signature = Base64URL.decode(parts[2])
        else { throw .malformed("a part is not base64url") }
        guard (try? JSONSerialization.jsonObject(with: payload)) is [String: Any] else {
            throw .malformed("the payload is not a JSON object")
        }
        do { header = try JSONDecoder().decode(JOSEHeader.self, from: rawHeader) } catch {
            throw .malformed("the header is not a JSON object with \"alg\"")
        }
        self.rawHeader = rawHeader
        self.payload = payload
        self.signature = signature
        self.compact = compact
    }

    /// Signs `payload` (a JSON object) under `header` with `key`.
    public static func sign(header: JOSEHeader, payload: Data, with key: JWSSigningKey) throws(JOSEError) -> CompactJWS
    {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let rawHeader: Data
        do { rawHeader = try encoder.encode(header) } catch { throw .malformed("header: \(error)") }
        return try CompactJWS(signing(rawHeader: rawHeader, payload: payload, with: key))
    }

    /// The compact serialization of `rawHeader` and `payload` exactly as given, signed with `key`: how the world's
    /// forge makes tokens whose JSON a strict reader refuses (a duplicate member, another encoding).
    public static func signing(rawHeader: Data, payload: Data, with key: JWSSigningKey) throws(JOSEError) -> String {
        let input = Data("\(Base64URL.encode(rawHeader)).\(Base64URL.encode(payload))".utf8)
        let signature: Data
        do {
            switch key {
            case .rsa(let jwk):
                signature = try jwk.rsaPrivateKey().signature(for: input, padding: .insecurePKCS1v1_5).rawRepresentation
            case .p256Key(let bytes):
                let key = try P256.Signing.PrivateKey(rawRepresentation: bytes)
                signature = try key.signature(for: input).rawRepresentation
            case .hmacSecret(let bytes):
                signature = Data(HMAC<SHA256>.authenticationCode(for: input, using: SymmetricKey(data: bytes)))
            case .none: signature = Data()
            }
        } catch let error as JOSEError { throw error } catch { throw .signingFailed("\(error)") }
        return "\(String(decoding: input, as: UTF8.self)).\(Base64URL.encode(signature))"
    }

    /// The first way the header or the payload falls short of the JSON RFC 7515 §4 and RFC 7519 §4 ask for (not UTF-8
    /// JSON text, a member named twice), or nil: Foundation's decoders, which read them above, are not that strict.
    public var jsonProblem: JOSEJSON.Problem? { JOSEJSON.problem(in: rawHeader) ?? JOSEJSON.problem(in: payload) }

    /// `header.payload` as ASCII: the bytes the signature covers.
    public var signingInput: Data {
        let parts = CompactJWS.segments(of: compact)
        return Data("\(parts[0]).\(parts[1])".utf8)
    }

    /// Whether the signature is an RS256 signature (RSASSA-PKCS1-v1_5 with SHA-256) of the signing input by `key`.
    public func hasValidRS256Signature(by key: JSONWebKey) -> Bool {
        guard let publicKey = try? key.rsaPublicKey() else { return false }
        return publicKey.isValidSignature(
            _RSA.Signing.RSASignature(rawRepresentation: signature), for: signingInput, padding: .insecurePKCS1v1_5)
    }

    /// Whether the signature is an ES256 signature (ECDSA P-256 with SHA-256, `r ‖ s`) of the signing input by `key`.
    public func hasValidES256Signature(by key: P256.Signing.PublicKey) -> Bool {
        guard let ecdsa = try? P256.Signing.ECDSASignature(rawRepresentation: signature) else { return false }
        return key.isValidSignature(ecdsa, for: signingInput)
    }

    public var description: String { compact }
}
