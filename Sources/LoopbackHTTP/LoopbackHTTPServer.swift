import Dispatch
import Foundation
import HTTPMessages
import Synchronization

/// A small HTTP/1.1 server on 127.0.0.1 only, on POSIX sockets: one thread per connection, at most
/// ``Limits/connections`` at once (the others wait in the kernel's queue), each request answered by `handler`.
/// What it cannot read as a request (a malformed head, a body too large, a chunked body) is answered by
/// `rejection`, so that the caller chooses the error's shape; it never ends the process.
public final class LoopbackHTTPServer: Sendable {
    public struct Limits: Sendable {
        public var connections: Int
        public var headBytes: Int
        public var bodyBytes: Int
        /// How long an idle kept-alive connection keeps its thread, in seconds of real time.
        public var idleSeconds: Int

        public init(
            connections: Int = 64, headBytes: Int = 32 * 1024, bodyBytes: Int = 1024 * 1024, idleSeconds: Int = 5
        ) {
            self.connections = connections
            self.headBytes = headBytes
            self.bodyBytes = bodyBytes
            self.idleSeconds = idleSeconds
        }
    }

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
                "port \(port) on 127.0.0.1 is already in use (is an emulator or another server running?)"
            case .system(let reason): reason
            }
        }
    }

    /// The port it listens on (the one the system picked when asked for port 0).
    public let port: UInt16
    let limits: Limits
    let handler: Handler
    let rejection: Rejection
    let log: Log
    private let listener: Int32
    private let slots: DispatchSemaphore
    private let state = Mutex<(stopped: Bool, open: Set<Int32>)>((false, []))
    private let acceptLoopEnded = DispatchSemaphore(value: 0)

    /// Listens on 127.0.0.1:`port` and starts accepting connections.
    public init(
        port: UInt16, limits: Limits = Limits(), handler: @escaping Handler, rejection: @escaping Rejection,
        log: @escaping Log = { _ in }
    ) throws(StartError) {
        do { (listener, self.port) = try Socket.listen(port: port, backlog: 256) } catch {
            switch error {
            case .portInUse: throw .portInUse(port)
            case .system(let call, let code): throw .system("\(call) failed: \(Socket.describe(code))")
            }
        }
        self.limits = limits
        self.handler = handler
        self.rejection = rejection
        self.log = log
        slots = DispatchSemaphore(value: limits.connections)
        let thread = Thread { [self] in acceptLoop() }
        thread.name = "loopback-http-accept"
        thread.start()
    }

    /// How many connections are open now.
    public var openConnections: Int { state.withLock { $0.open.count } }

    /// Stops accepting, closes every open connection, and returns once the accept loop has ended.
    public func stop() {
        // Under the lock: a connection leaves the set before its descriptor closes, so every descriptor woken here is
        // still this server's and not a number the system has handed to someone else since.
        let stopping = state.withLock { state -> Bool in
            guard !state.stopped else { return false }
            state.stopped = true
            Socket.wake(listener)
            for descriptor in state.open { Socket.wake(descriptor) }
            return true
        }
        if stopping { acceptLoopEnded.wait() }
    }

    private func acceptLoop() {
        defer {
            Socket.close(listener)
            acceptLoopEnded.signal()
        }
        while true {
            slots.wait()
            guard let connection = Socket.accept(listener) else {
                slots.signal()
                return
            }
            let admitted = state.withLock { state -> Bool in
                guard !state.stopped else { return false }
                state.open.insert(connection)
                return true
            }
            guard admitted else {
                Socket.close(connection)
                slots.signal()
                return
            }
            let thread = Thread { [self] in
                Connection(descriptor: connection, server: self).serve()
                state.withLock { _ = $0.open.remove(connection) }
                Socket.close(connection)
                slots.signal()
            }
            thread.name = "loopback-http-connection"
            thread.start()
        }
    }

    /// Runs `handler` on the cooperative pool and waits for its answer on the connection's own thread.
    func answer(_ request: HTTPRequest) -> HTTPResponse {
        let box = Mutex<HTTPResponse?>(nil)
        let done = DispatchSemaphore(value: 0)
        let handler = handler
        Task {
            let response = await handler(request)
            box.withLock { $0 = response }
            done.signal()
        }
        done.wait()
        return box.withLock { $0 } ?? rejection(500, "no answer")
    }
}
