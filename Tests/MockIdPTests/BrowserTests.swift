import Foundation
import MockIdP
import Testing

@Suite("The browser party")
struct BrowserTests {
    private let fixture = GitHubFixture()
    private let app = RecordingApp()
    private var world: World { fixture.world }
    private let authorize = GitHubFixture.authorizeURL([
        ("client_id", GitHubFixture.app.clientID), ("redirect_uri", GitHubFixture.callback.absoluteString),
        ("scope", "user:email"), ("state", "xyz"), ("prompt", "select_account"),
    ])

    init() { fixture.world.devices.install(app, on: .primary) }

    private func redirected() -> [String: String] {
        let url = app.urls.withLock { $0.last }
        let items = url.flatMap { URLComponents(url: $0, resolvingAgainstBaseURL: false)?.queryItems } ?? []
        return Dictionary(items.map { ($0.name, $0.value ?? "") }, uniquingKeysWith: { $1 })
    }

    @Test("approve: the app receives a code and the state, and the code exchanges for a token")
    func approve() async throws {
        world.browser.script(.approve(as: "octocat"))
        let outcome = await world.browser.open(authorize, on: .primary)
        guard case .redirected(let url, handled: true) = outcome else {
            Issue.record("expected a handled redirect, got \(outcome)")
            return
        }
        #expect(url.absoluteString.hasPrefix(GitHubFixture.callback.absoluteString + "?code="))
        let fields = redirected()
        #expect(fields["state"] == "xyz")
        let code = try #require(fields["code"])
        let token = await fixture.exchange(code, redirectURI: GitHubFixture.callback.absoluteString)
        #expect(token.formFields["scope"] == "user:email")
        #expect(world.github.authorizeRequests.first?.value("prompt") == "select_account")
        #expect(world.devices.openedURLs.count == 1)
    }

    @Test("deny: the app receives access_denied with the state")
    func deny() async {
        world.browser.script(.deny)
        await world.browser.open(authorize, on: .primary)
        let fields = redirected()
        #expect(fields["error"] == "access_denied")
        #expect(fields["error_description"] == "The user has denied your application access.")
        #expect(fields["state"] == "xyz")
        #expect(fields["code"] == nil)
    }

    @Test("closeWindow: nothing comes back to the app, and the browser reports the window closed")
    func closeWindow() async {
        world.browser.script(.closeWindow)
        #expect(await world.browser.open(authorize, on: .primary) == .windowClosed)
        #expect(app.urls.withLock { $0.isEmpty })
        #expect(world.github.authorizeRequests.isEmpty)
        #expect(world.transcript.rendered().contains("the window was closed"))
    }

    @Test("pickAccount: the token belongs to the account picked")
    func pickAccount() async throws {
        world.browser.script(.pickAccount("hubot"))
        await world.browser.open(authorize, on: .primary)
        let code = try #require(redirected()["code"])
        let token = try #require(await fixture.exchange(code).formFields["access_token"])
        let user = await fixture.api("/user", authorization: "Bearer \(token)")
        #expect(user.jsonObject?["login"] as? String == "hubot")
    }

    @Test("scripted actions are taken in order, and an unscripted page stays open")
    func order() async {
        world.browser.script(.deny)
        world.browser.script(.closeWindow)
        guard case .redirected = await world.browser.open(authorize, on: .primary) else {
            Issue.record("expected a redirect first")
            return
        }
        #expect(await world.browser.open(authorize, on: .primary) == .windowClosed)
        #expect(await world.browser.open(authorize, on: .primary) == .unscripted)
    }

    @Test("a failing GitHub shows a 503 page; a stalling one keeps the page loading until the caller's deadline")
    func failureModes() async {
        world.browser.script(.approve(as: "octocat"))
        world.github.set(.failing)
        #expect(
            await world.browser.open(authorize, on: .primary)
                == .errorPage(status: 503, message: "HTTP 503 Service Unavailable"))
        world.browser.script(.approve(as: "octocat"))
        world.github.set(.stalling)
        let world = world
        let authorize = authorize
        await #expect(throws: TimeoutError.self) {
            try await world.clock.withTimeout(.seconds(120)) { _ = await world.browser.open(authorize, on: .primary) }
        }
        #expect(world.clock.now == VirtualClock.Instant(offset: .seconds(120)))
        #expect(app.urls.withLock { $0.isEmpty })
    }
}
