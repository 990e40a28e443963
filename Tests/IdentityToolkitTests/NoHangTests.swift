import ConformanceKit
import Foundation
import IdentityToolkitSubject
import MockIdP
import Testing

@Suite("A server that never answers fails the call with networkError at the network timeout")
struct NoHangTests {
    @Test("a stalled server: the call gives up at exactly the project's network timeout on the world's clock")
    func stalledServer() async throws {
        let world = World()
        // The world's GitHub party stands in for a server that takes requests and never answers.
        world.github.set(.stalling)
        let subject = IdentityToolkitSubject(
            IdentityToolkitConfiguration(
                baseURL: URL(string: "https://github.com")!, projectID: "stalled", isolation: .projectPerCheck,
                makeSessionConfiguration: { world.urlSessionConfiguration() }))
        let backend = try await subject.makeBackend(
            configuration: .standard.with(\.networkTimeout, .seconds(7)), world: world)
        // A project made for the check has an empty outbox: making the client sends nothing; its first call stalls.
        let client = try await backend.makeClient(on: .primary)
        let start = world.clock.now
        let error = await #expect(throws: AuthError.self) {
            _ = try await client.phone!.verifyPhoneNumber("+16505550101")
        }
        #expect(error?.code == .networkError)
        #expect(error?.message.contains("did not answer") == true)
        #expect(start.duration(to: world.clock.now) == .seconds(7))
    }
}
