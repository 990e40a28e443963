import Foundation
import HTTPMessages

/// One client connection: requests read one after another (HTTP/1.1 keep-alive), each answered in order.
struct Connection {
    let descriptor: Int32
    let server: LoopbackHTTPServer

    private enum Read {
        case request(HTTPRequest, keepsAlive: Bool)
        /// Answer this and close: the stream cannot be read further.
        case reject(status: Int, message: String)
        case closed
    }

    func serve() {
        Socket.setReadTimeout(descriptor, seconds: server.limits.idleSeconds)
        var pending: [UInt8] = []
        while true {
            let started = DispatchTime.now().uptimeNanoseconds
            switch read(&pending) {
            case .closed: return
            case .reject(let status, let message):
                let response = server.rejection(status, message)
                write(response, keepsAlive: false)
                server.log("- - \(response.status) \(message)")
                return
            case .request(let request, let keepsAlive):
                let response = server.answer(request)
                guard write(response, keepsAlive: keepsAlive) else { return }
                let milliseconds = Double(DispatchTime.now().uptimeNanoseconds - started) / 1_000_000
                let target = request.url.path + (request.url.query.map { "?\($0)" } ?? "")
                server.log("\(request.method) \(target) \(response.status) \(String(format: "%.1f", milliseconds))ms")
                if !keepsAlive { return }
            }
        }
    }

    private func read(_ pending: inout [UInt8]) -> Read {
        var headEnd = pending.endOfHead()
        while headEnd == nil {
            guard pending.count <= server.limits.headBytes else {
                return .reject(status: 431, message: "Request header fields too large.")
            }
            let bytes = Socket.read(descriptor, count: 16 * 1024)
            guard !bytes.isEmpty else {
                return pending.isEmpty
                    ? .closed : .reject(status: 400, message: "The request ended before its headers did.")
            }
            pending += bytes
            headEnd = pending.endOfHead()
        }
        guard let headEnd, let head = RequestHead(pending[0..<(headEnd - 4)]) else {
            return .reject(status: 400, message: "Invalid HTTP request line or header.")
        }
        guard let url = URL(string: "http://127.0.0.1:\(server.port)\(head.target)") else {
            return .reject(status: 400, message: "Invalid request target \(head.target).")
        }
        if head.header("Transfer-Encoding") != nil {
            return .reject(status: 400, message: "Chunked request bodies are not supported; send Content-Length.")
        }
        let lengthText = head.header("Content-Length") ?? "0"
        guard let length = Int(lengthText), length >= 0 else {
            return .reject(status: 400, message: "Invalid Content-Length \(lengthText).")
        }
        guard length <= server.limits.bodyBytes else {
            drain(
                length - (pending.count - headEnd), bound: 8 * server.limits.bodyBytes,
                expectsContinue: head.header("Expect") != nil)
            return .reject(
                status: 400, message: "Request payload size exceeds the limit: \(server.limits.bodyBytes) bytes.")
        }
        if head.header("Expect")?.lowercased() == "100-continue" {
            Socket.write(descriptor, Array("HTTP/1.1 100 Continue\r\n\r\n".utf8))
        }
        while pending.count - headEnd < length {
            let bytes = Socket.read(descriptor, count: min(64 * 1024, length - (pending.count - headEnd)))
            guard !bytes.isEmpty else { return .reject(status: 400, message: "The request ended before its body did.") }
            pending += bytes
        }
        let body = Data(pending[headEnd..<(headEnd + length)])
        pending.removeFirst(headEnd + length)
        var headers: [String: String] = [:]
        for (name, value) in head.headers { headers[name] = value }
        return .request(
            HTTPRequest(method: head.method, url: url, headers: headers, body: body), keepsAlive: head.keepsAlive)
    }

    /// Reads and drops a body too large to keep, up to `bound` bytes, so that the client sees the answer rather
    /// than a reset connection.
    private func drain(_ remaining: Int, bound: Int, expectsContinue: Bool) {
        guard !expectsContinue, remaining <= bound else { return }
        var left = remaining
        while left > 0 {
            let bytes = Socket.read(descriptor, count: min(64 * 1024, left))
            guard !bytes.isEmpty else { return }
            left -= bytes.count
        }
    }

    @discardableResult
    private func write(_ response: HTTPResponse, keepsAlive: Bool) -> Bool {
        var head = "HTTP/1.1 \(response.status) \(Self.reason(response.status))\r\n"
        var headers = response.headers
        headers["Content-Length"] = String(response.body.count)
        headers["Connection"] = keepsAlive ? "keep-alive" : "close"
        if headers["Content-Type"] == nil { headers["Content-Type"] = "application/json; charset=UTF-8" }
        for (name, value) in headers.sorted(by: { $0.key < $1.key }) { head += "\(name): \(value)\r\n" }
        head += "\r\n"
        return Socket.write(descriptor, Array(head.utf8) + Array(response.body))
    }

    static func reason(_ status: Int) -> String {
        switch status {
        case 200: "OK"
        case 400: "Bad Request"
        case 401: "Unauthorized"
        case 403: "Forbidden"
        case 404: "Not Found"
        case 431: "Request Header Fields Too Large"
        case 500: "Internal Server Error"
        default: "Status"
        }
    }
}
