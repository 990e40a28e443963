import Foundation
import MockIdP
import Testing

@Suite("The Apple sheet")
struct AppleSheetTests {
    @Test("name and email come only with the first authorization; the token still carries the email")
    func firstAuthorizationOnly() async throws {
        let fixture = AppleFixture()
        let first = try await fixture.authorize()
        #expect(first.user == AppleFixture.alice.id)
        #expect(first.givenName == "Alice")
        #expect(first.familyName == "Appleseed")
        #expect(first.email == "alice@icloud.com")
        #expect(first.state == "st")
        #expect(first.authorizedScopes == [.fullName, .email])
        let later = try await fixture.authorize()
        #expect(later.user == first.user)
        #expect(later.givenName == nil && later.familyName == nil && later.email == nil)
        #expect(try AppleFixture.claims(of: later.identityToken).email == "alice@icloud.com")
        #expect(later.authorizationCode != first.authorizationCode)
        #expect(fixture.world.apple.isAuthorized(userID: AppleFixture.alice.id, clientID: AppleFixture.clientID))
    }

    @Test("hide my email: a relay address stable for the user and team, is_private_email true, the choice kept")
    func privateRelay() async throws {
        let fixture = AppleFixture()
        let first = try await fixture.authorize(email: .hide)
        let relay = try #require(first.email)
        #expect(relay.hasSuffix("@privaterelay.appleid.com"))
        #expect(relay != AppleFixture.alice.email)
        let claims = try AppleFixture.claims(of: first.identityToken)
        #expect(claims.email == relay)
        #expect(claims.isPrivateEmail == AppleBoolean(true))
        #expect(claims.emailVerified == AppleBoolean(true))
        let later = try await fixture.authorize(email: .share)
        #expect(try AppleFixture.claims(of: later.identityToken).email == relay)
        let (other, _) = AppleDeveloperApp.make(
            clientID: "com.example.other", teamID: AppleFixture.teamID, keyID: "KEY7654321")
        fixture.world.apple.register(app: other)
        let sameTeam = try await fixture.authorize(email: .hide, clientID: other.clientID)
        #expect(sameTeam.email == relay)
        let (foreign, _) = AppleDeveloperApp.make(
            clientID: "org.elsewhere.app", teamID: "OTHERTEAM1", keyID: "KEY0000001")
        fixture.world.apple.register(app: foreign)
        let otherTeam = try await fixture.authorize(email: .hide, clientID: foreign.clientID)
        #expect(otherTeam.email?.hasSuffix("@privaterelay.appleid.com") == true)
        #expect(otherTeam.email != relay)
    }

    @Test("relay addresses come from the world's seeded randomness: the same seed gives the same address")
    func relayDeterministic() async throws {
        let first = try await AppleFixture().authorize(email: .hide).email
        let second = try await AppleFixture().authorize(email: .hide).email
        #expect(first != nil && first == second)
    }

    @Test("the nonce is passed unchanged, and absent when the request had none")
    func nonce() async throws {
        let fixture = AppleFixture()
        let hashed = String(repeating: "ab", count: 32)
        let with = try await fixture.authorize(nonce: hashed)
        #expect(try AppleFixture.claims(of: with.identityToken).nonce == hashed)
        #expect(try AppleFixture.claims(of: with.identityToken).nonceSupported == true)
        let without = try await fixture.authorize(nonce: nil)
        #expect(try AppleFixture.claims(of: without.identityToken).nonce == nil)
        #expect(!(try CompactJWS(without.identityToken).payload.contains(Data("\"nonce\"".utf8))))
        #expect(fixture.world.apple.authorizationRequests.map(\.nonce) == [hashed, nil])
    }

    @Test("identity token: RS256 under the current kid, Apple's claims, iat and exp on the world's clock")
    func claims() async throws {
        let fixture = AppleFixture()
        fixture.world.clock.advance(by: .seconds(90))
        let token = try await fixture.authorize().identityToken
        let jws = try CompactJWS(token)
        #expect(jws.header == JOSEHeader(alg: "RS256", kid: fixture.world.apple.signingKeyID))
        #expect(try fixture.verifies(token))
        let claims = try AppleFixture.claims(of: token)
        let now = Int(World.defaultEpoch.timeIntervalSince1970) + 90
        #expect(claims.iss == "https://appleid.apple.com")
        #expect(claims.aud == .one(AppleFixture.clientID))
        #expect(claims.iat == now && claims.exp == now + 600 && claims.authTime == now)
        #expect(claims.sub == AppleFixture.alice.id)
        #expect(claims.realUserStatus == 2)
        #expect(claims.isPrivateEmail == AppleBoolean(false))
    }

    @Test("a user whose tokens carry strings gets \"true\"/\"false\", and their real-user status")
    func stringClaims() async throws {
        let fixture = AppleFixture()
        let authorization = try await fixture.authorize(AppleFixture.bob)
        #expect(authorization.realUserStatus == 1)
        #expect(authorization.familyName == nil && authorization.givenName == "Bob")
        let payload = String(decoding: try CompactJWS(authorization.identityToken).payload, as: UTF8.self)
        #expect(payload.contains(#""email_verified":"true""#))
        #expect(payload.contains(#""is_private_email":"false""#))
    }

    @Test("without the email scope there is no email in the user object or the token; without name, no name")
    func scopes() async throws {
        let fixture = AppleFixture()
        let authorization = try await fixture.authorize(scopes: [])
        #expect(authorization.email == nil && authorization.givenName == nil)
        #expect(try AppleFixture.claims(of: authorization.identityToken).email == nil)
        #expect(AppleScope.fullName.rawValue == "name" && AppleScope.email.rawValue == "email")
    }

    @Test("cancel, fail and an unscripted sheet; an unknown client or account fails without taking the script")
    func refusals() async throws {
        let fixture = AppleFixture()
        let request = AppleAuthorizationRequest(clientID: AppleFixture.clientID, nonce: "x")
        fixture.world.apple.script(.cancel)
        fixture.world.apple.script(.fail)
        #expect(await fixture.world.apple.authorize(request, on: .primary) == .failure(.canceled))
        #expect(await fixture.world.apple.authorize(request, on: .primary) == .failure(.failed))
        #expect(await fixture.world.apple.authorize(request, on: .primary) == .failure(.canceled))
        fixture.world.apple.script(.approve(userID: "nobody"))
        var foreign = request
        foreign.clientID = "com.unknown"
        #expect(await fixture.world.apple.authorize(foreign, on: .primary) == .failure(.failed))
        #expect(await fixture.world.apple.authorize(request, on: .primary) == .failure(.failed))
        let lines = fixture.world.transcript.rendered()
        #expect(lines.contains("nothing scripted, the sheet was cancelled"))
        #expect(lines.contains("no app with client ID com.unknown"))
        #expect(lines.contains("no Apple ID nobody"))
        #expect(fixture.world.apple.authorizationRequests.count == 5)
        #expect(AppleAuthorizationError.canceled.rawValue == 1001)
    }
}
