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
        let start = world.clock.now
        let error = await #expect(throws: AuthError.self) { _ = try await backend.makeClient(on: .primary) }
        #expect(error?.code == .networkError)
        #expect(error?.message.contains("did not answer") == true)
        #expect(start.duration(to: world.clock.now) == .seconds(7))
    }
}
