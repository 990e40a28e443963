import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A client that writes bytes as given and reads them as they come, over a blocking socket: what a test needs to send
/// what no HTTP client library would (a stalled head, a malformed line, a body the server refuses).
///
/// Every read waits at most ``safetyTimeout`` (only so that a broken server cannot hang the test run; no verdict
/// depends on it). Its calls block: run them with ``onThread(_:)``, off Swift's cooperative pool, which the server's
/// handler needs.
package final class RawConnection {
    package enum Family: Sendable { case v4, v6 }

    package struct ConnectError: Error, CustomStringConvertible {
        package let description: String

        package init(description: String) { self.description = description }
    }

    /// How the stream ended.
    package enum End: Equatable, Sendable {
        /// The server closed its side: all of its bytes were read.
        case closed
        /// The connection was reset: what the server sent may not all have been read.
        case reset
        /// Nothing arrived within ``safetyTimeout``.
        case timedOut
    }

    package static let safetyTimeout = 600

    private let descriptor: Int32
    private var buffered: [UInt8] = []
    package private(set) var end: End?

    package init(port: UInt16, family: Family = .v4) throws {
        descriptor = socket(family == .v4 ? AF_INET : AF_INET6, Self.stream, 0)
        guard descriptor >= 0 else { throw ConnectError(description: "socket: \(String(cString: strerror(errno)))") }
        var timeout = timeval(tv_sec: Self.safetyTimeout, tv_usec: 0)
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        setsockopt(descriptor, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        let connected: Int32
        switch family {
        case .v4:
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_port = port.bigEndian
            address.sin_addr = in_addr(s_addr: UInt32(0x7F00_0001).bigEndian)
            connected = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
                }
            }
        case .v6:
            var address = sockaddr_in6()
            address.sin6_family = sa_family_t(AF_INET6)
            address.sin6_port = port.bigEndian
            address.sin6_addr = in6addr_loopback
            connected = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in6>.size))
                }
            }
        }
        guard connected == 0 else {
            let reason = String(cString: strerror(errno))
            systemClose(descriptor)
            throw ConnectError(description: "connect to port \(port) (\(family)): \(reason)")
        }
    }

    private var closed = false

    deinit { close() }

    /// `SOCK_STREAM` as `socket(2)` takes it here.
    private static var stream: Int32 {
        #if canImport(Glibc)
            Int32(SOCK_STREAM.rawValue)
        #else
            SOCK_STREAM
        #endif
    }

    /// Whether this machine has the IPv6 loopback address (a socket can be bound to ::1).
    package static var hasIPv6Loopback: Bool {
        let probe = socket(AF_INET6, stream, 0)
        guard probe >= 0 else { return false }
        defer { systemClose(probe) }
        var address = sockaddr_in6()
        address.sin6_family = sa_family_t(AF_INET6)
        address.sin6_addr = in6addr_loopback
        return withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(probe, $0, socklen_t(MemoryLayout<sockaddr_in6>.size))
            }
        } == 0
    }

    /// Raises this process's soft limit on open files to `count` where it is lower and the hard limit allows it, for a
    /// test that holds many connections open: true when `count` files may be open.
    package static func allowOpenFiles(_ count: Int) -> Bool {
        var limit = rlimit()
        #if canImport(Glibc)
            let resource = __rlimit_resource_t(RLIMIT_NOFILE.rawValue)
        #else
            let resource = RLIMIT_NOFILE
        #endif
        guard getrlimit(resource, &limit) == 0 else { return false }
        // No limit (RLIM_INFINITY) is the largest value.
        guard limit.rlim_cur < rlim_t(count) else { return true }
        guard limit.rlim_max >= rlim_t(count) else { return false }
        limit.rlim_cur = rlim_t(count)
        return setrlimit(resource, &limit) == 0
    }

    /// Writes all of `text`; false when the server no longer takes bytes.
    @discardableResult
    package func send(_ text: String) -> Bool { send(Array(text.utf8)) }

    @discardableResult
    package func send(_ bytes: [UInt8]) -> Bool {
        #if canImport(Glibc)
            let flags = Int32(MSG_NOSIGNAL)
        #else
            let flags: Int32 = 0
        #endif
        var sent = 0
        while sent < bytes.count {
            let written = bytes.withUnsafeBytes {
                systemSend(descriptor, $0.baseAddress! + sent, bytes.count - sent, flags)
            }
            if written < 0 && errno == EINTR { continue }
            guard written > 0 else { return false }
            sent += written
        }
        return true
    }

    /// Closes the connection now.
    package func close() {
        guard !closed else { return }
        closed = true
        systemClose(descriptor)
    }

    /// A socket listening on [::1] at a port the system picks, to take that port from the server: its descriptor and
    /// port. Close it with ``closeDescriptor(_:)``.
    package static func listenOnIPv6Loopback() -> (descriptor: Int32, port: UInt16)? {
        let listener = socket(AF_INET6, stream, 0)
        guard listener >= 0 else { return nil }
        var address = sockaddr_in6()
        address.sin6_family = sa_family_t(AF_INET6)
        address.sin6_addr = in6addr_loopback
        var length = socklen_t(MemoryLayout<sockaddr_in6>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { pointer in
                bind(listener, pointer, length) == 0 && listen(listener, 8) == 0
                    && getsockname(listener, pointer, &length) == 0
            }
        }
        guard bound else {
            systemClose(listener)
            return nil
        }
        return (listener, UInt16(bigEndian: address.sin6_port))
    }

    package static func closeDescriptor(_ descriptor: Int32) { systemClose(descriptor) }

    /// Closes the writing side: the server reads the end of the stream.
    package func shutdownWrite() { shutdown(descriptor, Int32(SHUT_WR)) }

    /// Reads more bytes into the buffer; false at the end of the stream (see ``end``).
    private func fill() -> Bool {
        guard end == nil else { return false }
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let read = chunk.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
            if read > 0 {
                buffered += chunk[0..<read]
                return true
            }
            if read < 0 && errno == EINTR { continue }
            end = read == 0 ? .closed : errno == ECONNRESET ? .reset : (errno == EAGAIN ? .timedOut : .reset)
            return false
        }
    }

    /// The next response, or nil when the stream ends before a whole one. `bodiless`: the answer to HEAD (its
    /// Content-Length describes the body GET would have, and none follows).
    package func response(bodiless: Bool = false) -> RawResponse? {
        var headEnd: Int?
        while true {
            if let index = Self.endOfHead(buffered) {
                headEnd = index
                break
            }
            guard fill() else { return nil }
        }
        guard let headEnd else { return nil }
        let lines = String(decoding: buffered[0..<(headEnd - 4)], as: UTF8.self).components(separatedBy: "\r\n")
        let statusParts = lines[0].split(separator: " ", maxSplits: 2)
        guard statusParts.count >= 2, let status = Int(statusParts[1]) else { return nil }
        var headers: [(String, String)] = []
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers.append(
                (String(line[..<colon]), String(line[line.index(after: colon)...]).trimmingCharacters(in: .whitespaces))
            )
        }
        var response = RawResponse(status: status, version: String(statusParts[0]), headers: headers, body: [])
        let length =
            bodiless || (100..<200).contains(status) || status == 204
            ? 0 : Int(response.header("Content-Length") ?? "0") ?? 0
        while buffered.count < headEnd + length { guard fill() else { return nil } }
        response.body = Array(buffered[headEnd..<(headEnd + length)])
        buffered.removeFirst(headEnd + length)
        return response
    }

    /// Reads until the stream ends: the bytes that came, and how it ended.
    package func readToEnd() -> (bytes: [UInt8], end: End) {
        while fill() {}
        defer { buffered.removeAll() }
        return (buffered, end ?? .closed)
    }

    private static func endOfHead(_ bytes: [UInt8]) -> Int? {
        guard bytes.count >= 4 else { return nil }
        for index in 0...(bytes.count - 4)
        where bytes[index] == 13 && bytes[index + 1] == 10 && bytes[index + 2] == 13 && bytes[index + 3] == 10 {
            return index + 4
        }
        return nil
    }
}

package struct RawResponse: Sendable {
    package let status: Int
    package let version: String
    package let headers: [(String, String)]
    package var body: [UInt8]

    package func header(_ name: String) -> String? {
        headers.first { $0.0.caseInsensitiveCompare(name) == .orderedSame }?.1
    }

    package var text: String { String(decoding: body, as: UTF8.self) }
}

private func systemClose(_ descriptor: Int32) {
    #if canImport(Glibc)
        _ = Glibc.close(descriptor)
    #else
        _ = Darwin.close(descriptor)
    #endif
}

private func systemSend(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int, _ flags: Int32) -> Int {
    #if canImport(Glibc)
        Glibc.send(descriptor, bytes, count, flags)
    #else
        Darwin.send(descriptor, bytes, count, flags)
    #endif
}

/// Runs `body` on a thread of its own, so that its blocking socket calls never hold a thread of Swift's cooperative
/// pool (on a 2-core machine that pool has two, and the server's handler runs there).
package func onThread<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
        let thread = Thread { continuation.resume(with: Result { try body() }) }
        thread.stackSize = 1 << 20
        thread.start()
    }
}
