import Foundation
import MockIdP
import Synchronization
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Answers every request with `200 ok` and the path it was sent to: the onward leg of a routed session.
private final class OnwardServer: URLProtocol {
    static let answered = Mutex<[String]>([])

    override class func canInit(with request: URLRequest) -> Bool { true }
    override class func canonicalRequest(for request: URLRequest) -> URLRequest { request }

    override func startLoading() {
        guard let url = request.url,
            let response = HTTPURLResponse(url: url, statusCode: 200, httpVersion: "HTTP/1.1", headerFields: [:])
        else { return }
        Self.answered.withLock { $0.append(url.path) }
        client?.urlProtocol(self, didReceive: response, cacheStoragePolicy: .notAllowed)
        client?.urlProtocol(self, didLoad: Data("ok \(url.lastPathComponent)".utf8))
        client?.urlProtocolDidFinishLoading(self)
    }

    override func stopLoading() {}
}

@Suite("A URLSession routed through the world's network")
struct WorldNetworkRoutingTests {
    @Test("each request is held at the world's network, named by its path, then goes on as the configuration sends it")
    func heldThenOnward() async throws {
        let world = World()
        let onward = URLSessionConfiguration.ephemeral
        onward.protocolClasses = [OnwardServer.self]
        let session = URLSession(configuration: onward.throughWorldNetwork(of: world, from: .secondary))
        defer { session.invalidateAndCancel() }
        let (held, arrived) = AsyncStream<Int>.makeStream()
        let hold = world.network.hold { arrived.yield($0) }
        let path = "/v1/accounts:lookup-\(UUID().uuidString)"
        let call = Task { try await session.data(for: URLRequest(url: URL(string: "http://backend.test\(path)")!)) }
        var numbers = held.makeAsyncIterator()
        #expect(await numbers.next() == 1)
        #expect(!OnwardServer.answered.withLock { $0.contains(path) }, "nothing goes on while the request is held")
        #expect(world.transcript.all.map(\.description).contains { $0.contains("from the app on device-2 held") })
        hold.release()
        let (data, response) = try await call.value
        #expect((response as? HTTPURLResponse)?.statusCode == 200)
        #expect(String(decoding: data, as: UTF8.self) == "ok \(URL(string: "http://x\(path)")!.lastPathComponent)")
        #expect(OnwardServer.answered.withLock { $0.contains(path) })
    }
}
