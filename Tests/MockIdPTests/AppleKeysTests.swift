import Foundation
import MockIdP
import Testing

@Suite("Apple's keys")
struct AppleKeysTests {
    let testKeys = JSONWebKeySet.appleTestKeys.keys

    @Test("/auth/keys publishes test keys 0 and 1, public members only, and counts its fetches")
    func published() async throws {
        let fixture = AppleFixture()
        let response = await fixture.world.apple.handle(
            HTTPRequest(url: URL(string: "https://appleid.apple.com/auth/keys")!))
        #expect(response.status == 200)
        #expect(response.header("Content-Type")?.hasPrefix("application/json") == true)
        let set = try JSONWebKeySet(json: response.body)
        #expect(set.keys.map(\.kid) == [testKeys[0].kid, testKeys[1].kid])
        #expect(set.keys.allSatisfy { !$0.isPrivate && $0.alg == "RS256" && $0.use == "sig" })
        #expect(!response.text.contains("\"d\""))
        #expect(fixture.world.apple.publishedKeys == set)
        #expect(fixture.world.apple.signingKeyID == testKeys[0].kid)
        #expect(fixture.world.apple.keyFetchCount == 1)
    }

    @Test(
        "after rotation keys 1 and 2 are published, new tokens are signed by key 2, old ones no longer find their kid")
    func rotation() async throws {
        let fixture = AppleFixture()
        let old = try await fixture.authorize().identityToken
        #expect(try fixture.verifies(old))
        fixture.world.apple.rotateKeys()
        #expect(fixture.world.apple.publishedKeys.keys.map(\.kid) == [testKeys[1].kid, testKeys[2].kid])
        #expect(fixture.world.apple.signingKeyID == testKeys[2].kid)
        let new = try await fixture.authorize().identityToken
        #expect(try CompactJWS(new).header.kid == testKeys[2].kid)
        #expect(try fixture.verifies(new))
        #expect(try CompactJWS(new).hasValidRS256Signature(by: testKeys[2].publicKey))
        #expect(fixture.world.apple.publishedKeys.key(withID: try #require(CompactJWS(old).header.kid)) == nil)
        #expect(try !fixture.verifies(old))
    }

    @Test("a minted token carries exactly the given claims under the current key")
    func mint() throws {
        let fixture = AppleFixture()
        let claims = AppleIdentityClaims(
            aud: "com.example.app", exp: 2_000_000_000, iat: 1_999_999_400, sub: "never.authorized", nonce: "abc")
        let token = fixture.world.apple.mintIdentityToken(claims)
        #expect(try AppleFixture.claims(of: token) == claims)
        #expect(try fixture.verifies(token))
    }
}
