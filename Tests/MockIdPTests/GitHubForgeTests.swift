import Foundation
import MockIdP
import Testing

@Suite("GitHub's forge: redirects GitHub never sent, from ones it did")
struct GitHubForgeTests {
    /// Two genuine approvals as octocat; their redirects.
    static func twoRedirects(_ fixture: GitHubFixture) throws -> (GitHubRedirect, GitHubRedirect) {
        _ = try #require(fixture.code())
        _ = try #require(fixture.code())
        let redirects = fixture.world.github.redirects
        try #require(redirects.count == 2)
        return (redirects[0], redirects[1])
    }

    @Test("a forgery that would leave the redirect as it was throws: no state to remove, another request's same state")
    func notAForgery() throws {
        let github = GitHubFixture().world.github
        let url = URL(string: "https://example.firebaseapp.com/__/auth/handler?code=C&state=S")!
        #expect(throws: Forgery.NotAForgery.self) {
            try github.forge(
                .stateMissing,
                from: GitHubRedirect(URL(string: "https://example.firebaseapp.com/__/auth/handler?code=C")!))
        }
        #expect(throws: Forgery.NotAForgery.self) { try github.forge(.state(of: url), from: GitHubRedirect(url)) }
    }

    @Test("each forgery changes exactly its one parameter of the genuine redirect")
    func forgeries() throws {
        let fixture = GitHubFixture()
        let github = fixture.world.github
        let (genuine, other) = try Self.twoRedirects(fixture)
        #expect(genuine.state == "S" && genuine.code != nil && genuine.code != other.code)
        #expect(try github.forge(.replayed, from: genuine) == genuine.url)
        let offByOne = GitHubRedirect(try github.forge(.stateOffByOne, from: genuine))
        // S is 18 as a base64url digit; its highest bit flipped gives 50, y: a state's bytes change too.
        #expect(offByOne.state == "y" && offByOne.code == genuine.code)
        let missing = GitHubRedirect(try github.forge(.stateMissing, from: genuine))
        #expect(missing.state == nil && missing.code == genuine.code)
        let foreignState = GitHubRedirect(
            try github.forge(
                .state(of: URL(string: "https://example.firebaseapp.com/__/auth/handler?state=T")!), from: genuine))
        #expect(foreignState.state == "T" && foreignState.code == genuine.code)
        let foreignCode = GitHubRedirect(try github.forge(.code(of: other.url), from: genuine))
        #expect(foreignCode.code == other.code && foreignCode.state == "S")
        let attacker = URL(string: "https://attacker.example/collect")!
        let elsewhere = try github.forge(.redirectedTo(attacker), from: genuine)
        #expect(
            elsewhere.host == "attacker.example" && elsewhere.path == "/collect"
                && GitHubRedirect(elsewhere).code == genuine.code)
    }

    @Test("another app's code is genuine for that app only: GitHub refuses it to the app it was forged for")
    func anotherAppsCode() async throws {
        let fixture = GitHubFixture()
        _ = try #require(fixture.code())
        let genuine = try #require(fixture.world.github.redirects.first)
        let forged = GitHubRedirect(try fixture.world.github.forge(.codeOfAnotherApp, from: genuine))
        let code = try #require(forged.code)
        #expect(code != genuine.code && forged.state == genuine.state)
        #expect(await fixture.exchange(code).formFields["error"] == GitHubError.badVerificationCode.rawValue)
        let app = GitHubServer.attackerApp
        let theirs = HTTPRequest.form(
            URL(string: "https://github.com/login/oauth/access_token")!,
            [("client_id", app.clientID), ("client_secret", app.clientSecret), ("code", code)])
        #expect(await fixture.world.github.handle(theirs).formFields["access_token"]?.hasPrefix("gho_") == true)
    }

    @Test("a regenerated client secret refuses the old one with incorrect_client_credentials")
    func regeneratedSecret() async throws {
        let fixture = GitHubFixture()
        let code = try #require(fixture.code())
        let secret = fixture.world.github.regenerateClientSecret(of: GitHubFixture.app.clientID)
        #expect(secret != GitHubFixture.app.clientSecret)
        #expect(await fixture.exchange(code).formFields["error"] == GitHubError.incorrectClientCredentials.rawValue)
        #expect(await fixture.exchange(code, secret: secret).formFields["access_token"] != nil)
    }

    @Test(
        "one error type for both endpoints: redirect_uri_mismatch reads the same at authorize and at the token endpoint"
    )
    func oneErrorType() async throws {
        let fixture = GitHubFixture()
        let code = try #require(fixture.code())
        let token = await fixture.exchange(code, redirectURI: "https://example.firebaseapp.com/__/auth/handler/other")
        let url = GitHubFixture.authorizeURL([
            ("client_id", GitHubFixture.app.clientID), ("redirect_uri", "https://evil.example/cb"), ("state", "S"),
        ])
        guard case .redirect(let redirect) = fixture.world.github.authorize(url, decision: .approve(as: "octocat"))
        else {
            Issue.record("expected a redirect")
            return
        }
        let mismatch = GitHubError.redirectURIMismatch
        #expect(GitHubRedirect(redirect).error == mismatch)
        #expect(
            token.formFields["error"] == mismatch.rawValue
                && token.formFields["error_description"] == mismatch.description)
        #expect(token.formFields["error_uri"] == mismatch.uri(at: .token))
        #expect(
            mismatch.uri(at: .authorize).hasSuffix(
                "troubleshooting-authorization-request-errors/#redirect-uri-mismatch"))
    }
}
