import HTTPMessages
import NIOCore
import NIOHTTP1
import NIOPosix

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A small HTTP/1.1 server on loopback, on SwiftNIO: it listens on `127.0.0.1` and, where the machine has it, on
/// `::1` at the same port, so that a client that resolves `localhost` to either reaches it. It keeps at most
/// ``Limits/connections`` connections that have sent something, and as many that have not, open at once
/// (``ConnectionGate``: a new client takes the place of the oldest connection that has sent nothing, and its request
/// the place of one idle or slowest to send its own), and answers each request with `handler`.
/// What it cannot read as a request (a malformed head, a head or body too large, a request that stalls) is answered
/// by `rejection`, so that the caller chooses the error's shape, and the connection is then closed gracefully; it
/// never ends the process. It answers CORS as the Firebase Auth Emulator does (``CORS``).
public final class LoopbackHTTPServer: Sendable {
    public struct Limits: Sendable {
        /// Connections open at once that have sent something, and as many again that have not. A further client
        /// takes the place of the oldest connection that has sent nothing; once its first bytes arrive, it takes the
        /// place of the one idle the longest, or one lingering after its last answer, or the one whose request began
        /// the longest ago (its head first, then its body). A request being answered keeps its place: while all are,
        /// a new request is answered beyond this bound, and past twice this bound a client waits in the listening
        /// socket's queue.
        public var connections: Int
        /// The request line and headers of one request, in bytes: more is answered 431.
        public var headBytes: Int
        /// The body of one request, in bytes (after chunked decoding): more is answered 413.
        public var bodyBytes: Int
        /// How long a kept-alive connection may wait for its next request before it is closed quietly. Said to the
        /// client in `Keep-Alive: timeout=N`. Longer than the clients' own pools keep an idle connection (URLSession,
        /// OkHttp, Node's agent), so that a client never reuses a connection the server is closing.
        public var idleTimeout: Duration
        /// How long a request may take to arrive whole, head and body, from its first byte: one deadline, which the
        /// bytes that arrive do not move. A request not whole by then is answered 408 and the connection closed.
        public var requestTimeout: Duration
        /// After the last answer on a connection: how long the server goes on reading (and dropping) what the client
        /// still sends before it closes, so that the client reads that answer rather than a reset.
        public var lingerTimeout: Duration

        public init(
            connections: Int = 64, headBytes: Int = 32 * 1024, bodyBytes: Int = 1024 * 1024,
            idleTimeout: Duration = .seconds(120), requestTimeout: Duration = .seconds(30),
            lingerTimeout: Duration = .seconds(2)
        ) {
            self.connections = connections
            self.headBytes = headBytes
            self.bodyBytes = bodyBytes
            self.idleTimeout = idleTimeout
            self.requestTimeout = requestTimeout
            self.lingerTimeout = lingerTimeout
        }
    }

    /// Answers one request. It runs on the event loop of the request's connection, with the actors it calls
    /// (`EventLoopTaskExecutor`): what it waits for, it must await, never block on.
    public typealias Handler = @Sendable (HTTPRequest) async -> HTTPResponse
    /// The answer to a request that could not be read: its status and a message.
    public typealias Rejection = @Sendable (_ status: Int, _ message: String) -> HTTPResponse
    /// One line per answered request: method, target, status, milliseconds.
    public typealias Log = @Sendable (String) -> Void

    public enum StartError: Error, Sendable, Equatable, CustomStringConvertible {
        case portInUse(UInt16)
        case system(String)

        public var description: String {
            switch self {
            case .portInUse(let port):
                "port \(port) on 127.0.0.1 or ::1 is already in use (is an emulator or another server running?)"
            case .system(let reason): reason
            }
        }
    }

    /// The port it listens on (the one the system picked when asked for port 0), the same on every address.
    public let port: UInt16
    /// The addresses it listens on: `127.0.0.1`, then `::1` unless the machine has no IPv6 loopback.
    public let addresses: [String]
    private let listeners: [any Channel]
    private let gate: ConnectionGate

