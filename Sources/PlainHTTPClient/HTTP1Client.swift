import Foundation
import HTTPMessages
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// HTTP/1.1 over plain TCP (`http://` only), with the connections kept alive and reused across requests: what the
/// suite's HTTP subject sends a server on loopback through, instead of `URLSession`. On Linux, FoundationNetworking
/// spends about 0.8 ms of CPU per request on libcurl's machinery and hops between dispatch queues, twice what the
/// served server spends answering; this client spends a write, a read or two and a thread's wake-up.
///
/// Each request runs on a thread of its own (`BlockingThreads`), blocking on its socket, so no thread of Swift's
/// cooperative pool is held while the server works (the server may be answering in the same process). On a kept
/// connection the task first sends what the socket takes without waiting (all of a usual request), so the server
/// works on it while the thread wakes, rather than after. Every wait is bounded by the request's `timeout` of real
/// time (the socket's send and receive timeouts, and the connect), as `URLRequest.timeoutInterval` bounds one;
/// cancelling the task shuts the socket, so the request fails at once. A connection the server closed while it was
/// idle is noticed on the next request, which is sent once more on a new connection when no byte of its answer had
/// arrived.
package final class HTTP1Client: Sendable {
    /// Why a request got no answer.
    package struct Failure: Error, CustomStringConvertible, Sendable {
        package let description: String
        /// The connection ended before any byte of the answer: a reused connection the server had closed.
        let closedBeforeAnswer: Bool

        init(_ description: String, closedBeforeAnswer: Bool = false) {
            self.description = description
            self.closedBeforeAnswer = closedBeforeAnswer
        }
    }

    /// Idle connections by `host:port`, most recently used last.
    private let idle = Mutex<[String: [Int32]]>([:])
    /// Where each exchange blocks.
    private let threads = BlockingThreads()
    /// At most this many idle connections are kept per server; the rest are closed.
    private static let idleLimit = 32
    /// The largest answer body read, far beyond any Identity Toolkit answer: a server that declares or sends more is
    /// refused, rather than let its answer exhaust the memory of the process that judges it.
    private static let maximumBodySize = 64 << 20

    package init() {}

    deinit {
        threads.close()
        for descriptor in idle.withLock({ $0.values.flatMap { $0 } }) { _ = close(descriptor) }
    }

    /// `request` sent to its URL's server, and the answer, whatever its status.
    package func send(_ request: HTTPRequest, timeout: Duration) async throws -> HTTPResponse {
        guard request.url.scheme?.lowercased() == "http", let host = request.url.host, !host.isEmpty else {
            throw Failure("\(request.url.absoluteString): only http:// URLs with a host are sent this way")
        }
        let target = Target(host: host, port: request.url.port ?? 80)
        let bytes = Self.serialized(request, target: target)
        let bodyless = request.method == "HEAD"
        let shutter = Shutter()
        // On a kept connection the request is sent at once, so the server works on it while a thread wakes to read.
        let started = sentAtOnce(bytes, to: target)
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<HTTPResponse, any Error>) in
                threads.run {
                    continuation.resume(
                        with: Result {
                            try self.exchange(
                                bytes, with: target, bodyless: bodyless, timeout: timeout, shutter: shutter,
                                started: started)
                        })
                }
            }
        } onCancel: {
            shutter.shut()
        }
    }

    // MARK: One exchange, on a thread of its own

    private struct Target: Sendable {
        let host: String
        let port: Int
        var key: String { "\(host):\(port)" }
        /// The `Host` header: an IPv6 literal in brackets, the port unless it is 80.
        var header: String { (host.contains(":") ? "[\(host)]" : host) + (port == 80 ? "" : ":\(port)") }
    }

    /// A request begun on a kept connection: the connection, and how many of the request's bytes are sent.
    private struct Started: Sendable {
        let descriptor: Int32
        let sent: Int
    }

    /// Sends what the socket takes of `bytes` without waiting, on a kept connection to `target`; nil when none is
    /// kept, or when the task is cancelled (nothing is sent for it). A failure is left to the exchange, whose write of
    /// the rest meets it (a connection the server closed is then replaced).
    private func sentAtOnce(_ bytes: [UInt8], to target: Target) -> Started? {
        guard !Task.isCancelled, let descriptor = kept(target) else { return nil }
        let sent = bytes.withUnsafeBytes { socketSend(descriptor, $0.baseAddress!, $0.count, waiting: false) }
        return Started(descriptor: descriptor, sent: max(0, sent))
    }

    private func exchange(
        _ bytes: [UInt8], with target: Target, bodyless: Bool, timeout: Duration, shutter: Shutter, started: Started?
    ) throws -> HTTPResponse {
        var retried = false
        var started = started
        while true {
            // The connection the request was begun on first; a retry starts afresh on a new one (another kept one may
            // have been closed by the server as well).
            let (descriptor, reused) =
                try started.map { ($0.descriptor, true) }
                ?? (retried
                    ? (Self.connect(to: target, timeout: timeout), false) : connection(to: target, timeout: timeout))
            let sent = started?.sent ?? 0
            started = nil
            guard shutter.hold(descriptor) else {
                _ = close(descriptor)
                throw CancellationError()
            }
            let outcome: Result<(HTTPResponse, keepAlive: Bool), any Error>
            do {
                try Self.setTimeouts(descriptor, timeout)
                try Self.write(bytes, from: sent, to: descriptor)
                outcome = .success(try Self.readResponse(from: descriptor, bodyless: bodyless))
            } catch { outcome = .failure(error) }
            // The descriptor is closed (or kept) once, here, after the shutter has let go of it.
            let cancelled = !shutter.release()
            switch outcome {
            case .success(let (response, keepAlive)):
                if keepAlive, !cancelled { giveBack(descriptor, to: target) } else { _ = close(descriptor) }
                if cancelled { throw CancellationError() }
                return response
            case .failure(let error):
                _ = close(descriptor)
                if cancelled { throw CancellationError() }
                if let failure = error as? Failure, failure.closedBeforeAnswer, reused, !retried {
                    retried = true
                    continue
                }
                throw error
            }
        }
    }

    private func connection(to target: Target, timeout: Duration) throws -> (Int32, reused: Bool) {
        if let descriptor = kept(target) { return (descriptor, true) }
        return (try Self.connect(to: target, timeout: timeout), false)
    }

    /// The connection to `target` idle the shortest, taken out of the idle ones; nil when none is kept.
    private func kept(_ target: Target) -> Int32? { idle.withLock { $0[target.key]?.popLast() } }

    private func giveBack(_ descriptor: Int32, to target: Target) {
        let kept = idle.withLock { idle in
            guard idle[target.key, default: []].count < Self.idleLimit else { return false }
            idle[target.key, default: []].append(descriptor)
            return true
        }
        if !kept { _ = close(descriptor) }
    }

    // MARK: Sockets

    private static func connect(to target: Target, timeout: Duration) throws -> Int32 {
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        #if canImport(Darwin)
            hints.ai_socktype = SOCK_STREAM
        #else
            hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        #endif
        var found: UnsafeMutablePointer<addrinfo>?
        let status = getaddrinfo(target.host, String(target.port), &hints, &found)
        guard status == 0, let first = found else {
            throw Failure("\(target.key): the host could not be resolved (\(String(cString: gai_strerror(status))))")
        }
        defer { freeaddrinfo(first) }
        var reason = "no address"
        var next: UnsafeMutablePointer<addrinfo>? = first
        while let address = next {
            next = address.pointee.ai_next
            let descriptor = socket(address.pointee.ai_family, address.pointee.ai_socktype, address.pointee.ai_protocol)
            guard descriptor >= 0 else {
                reason = errorText()
                continue
            }
            if let problem = connect(descriptor, to: address.pointee, timeout: timeout) {
                reason = problem
                _ = close(descriptor)
                continue
            }
            var on: Int32 = 1
            _ = setsockopt(descriptor, Int32(IPPROTO_TCP), TCP_NODELAY, &on, socklen_t(MemoryLayout<Int32>.size))
            #if canImport(Darwin)
                _ = setsockopt(descriptor, SOL_SOCKET, SO_NOSIGPIPE, &on, socklen_t(MemoryLayout<Int32>.size))
            #endif
            return descriptor
        }
        throw Failure("could not connect to \(target.key): \(reason)")
    }

    /// Connects within `timeout`: the socket is non-blocking while it connects, blocking afterwards. The reason it
    /// could not, or nil.
    private static func connect(_ descriptor: Int32, to address: addrinfo, timeout: Duration) -> String? {
        let flags = fcntl(descriptor, F_GETFL, 0)
        _ = fcntl(descriptor, F_SETFL, flags | O_NONBLOCK)
        defer { _ = fcntl(descriptor, F_SETFL, flags) }
        if socketConnect(descriptor, address.ai_addr, address.ai_addrlen) == 0 { return nil }
        guard errno == EINPROGRESS else { return errorText() }
        var poller = pollfd(fd: descriptor, events: Int16(POLLOUT), revents: 0)
        let ready = poll(&poller, 1, Int32(clamping: milliseconds(timeout)))
        guard ready > 0 else { return ready == 0 ? "timed out after \(timeout)" : errorText() }
        var problem: Int32 = 0
        var length = socklen_t(MemoryLayout<Int32>.size)
        _ = getsockopt(descriptor, SOL_SOCKET, SO_ERROR, &problem, &length)
        return problem == 0 ? nil : String(cString: strerror(problem))
    }

    private static func setTimeouts(_ descriptor: Int32, _ timeout: Duration) throws {
        let total = milliseconds(timeout)
        var value = timeval(tv_sec: .init(total / 1000), tv_usec: .init((total % 1000) * 1000))
        let size = socklen_t(MemoryLayout<timeval>.size)
        guard setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &value, size) == 0,
            setsockopt(descriptor, SOL_SOCKET, SO_SNDTIMEO, &value, size) == 0
        else { throw Failure("the socket's timeouts could not be set: \(errorText())") }
    }

    private static func milliseconds(_ duration: Duration) -> Int {
        let (seconds, attoseconds) = duration.components
        return max(1, Int(min(seconds, 1_000_000_000)) * 1000 + Int(attoseconds / 1_000_000_000_000_000))
    }

    private static func write(_ bytes: [UInt8], from start: Int, to descriptor: Int32) throws {
        var sent = start
        while sent < bytes.count {
            let count = bytes.withUnsafeBytes { buffer in
                socketSend(descriptor, buffer.baseAddress! + sent, buffer.count - sent, waiting: true)
            }
            if count > 0 {
                sent += count
            } else if count < 0, errno == EINTR {
                continue
            } else if count < 0, errno == EAGAIN || errno == EWOULDBLOCK {
                throw Failure("the request could not be sent: timed out")
            } else {
                throw Failure("the request could not be sent: \(errorText())", closedBeforeAnswer: true)
            }
        }
    }

    // MARK: The answer

    /// Reads one answer: its head (skipping interim `1xx` answers), then its body by `Content-Length`, chunks, or the
    /// end of the connection; and whether the connection may carry another request.
    private static func readResponse(from descriptor: Int32, bodyless: Bool) throws -> (HTTPResponse, Bool) {
        var reader = Reader(descriptor: descriptor)
        while true {
            let head = try reader.head()
            guard let (status, http11, headers) = parseHead(head) else {
                throw Failure("the server's answer does not start with an HTTP/1.x status line")
            }
            if (100..<200).contains(status), status != 101 { continue }
            let connection = headers.value(named: "Connection")?.lowercased() ?? ""
            var keepAlive = http11 ? !connection.contains("close") : connection.contains("keep-alive")
            let body: [UInt8]
            if bodyless || status == 204 || status == 304 {
                body = []
            } else if headers.value(named: "Transfer-Encoding")?.lowercased().contains("chunked") == true {
                body = try reader.chunked()
            } else if let length = headers.value(named: "Content-Length") {
                guard let count = Int(length.trimmingCharacters(in: .whitespaces)), count >= 0, count <= maximumBodySize
                else { throw Failure("the server's answer has a Content-Length of \(length)") }
                body = try reader.bytes(count)
            } else {
                body = try reader.rest()
                keepAlive = false
            }
            return (HTTPResponse(status: status, headers: headers, body: Data(body)), keepAlive && reader.isDrained)
        }
    }

    /// `HTTP/1.1 200 OK` and its header lines (a name repeated: its values joined by `, `).
    private static func parseHead(_ head: [UInt8]) -> (Int, Bool, [String: String])? {
        let lines = head.split(separator: 0x0A, omittingEmptySubsequences: false).map { line in
            line.last == 0x0D ? line.dropLast() : line
        }
        guard let statusLine = lines.first, statusLine.count >= 12, statusLine.starts(with: Array("HTTP/1.".utf8)),
            statusLine[statusLine.startIndex + 8] == 0x20,
            let code = Int(String(decoding: statusLine.dropFirst(9).prefix(3), as: UTF8.self))
        else { return nil }
        var headers: [String: String] = [:]
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: 0x3A) else { continue }
            let name = String(decoding: line[..<colon], as: UTF8.self)
            var value = line[line.index(after: colon)...]
            while let first = value.first, first == 0x20 || first == 0x09 { value = value.dropFirst() }
            while let last = value.last, last == 0x20 || last == 0x09 { value = value.dropLast() }
            let text = String(decoding: value, as: UTF8.self)
            headers[name] = headers[name].map { "\($0), \(text)" } ?? text
        }
        return (code, statusLine[statusLine.startIndex + 7] == 0x31, headers)
    }

    /// The bytes of one connection, read as they are needed.
    private struct Reader {
        let descriptor: Int32
        private var buffer: [UInt8] = []
        private var start = 0
        private var receivedAny = false

        init(descriptor: Int32) { self.descriptor = descriptor }

        /// Nothing read beyond the answer (a server that sends more is not trusted with another request).
        var isDrained: Bool { start == buffer.count }

        /// Reads more; false at the end of the connection.
        private mutating func fill() throws -> Bool {
            if start > 0 {
                buffer.removeFirst(start)
                start = 0
            }
            var chunk = [UInt8](repeating: 0, count: 16 * 1024)
            while true {
                let count = chunk.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
                if count > 0 {
                    buffer.append(contentsOf: chunk[0..<count])
                    receivedAny = true
                    return true
                }
                if count == 0 { return false }
                if errno == EINTR { continue }
                if errno == EAGAIN || errno == EWOULDBLOCK { throw Failure("the server did not answer in time") }
                throw Failure("the answer could not be read: \(errorText())", closedBeforeAnswer: !receivedAny)
            }
        }

        /// The head, up to and without its blank line.
        mutating func head() throws -> [UInt8] {
            while true {
                if let end = blankLine() {
                    let head = Array(buffer[start..<end])
                    start = end + 4
                    return head
                }
                if buffer.count - start > 64 * 1024 { throw Failure("the answer's head is longer than 64 KiB") }
                guard try fill() else {
                    throw Failure("the server closed the connection before answering", closedBeforeAnswer: !receivedAny)
                }
            }
        }

        /// Where the first CRLF CRLF after `start` begins.
        private func blankLine() -> Int? {
            var index = start
            while index + 3 < buffer.count {
                if buffer[index] == 13, buffer[index + 1] == 10, buffer[index + 2] == 13, buffer[index + 3] == 10 {
                    return index
                }
                index += 1
            }
            return nil
        }

        mutating func bytes(_ count: Int) throws -> [UInt8] {
            while buffer.count - start < count {
                guard try fill() else { throw Failure("the server closed the connection in the middle of the body") }
            }
            defer { start += count }
            return Array(buffer[start..<(start + count)])
        }

        mutating func rest() throws -> [UInt8] {
            while try fill() {
                if buffer.count - start > maximumBodySize {
                    throw Failure("the server's answer is longer than \(maximumBodySize) bytes")
                }
            }
            defer { start = buffer.count }
            return Array(buffer[start...])
        }

        /// One line, without its CRLF.
        mutating func line() throws -> [UInt8] {
            while true {
                if let end = buffer[start...].firstIndex(of: 10) {
                    let line = buffer[start..<end]
                    start = end + 1
                    return Array(line.last == 13 ? line.dropLast() : line)
                }
                if buffer.count - start > 64 * 1024 { throw Failure("a line of the answer is longer than 64 KiB") }
                guard try fill() else { throw Failure("the server closed the connection in the middle of a chunk") }
            }
        }

        mutating func chunked() throws -> [UInt8] {
            var body: [UInt8] = []
            while true {
                let sizeLine = String(decoding: try line(), as: UTF8.self)
                let digits = sizeLine.split(separator: ";", maxSplits: 1).first ?? ""
                guard let size = Int(digits.trimmingCharacters(in: .whitespaces), radix: 16), size >= 0,
                    size <= maximumBodySize - body.count
                else { throw Failure("the server's answer has a chunk size of \(sizeLine)") }
                if size == 0 {
                    while try !line().isEmpty {}  // the trailers, up to the blank line
                    return body
                }
                body += try bytes(size)
                _ = try line()
            }
        }
    }

    // MARK: The request

    /// The request's bytes: its line, `Host`, its headers, `Content-Length`, the body.
    private static func serialized(_ request: HTTPRequest, target: Target) -> [UInt8] {
        let path = request.url.path(percentEncoded: true)
        let query = request.url.query(percentEncoded: true).map { "?\($0)" } ?? ""
        var head = "\(request.method) \(path.isEmpty ? "/" : path)\(query) HTTP/1.1\r\n"
        if request.header("Host") == nil { head += "Host: \(target.header)\r\n" }
        for (name, value) in request.headers.sorted(by: { $0.key < $1.key })
        where !name.equalsIgnoringCase("Content-Length") { head += "\(name): \(value)\r\n" }
        if !request.body.isEmpty || ["POST", "PUT", "PATCH"].contains(request.method) {
            head += "Content-Length: \(request.body.count)\r\n"
        }
        head += "\r\n"
        return Array(head.utf8) + request.body
    }

    private static func errorText() -> String { String(cString: strerror(errno)) }
}

