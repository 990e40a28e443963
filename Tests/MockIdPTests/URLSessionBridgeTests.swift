import Foundation
import MockIdP
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@Suite("The URLSession bridge")
struct URLSessionBridgeTests {
    @Test("a URLSession with the world's configuration reaches the in-process GitHub")
    func roundTrip() async throws {
        let fixture = GitHubFixture()
        let session = URLSession(configuration: fixture.world.urlSessionConfiguration())
        defer { session.invalidateAndCancel() }
        let code = try #require(fixture.code(scope: "user"))
        var post = URLRequest(url: URL(string: "https://github.com/login/oauth/access_token")!)
        post.httpMethod = "POST"
        post.setValue("application/json", forHTTPHeaderField: "Accept")
        post.setValue("application/x-www-form-urlencoded", forHTTPHeaderField: "Content-Type")
        post.httpBody = Data(
            FormEncoding.encode([
                ("client_id", GitHubFixture.app.clientID), ("client_secret", GitHubFixture.app.clientSecret),
                ("code", code),
            ]).utf8)
        let (tokenData, tokenResponse) = try await session.data(for: post)
        #expect((tokenResponse as? HTTPURLResponse)?.statusCode == 200)
        let token = try #require(
            (try JSONSerialization.jsonObject(with: tokenData) as? [String: Any])?["access_token"] as? String)

        var get = URLRequest(url: URL(string: "https://api.github.com/user")!)
        get.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization")
        let (userData, userResponse) = try await session.data(for: get)
        #expect((userResponse as? HTTPURLResponse)?.statusCode == 200)
        #expect((userResponse as? HTTPURLResponse)?.value(forHTTPHeaderField: "X-OAuth-Scopes") == "user")
        #expect((try JSONSerialization.jsonObject(with: userData) as? [String: Any])?["login"] as? String == "octocat")
        #expect(fixture.world.github.tokenRequests.count == 1)
        #expect(fixture.world.github.tokenRequests.first?.wantsJSON == true)
    }

    @Test("two worlds' sessions each reach their own world")
    func separateWorlds() async throws {
        let first = GitHubFixture()
        let second = GitHubFixture()
        let session = URLSession(configuration: second.world.urlSessionConfiguration())
        defer { session.invalidateAndCancel() }
        _ = first.world.urlSessionConfiguration()
        _ = try await session.data(from: URL(string: "https://api.github.com/user")!)
        #expect(first.world.transcript.all.isEmpty)
        #expect(second.world.transcript.all.count == 2)
    }

    @Test("a stalled GitHub keeps a URLSession caller until its deadline on the world's clock")
    func stalled() async throws {
        let fixture = GitHubFixture()
        fixture.world.github.set(.stalling)
        let session = URLSession(configuration: fixture.world.urlSessionConfiguration())
        defer { session.invalidateAndCancel() }
        await #expect(throws: TimeoutError.self) {
            try await fixture.world.clock.withTimeout(.seconds(45)) {
                _ = try await session.data(from: URL(string: "https://api.github.com/user")!)
            }
        }
        #expect(fixture.world.clock.now == VirtualClock.Instant(offset: .seconds(45)))
    }
}