    /// Listens on 127.0.0.1:`port` and [::1]:`port` and starts accepting connections. With `port` 0, the system picks
    /// a port free on 127.0.0.1, and the server takes it on ::1 too (another one if it is taken there).
    public init(
        port: UInt16, limits: Limits = Limits(), handler: @escaping Handler, rejection: @escaping Rejection,
        log: Log? = nil
    ) throws(StartError) {
        let gate = ConnectionGate(limit: max(1, limits.connections))
        let bootstrap = Self.bootstrap(gate: gate, limits: limits, handler: handler, rejection: rejection, log: log)
        (listeners, self.port) = try Self.listen(bootstrap, port: port)
        addresses = listeners.count > 1 ? ["127.0.0.1", "::1"] : ["127.0.0.1"]
        self.gate = gate
    }

    /// How many connections are open now.
    public var openConnections: Int { gate.openCount }

    /// Stops accepting, closes every open connection, and returns once the listening sockets are closed.
    public func stop() {
        for listener in listeners { try? listener.close().wait() }
        for connection in gate.stop() { try? connection.close().wait() }
    }

    private static func bootstrap(
        gate: ConnectionGate, limits: Limits, handler: @escaping Handler, rejection: @escaping Rejection, log: Log?
    ) -> ServerBootstrap {
        ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton).serverChannelOption(.backlog, value: 256)
            .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
            // One connection per accept, so that the gate can hold the next one back exactly at the bound.
            .serverChannelOption(.maxMessagesPerRead, value: 1).serverChannelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.addHandler(AcceptGateHandler(gate: gate))
                }
            }.childChannelOption(.socketOption(.tcp_nodelay), value: 1)
            // A client that shuts its side after sending a request still reads the answer.
            .childChannelOption(.allowRemoteHalfClosure, value: true).childChannelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    try addConnectionHandlers(
                        to: channel, limits: limits, handler: handler, rejection: rejection, log: log, gate: gate)
                }
            }
    }

    /// What reads and answers one client connection, added to `channel` on its event loop: by the bootstrap to each
    /// accepted connection, and by the tests to a channel whose event loop keeps virtual time, so that a timeout is
    /// judged at its instant rather than by how long a test waited.
    static func addConnectionHandlers(
        to channel: any Channel, limits: Limits, handler: @escaping Handler, rejection: @escaping Rejection, log: Log?,
        gate: ConnectionGate
    ) throws {
        var decoderLimits = NIOHTTPDecoderLimitConfiguration()
        decoderLimits.maxHeaderListSize = limits.headBytes
        decoderLimits.maxHeaderFieldSize = limits.headBytes
        let local = channel.localAddress?.port.map(UInt16.init) ?? 0
        try channel.pipeline.syncOperations.addHandlers([
            ByteArrivalHandler(), ByteToMessageHandler(HTTPRequestDecoder(limitConfiguration: decoderLimits)),
            HTTPResponseEncoder(),
            HTTPConnectionHandler(
                configuration: .init(
                    limits: limits, port: local, handler: handler, rejection: rejection, log: log, gate: gate)),
        ])
    }

    /// Binds 127.0.0.1 first, then ::1 at the port it got. For port 0, a port free on 127.0.0.1 but taken on ::1
    /// is given back and another one tried.
    private static func listen(_ bootstrap: ServerBootstrap, port: UInt16) throws(StartError) -> ([any Channel], UInt16)
    {
        for _ in 0..<16 {
            let v4: any Channel
            do { v4 = try bootstrap.bind(to: SocketAddress(ipAddress: "127.0.0.1", port: Int(port))).wait() } catch {
                throw Self.startError(error, port: port)
            }
            let bound = UInt16(v4.localAddress?.port ?? Int(port))
            do {
                let v6 = try bootstrap.bind(to: SocketAddress(ipAddress: "::1", port: Int(bound))).wait()
                return ([v4, v6], bound)
            } catch let error as IOError where error.errnoCode == EADDRINUSE {
                try? v4.close().wait()
                if port != 0 { throw .portInUse(port) }
            } catch {
                // No IPv6 loopback on this machine (EADDRNOTAVAIL, EAFNOSUPPORT): 127.0.0.1 alone.
                return ([v4], bound)
            }
        }
        throw .system("no port was free on both 127.0.0.1 and ::1 after 16 tries")
    }

    private static func startError(_ error: any Error, port: UInt16) -> StartError {
        if let error = error as? IOError {
            return error.errnoCode == EADDRINUSE ? .portInUse(port) : .system("bind failed: \(error)")
        }
        return .system("bind failed: \(error)")
    }
}
