import Foundation
import NIOCore
import NIOEmbedded
import Testing

@testable import LoopbackHTTP

/// The server's timeouts, judged on a virtual clock: a connection with the server's own handlers on NIO's testing
/// event loop, whose time moves only when the test moves it. Each timeout is judged at its instant (nothing a
/// nanosecond before, the close or the 408 at exactly its length), and no verdict depends on how fast the machine is.
/// Over a real socket a test could only measure how long it waited, and its own sends raced the server's timers (a
/// client held up longer than the idle timeout between connecting and sending found its connection closed).
@Suite("Timeouts, on a virtual clock")
struct TimeoutTests {
    private static let idle = TimeAmount.seconds(60)
    private static let request = TimeAmount.seconds(30)

    /// A connection opened at the loop's current instant, with the server's handlers and `TestServer`'s limits (the
    /// idle and request timeouts above).
    private static func connection() async throws -> NIOAsyncTestingChannel {
        let channel = NIOAsyncTestingChannel()
        try await channel.testingEventLoop.executeInContext {
            try LoopbackHTTPServer.addConnectionHandlers(
                to: channel, limits: TestServer.limits(idle: .seconds(60), request: .seconds(30)),
                handler: TestServer.handler, rejection: TestServer.rejection, log: nil, gate: ConnectionGate(limit: 1))
        }
        try await channel.connect(to: SocketAddress(ipAddress: "127.0.0.1", port: 1)).get()
        return channel
    }

    /// Bytes from the client, and everything they set off that needs no time to pass (the handler's task included:
    /// it runs on the connection's event loop, whose `run()` returns once nothing is left to do at this instant).
    private static func send(_ text: String, on channel: NIOAsyncTestingChannel) async throws {
        try await channel.writeInbound(ByteBuffer(string: text))
        await channel.testingEventLoop.run()
    }

    /// What the server has written so far (never waiting: a server that wrote nothing fails the test, not hangs it).
    private static func written(on channel: NIOAsyncTestingChannel) async throws -> String {
        var bytes = ByteBuffer()
        while let part = try await channel.readOutbound(as: IOData.self) {
            guard case .byteBuffer(var buffer) = part else {
                Issue.record("the server wrote a file region")
                continue
            }
            bytes.writeBuffer(&buffer)
        }
        return String(buffer: bytes)
    }

    @Test("a connection that sends nothing is closed quietly at exactly its idle timeout, not a nanosecond before")
    func idleFromTheStart() async throws {
        let channel = try await Self.connection()
        await channel.testingEventLoop.advanceTime(by: Self.idle - .nanoseconds(1))
        #expect(channel.isActive, "closed before its idle timeout")
        await channel.testingEventLoop.advanceTime(by: .nanoseconds(1))
        #expect(!channel.isActive, "still open at its idle timeout")
        #expect(try await Self.written(on: channel) == "", "the server wrote to the idle connection (a 408?)")
        _ = try await channel.finish(acceptAlreadyClosed: true)
    }

    @Test(
        """
        a request just before the idle timeout is answered; the connection is then closed quietly at exactly the idle \
        timeout after the answer, not a nanosecond before
        """)
    func idleAfterAnswer() async throws {
        let channel = try await Self.connection()
        await channel.testingEventLoop.advanceTime(by: Self.idle - .nanoseconds(1))
        try await Self.send(get, on: channel)
        let answer = try await Self.written(on: channel)
        #expect(answer.hasPrefix("HTTP/1.1 200 OK\r\n"), "\(answer)")
        #expect(answer.contains("Keep-Alive: timeout=60\r\n"), "\(answer)")
        await channel.testingEventLoop.advanceTime(by: Self.idle - .nanoseconds(1))
        #expect(channel.isActive, "closed before the idle timeout after its answer")
        await channel.testingEventLoop.advanceTime(by: .nanoseconds(1))
        #expect(!channel.isActive, "still open at the idle timeout after its answer")
        #expect(try await Self.written(on: channel) == "", "the server wrote to the idle connection (a 408?)")
        _ = try await channel.finish(acceptAlreadyClosed: true)
    }

    @Test(
        """
        a head or a body not whole at exactly the request timeout after its first byte gets 408 then, however late \
        its last byte came (a byte now and then does not move the deadline), then the connection closes
        """,
        arguments: [
            "GET / HTTP/1.1\r\nHost: loc", "POST /echo HTTP/1.1\r\nHost: localhost\r\nContent-Length: 10\r\n\r\nabc",
            "POST /echo HTTP/1.1\r\nHost: localhost\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nhel",
        ])
    func stalled(_ partial: String) async throws {
        let channel = try await Self.connection()
        let half = partial.index(partial.startIndex, offsetBy: partial.count / 2)
        try await Self.send(String(partial[..<half]), on: channel)
        await channel.testingEventLoop.advanceTime(by: Self.request - .seconds(1))
        try await Self.send(String(partial[half...]), on: channel)
        await channel.testingEventLoop.advanceTime(by: .seconds(1) - .nanoseconds(1))
        #expect(try await Self.written(on: channel) == "", "answered before the request timeout after the first byte")
        #expect(channel.isActive)
        await channel.testingEventLoop.advanceTime(by: .nanoseconds(1))
        let answer = try await Self.written(on: channel)
        #expect(answer.hasPrefix("HTTP/1.1 408 Request Timeout\r\n"), "\(answer)")
        #expect(answer.contains("Connection: close\r\n"), "\(answer)")
        // Over a socket the server shuts its output and lingers (`GracefulCloseTests`); the testing channel closes.
        #expect(!channel.isActive, "still open after its 408")
        _ = try await channel.finish(acceptAlreadyClosed: true)
    }
}
