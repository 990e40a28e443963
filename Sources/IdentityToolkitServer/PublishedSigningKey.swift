import ConformanceKit
import Crypto
import Foundation
import MockIdP
import ReferenceAuth
import _CryptoExtras

/// The in-process server's RS256 key, published as a JSON Web Key set as Google publishes the keys of Firebase ID
/// tokens (`/www.googleapis.com/service_accounts/v1/jwk/securetoken@system.gserviceaccount.com`). Made once per
/// process: generating an RSA key per check would cost more than the check.
enum PublishedSigningKey {
    static let path = "/www.googleapis.com/service_accounts/v1/jwk/securetoken@system.gserviceaccount.com"
    static let kid = "reference-identity-toolkit-1"
    static let key: _RSA.Signing.PrivateKey? = try? _RSA.Signing.PrivateKey(keySize: .bits2048)

    /// `{"keys":[{"kty":"RSA","alg":"RS256","use":"sig","kid":…,"n":…,"e":…}]}`.
    static var keySet: FixtureValue {
        guard let primitives = try? key?.publicKey.getKeyPrimitives() else { return .object(["keys": .array([])]) }
        return .object([
            "keys": .array([
                .object([
                    "kty": .string("RSA"), "alg": .string("RS256"), "use": .string("sig"), "kid": .string(kid),
                    "n": .string(Base64URL.encode(primitives.modulus)),
                    "e": .string(Base64URL.encode(primitives.publicExponent)),
                ])
            ])
        ])
    }

    /// The token's claims under an RS256 signature of this key, with `firebase.tenant` in a tenant; nil when the
    /// token is not a JWT.
    static func resign(_ token: String, tenant: String? = nil, claims extra: [String: FixtureValue] = [:]) -> String? {
        let parts = CompactJWS.segments(of: token)
        guard parts.count == 3, let key else { return nil }
        let header = Base64URL.encode(Array(#"{"alg":"RS256","kid":"\#(kid)","typ":"JWT"}"#.utf8))
        var payload = String(parts[1])
        if tenant != nil || !extra.isEmpty, let bytes = Base64URL.decode(parts[1]),
            case .object(var claims)? = FixtureValue(json: bytes), case .object(var firebase)? = claims["firebase"]
        {
            firebase["tenant"] = tenant.map { .string($0) }
            claims["firebase"] = .object(firebase)
            claims.merge(extra) { own, _ in own }
            payload = Base64URL.encode(Array(FixtureValue.object(claims).encoded))
        }
        let signingInput = "\(header).\(payload)"
        guard let signature = try? key.signature(for: Data(signingInput.utf8), padding: .insecurePKCS1v1_5) else {
            return nil
        }
        return "\(signingInput).\(Base64URL.encode(signature.rawRepresentation))"
    }
}
