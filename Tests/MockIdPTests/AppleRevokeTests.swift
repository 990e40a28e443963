import Foundation
import MockIdP
import Testing

@Suite("Apple's revoke endpoint")
struct AppleRevokeTests {
    /// Alice authorized and her code exchanged: the refresh and access tokens.
    private func tokens(
        _ fixture: AppleFixture, email: AppleEmailChoice = .share
    ) async throws -> (refresh: String, access: String) {
        let code = try await fixture.authorize(email: email).authorizationCode
        let body = try #require(await fixture.exchange(code).jsonObject)
        return (try #require(body["refresh_token"] as? String), try #require(body["access_token"] as? String))
    }

    @Test("unknown, already revoked and another client's tokens still get 200 with an empty body")
    func alwaysOK() async throws {
        let fixture = AppleFixture()
        let unknown = await fixture.revoke("r-never-issued")
        #expect(unknown.status == 200 && unknown.body.isEmpty)
        let (refresh, _) = try await tokens(fixture)
        #expect(await fixture.revoke(refresh).status == 200)
        #expect(await fixture.revoke(refresh).status == 200)
        let code = try await fixture.authorize().authorizationCode
        #expect(await fixture.revoke(code, hint: "access_token").status == 200)
        #expect(fixture.world.apple.revokeRequests.map(\.token) == ["r-never-issued", refresh, refresh, code])
        #expect(fixture.world.apple.revokeRequests.allSatisfy { $0.clientSecretValid })
    }

    @Test("revoking the refresh token revokes the grant: refresh fails, the next sheet is the first again")
    func revokesRefresh() async throws {
        let fixture = AppleFixture()
        let (refresh, access) = try await tokens(fixture)
        #expect(!fixture.world.apple.isRevoked(refreshToken: refresh))
        #expect(
            fixture.world.apple.activeGrants(userID: AppleFixture.alice.id, clientID: AppleFixture.clientID) == [
                refresh
            ])
        let pending = try await fixture.authorize().authorizationCode
        #expect(await fixture.revoke(refresh).status == 200)
        #expect(fixture.world.apple.isRevoked(refreshToken: refresh))
        #expect(fixture.world.apple.isRevoked(accessToken: access))
        #expect(
            fixture.world.apple.activeGrants(userID: AppleFixture.alice.id, clientID: AppleFixture.clientID).isEmpty)
        #expect(!fixture.world.apple.isAuthorized(userID: AppleFixture.alice.id, clientID: AppleFixture.clientID))
        #expect(await fixture.refresh(refresh).error == "invalid_grant")
        #expect(await fixture.exchange(pending).error == "invalid_grant")
        let again = try await fixture.authorize()
        #expect(again.givenName == "Alice" && again.email == AppleFixture.alice.email)
    }

    @Test("revoking the access token ends the authorization too; a new email choice follows")
    func revokesAccess() async throws {
        let fixture = AppleFixture()
        let (refresh, access) = try await tokens(fixture)
        #expect(await fixture.revoke(access, hint: "access_token").status == 200)
        #expect(fixture.world.apple.isRevoked(refreshToken: refresh))
        let again = try await fixture.authorize(email: .hide)
        #expect(again.email?.hasSuffix("@privaterelay.appleid.com") == true)
    }

    @Test("a bad client secret is 400 invalid_client and revokes nothing; so is an empty payload")
    func badClient() async throws {
        let fixture = AppleFixture()
        let (refresh, _) = try await tokens(fixture)
        let response = await fixture.revoke(refresh, secret: fixture.secret(iss: "TEAM000000"))
        #expect(response.status == 400 && response.error == "invalid_client")
        #expect(!fixture.world.apple.isRevoked(refreshToken: refresh))
        #expect(fixture.world.apple.revokeRequests.last?.clientSecretValid == false)
        #expect(await fixture.post("auth/revoke", []).error == "invalid_client")
        #expect(fixture.world.apple.isAuthorized(userID: AppleFixture.alice.id, clientID: AppleFixture.clientID))
    }
}
