import Foundation
import MockIdP
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@Suite("Apple over the URLSession bridge, refusing and stalling")
struct AppleDeliveryTests {
    @Test("a URLSession with the world's configuration reaches the in-process Apple")
    func bridge() async throws {
        let fixture = AppleFixture()
        let session = URLSession(configuration: fixture.world.urlSessionConfiguration())
        defer { session.invalidateAndCancel() }
        let (keys, keysResponse) = try await session.data(from: URL(string: "https://appleid.apple.com/auth/keys")!)
        #expect((keysResponse as? HTTPURLResponse)?.statusCode == 200)
        #expect(try JSONWebKeySet(json: keys).keys.count == 2)
        let code = try await fixture.authorize().authorizationCode
        var post = URLRequest(url: URL(string: "https://appleid.apple.com/auth/token")!)
        post.httpMethod = "POST"
        post.setValue("application/x-www-form-urlencoded", forHTTPHeaderField: "Content-Type")
        post.httpBody = Data(
            FormEncoding.encode([
                ("client_id", AppleFixture.clientID), ("client_secret", fixture.secret()), ("code", code),
                ("grant_type", "authorization_code"),
            ]).utf8)
        let (data, response) = try await session.data(for: post)
        #expect((response as? HTTPURLResponse)?.statusCode == 200)
        #expect((try JSONSerialization.jsonObject(with: data) as? [String: Any])?["id_token"] is String)
        #expect(fixture.world.apple.keyFetchCount == 1 && fixture.world.apple.tokenRequests.count == 1)
        #expect(fixture.world.transcript.all.allSatisfy { if case .github = $0.event { false } else { true } })
    }

    @Test("a refusing Apple answers 503 and fails the sheet without taking the script")
    func refusing() async throws {
        let fixture = AppleFixture()
        fixture.world.apple.set(.failing)
        #expect(
            await fixture.world.apple.handle(HTTPRequest(url: URL(string: "https://appleid.apple.com/auth/keys")!))
                .status == 503)
        #expect(fixture.world.apple.keyFetchCount == 0)
        fixture.world.apple.script(.approve(userID: AppleFixture.alice.id))
        let request = AppleAuthorizationRequest(clientID: AppleFixture.clientID, nonce: "n")
        #expect(await fixture.world.apple.authorize(request, on: .primary) == .failure(.failed))
        #expect(fixture.world.apple.authorizationRequests == [request])
        fixture.world.apple.set(.delivering)
        #expect(
            await fixture.world.apple.authorize(request, on: .primary).map(\.user) == .success(AppleFixture.alice.id))
        #expect(fixture.world.transcript.rendered().contains("Apple refused /auth/keys: HTTP 503 Service Unavailable"))
    }

    @Test("a stalling Apple keeps HTTP and sheet callers until their deadlines on the world's clock")
    func stalling() async throws {
        let fixture = AppleFixture()
        fixture.world.apple.set(.stalling)
        let session = URLSession(configuration: fixture.world.urlSessionConfiguration())
        defer { session.invalidateAndCancel() }
        await #expect(throws: TimeoutError.self) {
            try await fixture.world.clock.withTimeout(.seconds(30)) {
                _ = try await session.data(from: URL(string: "https://appleid.apple.com/auth/keys")!)
            }
        }
        #expect(fixture.world.clock.now == VirtualClock.Instant(offset: .seconds(30)))
        let request = AppleAuthorizationRequest(clientID: AppleFixture.clientID)
        await #expect(throws: TimeoutError.self) {
            try await fixture.world.clock.withTimeout(.seconds(30)) {
                _ = await fixture.world.apple.authorize(request, on: .primary)
            }
        }
        #expect(fixture.world.clock.now == VirtualClock.Instant(offset: .seconds(60)))
        #expect(fixture.world.transcript.rendered().contains("Apple stalled on sheet"))
    }
}
