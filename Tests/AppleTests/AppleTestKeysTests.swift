import ConformanceFixtures
import ConformanceKit
import Foundation
import MockIdP
import Testing

@Suite("Fixtures/apple/test-keys.json is a test-only JWK Set of RSA signing keys")
struct AppleTestKeysTests {
    static func file() throws -> FixtureValue {
        let url = try #require(ConformanceFixtures.url(folder: "apple", name: "test-keys"))
        return try JSONDecoder().decode(FixtureValue.self, from: Data(contentsOf: url))
    }

    @Test("a JWK Set with a test-only description and at least two RS256 keys with every private member")
    func shape() throws {
        guard case .object(let set) = try Self.file(), case .string(let description)? = set["description"],
            case .array(let keys)? = set["keys"]
        else {
            Issue.record("not an object with a description and keys")
            return
        }
        #expect(Set(set.keys) == ["description", "keys"])
        #expect(description.uppercased().contains("TEST-ONLY") && description.contains("never trust"))
        #expect(keys.count >= 2)
        let members: Set = ["kty", "kid", "alg", "use", "n", "e", "d", "p", "q", "dp", "dq", "qi"]
        var kids: [String] = []
        for key in keys {
            guard case .object(let jwk) = key else {
                Issue.record("a key is not an object")
                continue
            }
            #expect(Set(jwk.keys) == members)
            #expect(jwk["kty"] == .string("RSA") && jwk["alg"] == .string("RS256") && jwk["use"] == .string("sig"))
            for name in members.subtracting(["kty", "kid", "alg", "use"]) {
                guard case .string(let value)? = jwk[name] else {
                    Issue.record("\(name) is not a string")
                    continue
                }
                #expect(!value.isEmpty && Base64URL.decode(value) != nil, "\(name) is not base64url")
            }
            if case .string(let kid)? = jwk["kid"] { kids.append(kid) }
        }
        #expect(kids.count == keys.count && Set(kids).count == kids.count)
    }

    @Test("each key signs what its public half verifies, and no other key's public half does")
    func pairs() throws {
        let keys = JSONWebKeySet.appleTestKeys.keys
        #expect(keys.count >= 2 && keys.allSatisfy(\.isPrivate))
        for key in keys {
            let jws = try CompactJWS.sign(
                header: JOSEHeader(alg: "RS256", kid: key.kid), payload: Data(#"{"sub":"x"}"#.utf8), with: .rsa(key))
            for other in keys {
                #expect(
                    jws.hasValidRS256Signature(by: other.publicKey) == (other.kid == key.kid),
                    "\(key.kid) checked by \(other.kid)")
            }
        }
    }
}
