import Crypto
import Foundation
import MockIdP
import Testing

@Suite("Apple's token endpoint")
struct AppleTokenEndpointTests {
    @Test("a code exchanges for Bearer access, refresh and identity tokens")
    func exchange() async throws {
        let fixture = AppleFixture()
        let authorization = try await fixture.authorize(nonce: "hashed-nonce")
        let response = await fixture.exchange(authorization.authorizationCode)
        #expect(response.status == 200)
        let body = try #require(response.jsonObject)
        #expect(body["token_type"] as? String == "Bearer")
        #expect(body["expires_in"] as? Int == 3600)
        #expect((body["access_token"] as? String)?.isEmpty == false)
        #expect((body["refresh_token"] as? String)?.isEmpty == false)
        let idToken = try #require(body["id_token"] as? String)
        #expect(try fixture.verifies(idToken))
        let claims = try AppleFixture.claims(of: idToken)
        #expect(
            claims.sub == AppleFixture.alice.id && claims.aud == .one(AppleFixture.clientID)
                && claims.nonce == "hashed-nonce")
        #expect(claims.email == AppleFixture.alice.email)
        let request = try #require(fixture.world.apple.tokenRequests.first)
        #expect(
            request.grantType == "authorization_code" && request.code == authorization.authorizationCode
                && request.clientSecretValid)
        #expect(!request.description.contains(authorization.authorizationCode))
        #expect(!fixture.world.transcript.rendered().contains(body["refresh_token"] as! String))
    }

    @Test("a refresh token gives a new access and identity token (no new refresh token) and works again")
    func refresh() async throws {
        let fixture = AppleFixture()
        let code = try await fixture.authorize().authorizationCode
        let refreshToken = try #require(await fixture.exchange(code).jsonObject?["refresh_token"] as? String)
        for _ in 0..<2 {
            let body = try #require(await fixture.refresh(refreshToken).jsonObject)
            #expect(body["access_token"] != nil && body["id_token"] != nil && body["refresh_token"] == nil)
        }
        #expect(await fixture.refresh("r-unknown").error == "invalid_grant")
    }

    @Test("a code is single use")
    func usedCode() async throws {
        let fixture = AppleFixture()
        let code = try await fixture.authorize().authorizationCode
        #expect(await fixture.exchange(code).status == 200)
        let again = await fixture.exchange(code)
        #expect(again.status == 400)
        #expect(again.error == "invalid_grant")
        #expect(again.jsonObject?["error_description"] as? String == "The code has already been used.")
    }

    @Test("a code is good for five minutes of world time: at 4:59 yes, at exactly 5:00 and at 5:01 it is invalid_grant")
    func expiry() async throws {
        let fixture = AppleFixture()
        let early = try await fixture.authorize().authorizationCode
        let boundary = try await fixture.authorize().authorizationCode
        let late = try await fixture.authorize().authorizationCode
        fixture.world.clock.advance(by: .seconds(299))
        #expect(await fixture.exchange(early).status == 200)
        fixture.world.clock.advance(by: .seconds(1))
        #expect(await fixture.exchange(boundary).error == "invalid_grant")
        fixture.world.clock.advance(by: .seconds(1))
        #expect(await fixture.exchange(late).error == "invalid_grant")
    }

    @Test("a code is bound to its client, and a native authorization's code takes no redirect_uri")
    func binding() async throws {
        let fixture = AppleFixture()
        let (other, otherKey) = AppleDeveloperApp.make(
            clientID: "com.example.other", teamID: AppleFixture.teamID, keyID: "KEY7654321")
        fixture.world.apple.register(app: other)
        let code = try await fixture.authorize().authorizationCode
        let otherSecret = other.clientSecret(signedWith: otherKey, issuedAt: fixture.now, expiresAt: fixture.now + 60)
        let foreign = await fixture.post(
            "auth/token",
            [
                ("client_id", other.clientID), ("client_secret", otherSecret), ("code", code),
                ("grant_type", "authorization_code"),
            ])
        #expect(foreign.error == "invalid_grant")
        #expect(
            await fixture.exchange(code, extra: [("redirect_uri", "https://example.com/cb")]).error == "invalid_client")
        #expect(await fixture.exchange(code).status == 200)
    }

    @Test("missing or unknown grant type, missing code")
    func requestErrors() async throws {
        let fixture = AppleFixture()
        let secret = fixture.secret()
        #expect(
            await fixture.post(
                "auth/token", [("client_id", AppleFixture.clientID), ("client_secret", secret), ("code", "c")]
            ).error == "invalid_request")
        let password = await fixture.post(
            "auth/token", [("client_id", AppleFixture.clientID), ("client_secret", secret), ("grant_type", "password")])
        #expect(password.status == 400 && password.error == "unsupported_grant_type")
        #expect(await fixture.exchange("").error == "invalid_request")
        #expect(await fixture.exchange("c-never-issued").error == "invalid_grant")
    }

    @Test(
        "a bad client secret is invalid_client",
        arguments: [
            "wrong kid", "wrong iss", "wrong sub", "wrong aud", "expired", "over six months", "not yet issued",
            "bad signature", "ES256 by none", "not a JWT", "missing",
        ])
    func badSecret(_ defect: String) async throws {
        let fixture = AppleFixture()
        let code = try await fixture.authorize().authorizationCode
        let now = fixture.now
        let secret: String
        switch defect {
        case "wrong kid": secret = fixture.secret(kid: "KEY0000000")
        case "wrong iss": secret = fixture.secret(iss: "TEAM000000")
        case "wrong sub": secret = fixture.secret(sub: "com.example.other")
        case "wrong aud": secret = fixture.secret(aud: "https://appleid.apple.com/")
        case "expired": secret = fixture.secret(iat: now - 7200, exp: now)
        case "over six months": secret = fixture.secret(exp: now + 15_777_001)
        case "not yet issued": secret = fixture.secret(iat: now + 60)
        case "bad signature": secret = fixture.secret(key: P256.Signing.PrivateKey())
        case "ES256 by none":
            let parts = fixture.secret().split(separator: ".")
            secret = "\(parts[0]).\(parts[1])."
        case "not a JWT": secret = "s3cr3t"
        default: secret = ""
        }
        let response = await fixture.exchange(code, secret: secret)
        #expect(response.status == 400)
        #expect(response.error == "invalid_client")
        #expect(fixture.world.apple.tokenRequests.last?.clientSecretValid == false)
        #expect(await fixture.exchange(code).status == 200, "a refused exchange does not spend the code")
    }

    @Test("a client secret valid for exactly 15777000 s is accepted, and one issued just now")
    func secretLimits() async throws {
        let fixture = AppleFixture()
        let code = try await fixture.authorize().authorizationCode
        #expect(await fixture.exchange(code, secret: fixture.secret(exp: fixture.now + 15_777_000)).status == 200)
    }
}
