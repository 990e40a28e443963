import Crypto
import Foundation
import MockIdP
import Testing

@Suite("Apple's token forge")
struct AppleForgeryTests {
    let testKeys = JSONWebKeySet.appleTestKeys.keys

    private func genuine(_ fixture: AppleFixture) async throws -> String {
        try await fixture.authorize(nonce: String(repeating: "0f", count: 32)).identityToken
    }

    @Test("signed by the wrong key: the kid unchanged, a signature the named key refuses but another test key accepts")
    func wrongKey() async throws {
        let fixture = AppleFixture()
        let token = try await genuine(fixture)
        let (forged, original) = (
            try CompactJWS(fixture.world.apple.forge(.signedByWrongKey, from: token)), try CompactJWS(token)
        )
        #expect(forged.header == JOSEHeader(alg: "RS256", kid: testKeys[0].kid))
        #expect(forged.payload == original.payload)
        #expect(!forged.hasValidRS256Signature(by: testKeys[0].publicKey))
        #expect(forged.hasValidRS256Signature(by: testKeys[1].publicKey))
    }

    @Test("unknown kid: validly signed by a key Apple does not publish, before and after rotation")
    func unknownKey() async throws {
        let fixture = AppleFixture()
        let token = try await genuine(fixture)
        let forged = try CompactJWS(fixture.world.apple.forge(.unknownKeyID, from: token))
        #expect(forged.header.kid == testKeys[2].kid)
        #expect(fixture.world.apple.publishedKeys.key(withID: testKeys[2].kid) == nil)
        #expect(forged.hasValidRS256Signature(by: testKeys[2].publicKey))
        fixture.world.apple.rotateKeys()
        // The token of before is itself signed by the key Apple no longer publishes: re-signing it changes nothing.
        #expect(throws: JOSEError.self) { try fixture.world.apple.forge(.unknownKeyID, from: token) }
        let rotated = try CompactJWS(fixture.world.apple.forge(.unknownKeyID, from: try await genuine(fixture)))
        #expect(
            rotated.header.kid == testKeys[0].kid
                && fixture.world.apple.publishedKeys.key(withID: testKeys[0].kid) == nil)
    }

    @Test("alg none: empty signature, same payload")
    func algNone() async throws {
        let fixture = AppleFixture()
        let token = try await genuine(fixture)
        let forged = try fixture.world.apple.forge(.algNone, from: token)
        #expect(forged.hasSuffix("."))
        let (jws, original) = (try CompactJWS(forged), try CompactJWS(token))
        #expect(jws.header.alg == "none" && jws.signature.isEmpty && jws.payload == original.payload)
    }

    @Test("HS256 keyed with the published key's public JWK")
    func hs256() async throws {
        let fixture = AppleFixture()
        let token = try await genuine(fixture)
        let jws = try CompactJWS(fixture.world.apple.forge(.hs256WithPublicKey, from: token))
        #expect(jws.header.alg == "HS256" && jws.header.kid == testKeys[0].kid)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let key = SymmetricKey(data: try encoder.encode(fixture.world.apple.publishedKeys.keys[0]))
        #expect(HMAC<SHA256>.isValidAuthenticationCode(jws.signature, authenticating: jws.signingInput, using: key))
        #expect(!jws.hasValidRS256Signature(by: testKeys[0].publicKey))
    }

    @Test(
        "a mislabelled alg: the only alg says another algorithm, over a genuine RS256 signature by the kid's key",
        arguments: ["none", "RS512", "HS256"])
    func mislabelledAlgorithm(_ alg: String) async throws {
        let fixture = AppleFixture()
        let token = try await genuine(fixture)
        let forged = try fixture.world.apple.forge(.mislabelledAlgorithm(alg), from: token)
        let (jws, original) = (try CompactJWS(forged), try CompactJWS(token))
        #expect(jws.header == JOSEHeader(alg: alg, kid: original.header.kid))
        #expect(String(decoding: jws.rawHeader, as: UTF8.self).components(separatedBy: "\"alg\"").count == 2)
        #expect(jws.payload == original.payload)
        #expect(jws.hasValidRS256Signature(by: testKeys[0].publicKey))
        #expect(throws: JOSEError.self) { try fixture.world.apple.forge(.mislabelledAlgorithm("RS256"), from: token) }
    }

    @Test("re-signed claim forgeries verify, and differ from the token only in the forged claim")
    func claimForgeries() async throws {
        let fixture = AppleFixture()
        let token = try await genuine(fixture)
        let original = try AppleFixture.claims(of: token)
        let now = fixture.now
        let cases: [(AppleTokenForgery, (inout AppleIdentityClaims) -> Void)] = [
            (
                .expired,
                {
                    $0.exp = now - 3600
                    $0.iat = now - 4200
                }
            ), (.expiringAt(now + 5), { $0.exp = now + 5 }),
            (.issuer("https://appleid.apple.com/"), { $0.iss = "https://appleid.apple.com/" }),
            (.audience("com.attacker.app"), { $0.aud = .one("com.attacker.app") }),
            (.nonce("raw-nonce"), { $0.nonce = "raw-nonce" }), (.nonce(nil), { $0.nonce = nil }),
            (.claims({ $0.email = "mallory@example.com" }), { $0.email = "mallory@example.com" }),
        ]
        for (forgery, change) in cases {
            let forged = try fixture.world.apple.forge(forgery, from: token)
            #expect(try fixture.verifies(forged), "\(forgery)")
            var expected = original
            change(&expected)
            #expect(try AppleFixture.claims(of: forged) == expected, "\(forgery)")
        }
        #expect(
            !(try CompactJWS(fixture.world.apple.forge(.nonce(nil), from: token)).payload.contains(
                Data("\"nonce\"".utf8))))
    }

    @Test("tampered payload: a changed sub under the original header and signature")
    func tampered() async throws {
        let fixture = AppleFixture()
        let token = try await genuine(fixture)
        let forged = try fixture.world.apple.forge(.tamperedPayload, from: token)
        let (parts, original) = (forged.split(separator: "."), token.split(separator: "."))
        #expect(parts[0] == original[0] && parts[2] == original[2] && parts[1] != original[1])
        #expect(try AppleFixture.claims(of: forged).sub != AppleFixture.alice.id)
        #expect(try !fixture.verifies(forged))
    }

    @Test("a forge of something that is not a token throws")
    func malformed() {
        #expect(throws: JOSEError.self) { try AppleFixture().world.apple.forge(.algNone, from: "not.a.token") }
    }
}
