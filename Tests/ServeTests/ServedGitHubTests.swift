import ConformanceKit
import Foundation
import IdentityToolkitServer
import IdentityToolkitSubject
import MockIdP
import Testing
import WorldProviderEndpoints

/// The served server pointed at a world's GitHub over loopback, driven as the hosted auth handler drives the REST
/// API: `createAuthUri` with `providerId`, the browser at GitHub, `signInWithIdp` with the redirect and `sessionId`.
@Suite("GitHub sign-in over loopback against the served server, pointed at a world's GitHub")
struct ServedGitHubTests {
    static let project = "demo-conformance"
    static let v1 = "/identitytoolkit.googleapis.com/v1"

    @Test("a code from the world's GitHub signs in once; its redirect replayed is refused; unpointed, refused")
    func gitHubSignIn() async throws {
        let server = try ServedServer(projectID: Self.project)
        defer { server.http.stop() }
        let endpoints = try WorldProviderEndpoints()
        defer { endpoints.stop() }
        let world = World()
        let handler = ProjectConfiguration.standard.with(\.projectID, Self.project).authHandlerURL
        let settings = OAuthProviderSettings.github
        world.github.register(
            app: GitHubApp(clientID: settings.clientID, clientSecret: settings.clientSecret, callbackURL: handler))
        world.github.add(user: GitHubAccounts.octocat)
        let client = ServedClient(baseURL: server.baseURL)
        let unpointed = try await client.post(
            "\(Self.v1)/accounts:createAuthUri?key=k", ["providerId": "github.com", "continueUri": "\(handler)"])
        #expect(unpointed.status == 400 && unpointed.json.errorMessage?.hasPrefix("OPERATION_NOT_ALLOWED") == true)

        let base = try await endpoints.endpoints(for: world)
        let pointed = try await client.post(
            "/identitytoolkit.googleapis.com/v2/projects/\(Self.project)/defaultSupportedIdpConfigs/github.com?key=k",
            ["enabled": true, "providerEndpoints": base.absoluteString], owner: true)
        #expect(pointed.status == 200 && pointed.json?["providerEndpoints"] as? String == base.absoluteString)
        let notOwner = try await client.post(
            "/identitytoolkit.googleapis.com/v2/projects/\(Self.project)/defaultSupportedIdpConfigs/github.com?key=k",
            ["providerEndpoints": base.absoluteString])
        #expect(notOwner.status == 401)

        let uri = try await client.post(
            "\(Self.v1)/accounts:createAuthUri?key=k",
            ["providerId": "github.com", "continueUri": "\(handler)", "oauthScope": "user:email"])
        let authUri = try #require(uri.json?["authUri"] as? String)
        let sessionId = try #require(uri.json?["sessionId"] as? String)
        #expect(authUri.hasPrefix(base.absoluteString + "/github.com/login/oauth/authorize?"))
        let served = try #require(URL(string: authUri))
        let atGitHub = try #require(ProviderEndpointsLayout.providerURL(of: served, at: base))
        world.browser.script(.approve(as: GitHubAccounts.octocat.login))
        _ = await world.browser.open(atGitHub, on: .primary)
        let redirect = try #require(world.github.redirects.last)
        #expect(redirect.state == sessionId)

        let body: [String: Any] = [
            "requestUri": redirect.url.absoluteString, "sessionId": sessionId, "postBody": "providerId=github.com",
            "returnSecureToken": true, "returnIdpCredential": true,
        ]
        let signedIn = try await client.post("\(Self.v1)/accounts:signInWithIdp?key=k", body)
        #expect(signedIn.status == 200, "\(signedIn.json ?? [:])")
        #expect(signedIn.json?["idToken"] is String && signedIn.json?["isNewUser"] as? Bool == true)
        #expect(signedIn.json?["providerId"] as? String == "github.com" && signedIn.json?["oauthAccessToken"] is String)
        #expect(world.github.tokenRequests.count == 1)
        let replayed = try await client.post("\(Self.v1)/accounts:signInWithIdp?key=k", body)
        #expect(replayed.status == 400 && world.github.tokenRequests.count == 1)
    }
}