/// The socket a request's thread is using, for the task's cancellation to shut it.
private final class Shutter: Sendable {
    private struct State {
        var descriptor: Int32?
        var shut = false
    }

    private let state = Mutex(State())

    /// Takes `descriptor` for the exchange; false when the request was cancelled already.
    func hold(_ descriptor: Int32) -> Bool {
        state.withLock { state in
            guard !state.shut else { return false }
            state.descriptor = descriptor
            return true
        }
    }

    /// Gives the descriptor back; false when the request was cancelled meanwhile.
    func release() -> Bool {
        state.withLock { state in
            state.descriptor = nil
            return !state.shut
        }
    }

    func shut() {
        state.withLock { state in
            state.shut = true
            if let descriptor = state.descriptor { _ = shutdown(descriptor, Int32(SHUT_RDWR)) }
        }
    }
}

// At file scope, where the C library's names are not shadowed by the client's own `connect`.
private func socketConnect(_ descriptor: Int32, _ address: UnsafePointer<sockaddr>!, _ length: socklen_t) -> Int32 {
    connect(descriptor, address, length)
}

/// `send`, without the `SIGPIPE` a closed connection would raise (Linux: `MSG_NOSIGNAL`; Darwin: `SO_NOSIGPIPE`, set
/// on the socket); without `waiting`, it takes what the socket's buffer takes at once (`MSG_DONTWAIT`).
private func socketSend(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int, waiting: Bool) -> Int {
    let once = waiting ? 0 : Int32(MSG_DONTWAIT)
    #if canImport(Darwin)
        return send(descriptor, bytes, count, once)
    #else
        return send(descriptor, bytes, count, Int32(MSG_NOSIGNAL) | once)
    #endif
}
