import Foundation
import HTTPMessages
import LoopbackHTTP
import PlainHTTPClient
import Testing

/// The loopback server reached through the suite's own HTTP/1.1 client, as the HTTP subject reaches a served server.
@Suite("The loopback server through the HTTP/1.1 client")
struct ThroughHTTP1ClientTests {
    @Test("the loopback server is reached at 127.0.0.1, [::1] and localhost")
    func addresses() async throws {
        let server = try TestServer.start()
        defer { server.stop() }
        let client = HTTP1Client()
        for host in ["127.0.0.1", "[::1]", "localhost"] {
            let answer = try await client.send(
                HTTPRequest(url: URL(string: "http://\(host):\(server.port)/")!), timeout: .seconds(60))
            #expect(answer.status == 200 && answer.body == Data(TestServer.ok), "\(host)")
        }
    }

    @Test("against the loopback server: forty POSTs at once, each answered with its own body")
    func loopbackServer() async throws {
        let server = try TestServer.start()
        defer { server.stop() }
        let client = HTTP1Client()
        let port = server.port
        let bodies = (0..<40).map { Data("body \($0)".utf8) }
        let echoed = await withTaskGroup(of: (Int, Data?).self) { group in
            for (index, body) in bodies.enumerated() {
                group.addTask {
                    let answer = try? await client.send(
                        HTTPRequest(method: "POST", url: URL(string: "http://127.0.0.1:\(port)/echo")!, body: body),
                        timeout: .seconds(60))
                    return (index, answer?.body)
                }
            }
            var echoed = [Data?](repeating: nil, count: bodies.count)
            for await (index, body) in group { echoed[index] = body }
            return echoed
        }
        #expect(echoed == bodies)
    }

    @Test("on a kept connection, a request larger than the socket takes at once is sent whole (the rest after it)")
    func largeOnKeptConnection() async throws {
        let server = try TestServer.start(TestServer.limits(bodyBytes: 16 << 20))
        defer { server.stop() }
        let client = HTTP1Client()
        let echo = URL(string: "http://127.0.0.1:\(server.port)/echo")!
        let small = try await client.send(
            HTTPRequest(method: "POST", url: echo, body: Data("x".utf8)), timeout: .seconds(60))
        // More than a loopback socket's send buffer grows to (a few MiB on Linux).
        let large = Data("start".utf8) + Data(repeating: 0x61, count: 8 << 20) + Data("end".utf8)
        let answer = try await client.send(HTTPRequest(method: "POST", url: echo, body: large), timeout: .seconds(60))
        #expect(small.body == Data("x".utf8))
        #expect(answer.status == 200 && answer.body == large)
        #expect(server.openConnections == 1)
    }
}
