import Foundation
import HTTPMessages
import LoopbackHTTP
import NIOPosix
import PlainHTTPClient
import Testing

/// Where a request's handler runs: on its connection's event loop, actors included, so that answering a request crosses
/// no thread; and a handler that awaits holds no loop.
@Suite("The handler on its connection's event loop")
struct HandlerExecutionTests {
    /// Counts requests, and lets the ones that wait go once `count` have arrived.
    private actor Arrivals {
        let count: Int
        private var arrived = 0
        private var waiting: [CheckedContinuation<Void, Never>] = []

        init(count: Int) { self.count = count }

        /// Whether this actor's code runs on an event loop.
        var onEventLoop: Bool { MultiThreadedEventLoopGroup.currentEventLoop != nil }

        func arrive() async {
            arrived += 1
            if arrived < count {
                await withCheckedContinuation { waiting.append($0) }
            } else {
                for continuation in waiting { continuation.resume() }
                waiting.removeAll()
            }
        }
    }

    private static func server(_ arrivals: Arrivals) throws -> LoopbackHTTPServer {
        try LoopbackHTTPServer(
            port: 0,
            handler: { request in
                let handlerOnLoop = MultiThreadedEventLoopGroup.currentEventLoop != nil
                let actorOnLoop = await arrivals.onEventLoop
                if request.url.path == "/arrive" { await arrivals.arrive() }
                return HTTPResponse(status: 200, body: Data("\(handlerOnLoop) \(actorOnLoop)".utf8))
            }, rejection: { status, message in HTTPResponse(status: status, body: Data(message.utf8)) })
    }

    @Test("the handler and the actors it calls run on an event loop, not on Swift's pool")
    func onTheLoop() async throws {
        let server = try Self.server(Arrivals(count: 1))
        defer { server.stop() }
        let answer = try await HTTP1Client().send(
            HTTPRequest(method: "GET", url: URL(string: "http://127.0.0.1:\(server.port)/")!), timeout: .seconds(60))
        #expect(answer.status == 200 && answer.body == Data("true true".utf8))
    }

    @Test("handlers that await another request hold no loop: six connections, more than the loops, each waits for all")
    func awaitingHoldsNoLoop() async throws {
        let connections = 6
        let server = try Self.server(Arrivals(count: connections))
        defer { server.stop() }
        let url = URL(string: "http://127.0.0.1:\(server.port)/arrive")!
        let statuses = try await withThrowingTaskGroup(of: Int.self) { group in
            for _ in 0..<connections {
                // A client each, so that each request has a connection of its own.
                group.addTask {
                    try await HTTP1Client().send(HTTPRequest(method: "GET", url: url), timeout: .seconds(60)).status
                }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(statuses == Array(repeating: 200, count: connections))
    }
}
