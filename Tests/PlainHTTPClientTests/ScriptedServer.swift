import Foundation
import ReferenceTestSupport
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A server on 127.0.0.1 that answers each request, on whatever connection it comes, with the next of its steps, as
/// written: what a test needs to send an HTTP client what no server library would choose (an answer in chunks, an
/// interim 100, a body without a length, a connection closed while the client keeps it, no answer at all).
final class ScriptedServer: Sendable {
    enum Step: Sendable {
        /// These bytes, and the connection stays open.
        case answer(String)
        /// These bytes, then the connection is closed (without `Connection: close`).
        case answerAndClose(String)
        /// No answer; the connection stays open until the server stops.
        case silence
    }

    private struct State {
        var steps: [Step]
        var requests: [String] = []
        var connections = 0
    }

    let port: UInt16
    private let listener: Int32
    private let state: Mutex<State>
    /// Told of each request as it arrives.
    private let arrivals: AsyncStream<Void>.Continuation
    let arrived: AsyncStream<Void>

    init(_ steps: [Step]) throws {
        state = Mutex(State(steps: steps))
        (arrived, arrivals) = AsyncStream.makeStream()
        #if canImport(Glibc)
            let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
            let listener = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        self.listener = listener
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr = in_addr(s_addr: UInt32(0x7F00_0001).bigEndian)
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { pointer in
                bind(listener, pointer, length) == 0 && listen(listener, 16) == 0
                    && getsockname(listener, pointer, &length) == 0
            }
        }
        guard bound else { throw RawConnection.ConnectError(description: "bind: \(String(cString: strerror(errno)))") }
        port = UInt16(bigEndian: address.sin_port)
        let thread = Thread { [self] in acceptLoop() }
        thread.start()
    }

    /// Each request's head and body, as they arrived.
    var requests: [String] { state.withLock { $0.requests } }
    /// The connections accepted.
    var connections: Int { state.withLock { $0.connections } }

    func stop() {
        _ = shutdown(listener, Int32(SHUT_RDWR))
        arrivals.finish()
    }

    private func acceptLoop() {
        while true {
            let connection = accept(listener, nil, nil)
            guard connection >= 0 else { return }
            state.withLock { $0.connections += 1 }
            let thread = Thread { [self] in serve(connection) }
            thread.start()
        }
    }

    private func serve(_ connection: Int32) {
        defer { _ = close(connection) }
        var buffer: [UInt8] = []
        while let request = Self.request(from: connection, buffer: &buffer) {
            let step = state.withLock { state -> Step? in
                state.requests.append(request)
                return state.steps.isEmpty ? nil : state.steps.removeFirst()
            }
            arrivals.yield()
            switch step {
            case .answer(let bytes): Self.write(bytes, to: connection)
            case .answerAndClose(let bytes):
                Self.write(bytes, to: connection)
                return
            case .silence:
                var byte: UInt8 = 0
                _ = recv(connection, &byte, 1, 0)  // until the client or the server goes
                return
            case nil: return
            }
        }
    }

    /// One request's head and body (by its `Content-Length`), or nil at the end of the connection.
    private static func request(from connection: Int32, buffer: inout [UInt8]) -> String? {
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            let text = String(decoding: buffer, as: UTF8.self)
            if let end = text.range(of: "\r\n\r\n") {
                let head = String(text[..<end.lowerBound])
                let length =
                    head.split(separator: "\r\n").compactMap { line -> Int? in
                        let parts = line.split(separator: ":", maxSplits: 1)
                        guard parts.count == 2, parts[0].lowercased() == "content-length" else { return nil }
                        return Int(parts[1].trimmingCharacters(in: .whitespaces))
                    }.first ?? 0
                let headBytes = head.utf8.count + 4
                if buffer.count >= headBytes + length {
                    let request = String(decoding: buffer[0..<(headBytes + length)], as: UTF8.self)
                    buffer.removeFirst(headBytes + length)
                    return request
                }
            }
            let count = recv(connection, &chunk, chunk.count, 0)
            guard count > 0 else { return nil }
            buffer += chunk[0..<count]
        }
    }

    private static func write(_ text: String, to connection: Int32) {
        let bytes = Array(text.utf8)
        var sent = 0
        while sent < bytes.count {
            let count = bytes[sent...].withUnsafeBytes { send(connection, $0.baseAddress, $0.count, 0) }
            guard count > 0 else { return }
            sent += count
        }
    }
}
