import Foundation
import MockIdP
import Testing
import WorldProviderEndpoints

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Each world served by the providers' endpoints is found under one key for as long as it lives, and no other world is
/// ever found under it.
@Suite("The providers' endpoints: one key per world")
struct ProviderEndpointsKeyTests {
    @Test("a world keeps its URL; worlds made and dropped one after another never share one, nor reach a dropped one")
    func oneKeyPerWorld() async throws {
        let endpoints = try WorldProviderEndpoints()
        defer { endpoints.stop() }
        let kept = World()
        let keptURL = try await endpoints.endpoints(for: kept)
        var seen: Set<URL> = [keptURL]
        // Enough worlds, each gone before the next is made, that entries are dropped and identities are reused.
        for _ in 0..<300 {
            let url = try await endpoints.endpoints(for: World())
            #expect(seen.insert(url).inserted, "\(url) was handed to two worlds")
        }
        #expect(try await endpoints.endpoints(for: kept) == keptURL)
        let session = URLSession(configuration: .ephemeral)
        defer { session.finishTasksAndInvalidate() }
        let gone = try #require(seen.subtracting([keptURL]).first)
        let (_, answer) = try await session.data(from: gone.appending(path: "appleid.apple.com/auth/keys"))
        #expect((answer as? HTTPURLResponse)?.statusCode == 404, "a world gone is still served at \(gone)")
        let (_, live) = try await session.data(from: keptURL.appending(path: "appleid.apple.com/auth/keys"))
        #expect((live as? HTTPURLResponse)?.statusCode == 200)
    }
}
