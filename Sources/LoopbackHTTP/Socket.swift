#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The few POSIX socket calls the server makes, the same on Linux and Darwin.
enum Socket {
    /// Why a listening socket could not be opened.
    enum OpenError: Error, Sendable, Equatable {
        case portInUse
        case system(call: String, errno: Int32)
    }

    #if canImport(Glibc)
        static let stream = Int32(SOCK_STREAM.rawValue)
        static let noSignal = Int32(MSG_NOSIGNAL)
    #else
        static let stream = SOCK_STREAM
        static let noSignal: Int32 = 0
    #endif

    /// A socket listening on 127.0.0.1:`port` (0: a port the system picks), and the port it listens on.
    static func listen(port: UInt16, backlog: Int32) throws(OpenError) -> (descriptor: Int32, port: UInt16) {
        let descriptor = socket(AF_INET, stream, 0)
        guard descriptor >= 0 else { throw .system(call: "socket", errno: errno) }
        var yes: Int32 = 1
        setsockopt(descriptor, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        #if canImport(Darwin)
            setsockopt(descriptor, SOL_SOCKET, SO_NOSIGPIPE, &yes, socklen_t(MemoryLayout<Int32>.size))
        #endif
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr = in_addr(s_addr: UInt32(0x7F00_0001).bigEndian)
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard bound == 0 else {
            let error = errno
            close(descriptor)
            throw error == EADDRINUSE ? .portInUse : .system(call: "bind", errno: error)
        }
        guard systemListen(descriptor, backlog) == 0 else {
            let error = errno
            close(descriptor)
            throw .system(call: "listen", errno: error)
        }
        var actual = sockaddr_in()
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &actual) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
        }
        return (descriptor, UInt16(bigEndian: actual.sin_port))
    }

    /// The next connection, or nil once the listening socket is shut.
    static func accept(_ descriptor: Int32) -> Int32? {
        while true {
            let connection = systemAccept(descriptor, nil, nil)
            if connection >= 0 {
                var yes: Int32 = 1
                #if canImport(Darwin)
                    setsockopt(connection, SOL_SOCKET, SO_NOSIGPIPE, &yes, socklen_t(MemoryLayout<Int32>.size))
                #endif
                setsockopt(connection, Int32(IPPROTO_TCP), TCP_NODELAY, &yes, socklen_t(MemoryLayout<Int32>.size))
                return connection
            }
            if errno == EINTR || errno == ECONNABORTED { continue }
            return nil
        }
    }

    /// Bounds how long a read may wait, so that an idle connection lets its thread go.
    static func setReadTimeout(_ descriptor: Int32, seconds: Int) {
        var timeout = timeval(tv_sec: seconds, tv_usec: 0)
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    }

    /// Up to `count` bytes; empty at the end of the stream, on a timeout or an error.
    static func read(_ descriptor: Int32, count: Int) -> [UInt8] {
        var buffer = [UInt8](repeating: 0, count: count)
        while true {
            let read = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, count, 0) }
            if read > 0 { return Array(buffer[0..<read]) }
            if read < 0 && errno == EINTR { continue }
            return []
        }
    }

    /// Writes all of `bytes`; false when the peer has gone.
    @discardableResult
    static func write(_ descriptor: Int32, _ bytes: [UInt8]) -> Bool {
        var sent = 0
        while sent < bytes.count {
            let written = bytes.withUnsafeBytes {
                send(descriptor, $0.baseAddress! + sent, bytes.count - sent, noSignal)
            }
            if written < 0 && errno == EINTR { continue }
            guard written > 0 else { return false }
            sent += written
        }
        return true
    }

    /// Wakes a thread blocked in `accept` or `recv` on it; that thread closes it.
    static func wake(_ descriptor: Int32) { shutdown(descriptor, Int32(SHUT_RDWR)) }

    static func describe(_ code: Int32) -> String { String(cString: strerror(code)) }

    static func close(_ descriptor: Int32) {
        #if canImport(Glibc)
            _ = Glibc.close(descriptor)
        #else
            _ = Darwin.close(descriptor)
        #endif
    }
}

#if canImport(Glibc)
    private func systemListen(_ descriptor: Int32, _ backlog: Int32) -> Int32 { Glibc.listen(descriptor, backlog) }
    private func systemAccept(
        _ descriptor: Int32, _ address: UnsafeMutablePointer<sockaddr>?, _ length: UnsafeMutablePointer<socklen_t>?
    ) -> Int32 { Glibc.accept(descriptor, address, length) }
#else
    private func systemListen(_ descriptor: Int32, _ backlog: Int32) -> Int32 { Darwin.listen(descriptor, backlog) }
    private func systemAccept(
        _ descriptor: Int32, _ address: UnsafeMutablePointer<sockaddr>?, _ length: UnsafeMutablePointer<socklen_t>?
    ) -> Int32 { Darwin.accept(descriptor, address, length) }
#endif
