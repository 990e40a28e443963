import Foundation
import MockIdP
import Testing

@Suite("The GitHub server")
struct GitHubServerTests {
    @Test("a code exchanges for a form-encoded token by default, and JSON when asked")
    func exchange() async throws {
        let fixture = GitHubFixture()
        let first = try #require(fixture.code(scope: "user,gist,user:email"))
        let form = await fixture.exchange(first)
        #expect(form.status == 200)
        #expect(form.formFields["token_type"] == "bearer")
        #expect(form.formFields["scope"] == "user,gist")
        #expect(form.formFields["access_token"]?.hasPrefix("gho_") == true)
        #expect(form.header("content-type")?.hasPrefix("application/x-www-form-urlencoded") == true)
        let second = try #require(fixture.code())
        let json = await fixture.exchange(second, json: true)
        #expect(json.jsonObject?["token_type"] as? String == "bearer")
        #expect(json.jsonObject?["scope"] as? String == "user:email")
        #expect(fixture.world.github.tokenRequests.map(\.wantsJSON) == [false, true])
    }

    @Test("each token error comes back with HTTP 200, a description and a troubleshooting URI")
    func errors() async throws {
        let fixture = GitHubFixture()
        let code = try #require(fixture.code())
        let cases: [(HTTPResponse, String)] = [
            (await fixture.exchange(code, secret: "wrong"), "incorrect_client_credentials"),
            (await fixture.exchange("nope"), "bad_verification_code"),
            (
                await fixture.exchange(code, redirectURI: "https://example.firebaseapp.com/__/auth/handler/other"),
                "redirect_uri_mismatch"
            ),
        ]
        for (response, error) in cases {
            #expect(response.status == 200)
            #expect(response.formFields["error"] == error)
            #expect(response.formFields["error_description"]?.isEmpty == false)
            #expect(response.formFields["error_uri"]?.hasPrefix("https://docs.github.com/") == true)
        }
        let json = await fixture.exchange("nope", json: true)
        #expect(json.status == 200)
        #expect(json.jsonObject?["error"] as? String == "bad_verification_code")
        #expect(json.jsonObject?["error_description"] as? String == "The code passed is incorrect or expired.")
    }

    @Test("a code is single use")
    func singleUse() async throws {
        let fixture = GitHubFixture()
        let code = try #require(fixture.code())
        #expect(await fixture.exchange(code).formFields["access_token"] != nil)
        #expect(await fixture.exchange(code).formFields["error"] == "bad_verification_code")
    }

    @Test("a code expires after 10 minutes of the world's time")
    func expiry() async throws {
        let fixture = GitHubFixture()
        let fresh = try #require(fixture.code())
        let stale = try #require(fixture.code())
        fixture.world.clock.advance(by: .seconds(599))
        #expect(await fixture.exchange(fresh).formFields["access_token"] != nil)
        fixture.world.clock.advance(by: .seconds(1))
        #expect(await fixture.exchange(stale).formFields["error"] == "bad_verification_code")
    }

    @Test("PKCE: S256 with the right verifier; a wrong, missing or too short verifier is bad_verification_code")
    func pkce() async throws {
        let fixture = GitHubFixture()
        let pkce = [("code_challenge", GitHubFixture.challenge), ("code_challenge_method", "S256")]
        #expect(PKCE.challenge(for: GitHubFixture.verifier, method: .s256) == GitHubFixture.challenge)
        let good = try #require(fixture.code(pkce: pkce))
        #expect(await fixture.exchange(good, verifier: GitHubFixture.verifier).formFields["access_token"] != nil)
        for verifier in [String(GitHubFixture.verifier.reversed()), nil, String(GitHubFixture.verifier.prefix(42))] {
            let code = try #require(fixture.code(pkce: pkce))
            #expect(await fixture.exchange(code, verifier: verifier).formFields["error"] == "bad_verification_code")
        }
        #expect(!PKCE.isWellFormed(verifier: String(repeating: "a", count: 129)))
        #expect(
            PKCE.verify(
                "a" + String(repeating: "~", count: 42), against: "a" + String(repeating: "~", count: 42),
                method: .plain))
    }

    @Test("PKCE: GitHub accepts only S256, so a plain challenge is refused at the authorize step")
    func plainRefused() throws {
        let fixture = GitHubFixture()
        let url = GitHubFixture.authorizeURL([
            ("client_id", GitHubFixture.app.clientID), ("code_challenge", GitHubFixture.verifier),
            ("code_challenge_method", "plain"), ("state", "S"),
        ])
        guard case .redirect(let redirect) = fixture.world.github.authorize(url, decision: .approve(as: "octocat"))
        else {
            Issue.record("expected a redirect")
            return
        }
        let items = URLComponents(url: redirect, resolvingAgainstBaseURL: false)?.queryItems ?? []
        #expect(items.first { $0.name == "error" }?.value == "invalid_request")
        #expect(items.first { $0.name == "code" } == nil)
        #expect(items.first { $0.name == "state" }?.value == "S")
    }

    @Test(
        "redirect URIs follow GitHub's rule",
        arguments: [
            ("http://example.com/path", true), ("http://example.com/path/subdir/other", true),
            ("http://oauth.example.com/path", true), ("http://oauth.example.com/path/subdir/other", true),
            ("http://example.com/bar", false), ("http://example.com/", false), ("http://example.com:8080/path", false),
            ("http://oauth.example.com:8080/path", false), ("http://example.org", false),
            ("http://example.com/pathology", false), ("http://badexample.com/path", false),
        ])
    func redirectRule(candidate: String, accepted: Bool) {
        #expect(
            RedirectURIRule.accepts(URL(string: candidate)!, callback: URL(string: "http://example.com/path")!)
                == accepted)
    }

    @Test("a loopback callback accepts any port")
    func loopback() {
        #expect(
            RedirectURIRule.accepts(
                URL(string: "http://127.0.0.1:1234/path")!, callback: URL(string: "http://127.0.0.1/path")!))
    }

    @Test("a mismatched redirect_uri at authorize redirects to the registered callback with redirect_uri_mismatch")
    func authorizeMismatch() {
        let fixture = GitHubFixture()
        let url = GitHubFixture.authorizeURL([
            ("client_id", GitHubFixture.app.clientID), ("redirect_uri", "https://evil.example/cb"), ("state", "S"),
        ])
        guard case .redirect(let redirect) = fixture.world.github.authorize(url, decision: .approve(as: "octocat"))
        else {
            Issue.record("expected a redirect")
            return
        }
        #expect(redirect.host == "example.firebaseapp.com")
        #expect(redirect.query?.contains("error=redirect_uri_mismatch") == true)
        #expect(
            fixture.world.github.authorize(GitHubFixture.authorizeURL([("client_id", "unknown")]), decision: .deny)
                == .page(status: 404, message: "unknown client_id unknown"))
    }

    @Test("/user needs a valid token; /user/emails needs user:email or user, else 404 as GitHub answers")
    func scopes() async throws {
        let fixture = GitHubFixture()
        let token = { (scope: String) async throws -> String in
            let code = try #require(fixture.code(scope: scope))
            return try #require(await fixture.exchange(code).formFields["access_token"])
        }
        let bare = try await token("")
        let user = await fixture.api("/user", authorization: "Bearer \(bare)")
        #expect(user.status == 200)
        #expect(user.jsonObject?["login"] as? String == "octocat")
        #expect(user.jsonObject?["id"] as? Int == 1)
        #expect(user.jsonObject?["email"] as? String == "octocat@github.com")
        let hidden = await fixture.api("/user/emails", authorization: "token \(bare)")
        #expect(hidden.status == 404)
        #expect(hidden.jsonObject?["message"] as? String == "Not Found")
        #expect(hidden.header("X-Accepted-OAuth-Scopes") == "user, user:email")
        for scope in ["user:email", "user", "read:user user:email"] {
            let scoped = try await token(scope)
            let emails = await fixture.api("/user/emails", authorization: "Bearer \(scoped)")
            #expect(emails.status == 200)
            let list = try #require(try JSONSerialization.jsonObject(with: emails.body) as? [[String: Any]])
            #expect(list.map { $0["email"] as? String } == ["octocat@github.com", "octo@example.com"])
            #expect(list.first?["primary"] as? Bool == true)
        }
        let bad = await fixture.api("/user", authorization: "Bearer gho_nope")
        #expect(bad.status == 401)
        #expect(bad.jsonObject?["message"] as? String == "Bad credentials")
        #expect(await fixture.api("/user", authorization: nil).status == 401)
    }

    @Test("the transcript shows every request and answer, with secrets abbreviated")
    func transcript() async throws {
        let fixture = GitHubFixture()
        let code = try #require(fixture.code())
        let token = try #require(await fixture.exchange(code).formFields["access_token"])
        _ = await fixture.api("/user", authorization: "Bearer \(token)")
        let rendered = fixture.world.transcript.rendered(last: 100)
        #expect(!rendered.contains(GitHubFixture.app.clientSecret))
        #expect(!rendered.contains(token))
        #expect(!rendered.contains(code))
        #expect(rendered.contains("GitHub token request"))
        #expect(
            fixture.world.github.authorizeRequests.first?.queryItems.map(\.name) == [
                "client_id", "redirect_uri", "scope", "state",
            ])
    }

    @Test("a failing GitHub answers 503; a stalled one keeps the caller until its deadline on the world's clock")
    func failureModes() async {
        let fixture = GitHubFixture()
        fixture.world.github.set(.failing)
        #expect(await fixture.api("/user", authorization: nil).status == 503)
        fixture.world.github.set(.stalling)
        await #expect(throws: TimeoutError.self) {
            try await fixture.world.clock.withTimeout(.seconds(30)) {
                _ = await fixture.api("/user", authorization: nil)
            }
        }
        #expect(fixture.world.clock.now == VirtualClock.Instant(offset: .seconds(30)))
    }
}
