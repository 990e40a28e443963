import Foundation
import HTTPMessages
import LoopbackHTTP
import ReferenceTestSupport
import Testing

/// A server with a trivial handler: `GET /` answers `{"ok":true}`, `POST /echo` its body, anything else 404; what it
/// cannot read is answered with the status and the message as text.
enum TestServer {
    static let ok = Array(#"{"ok":true}"#.utf8)

    static let handler: LoopbackHTTPServer.Handler = { request in
        switch (request.method, request.url.path) {
        case ("GET", "/"): HTTPResponse(status: 200, headers: ["Content-Type": "application/json"], body: Data(ok))
        case ("POST", "/echo"):
            HTTPResponse(status: 200, headers: ["Content-Type": "application/octet-stream"], body: request.body)
        default: HTTPResponse(status: 404, body: Data("no route for \(request.method)".utf8))
        }
    }

    static let rejection: LoopbackHTTPServer.Rejection = { status, message in
        HTTPResponse(status: status, headers: ["Content-Type": "text/plain"], body: Data(message.utf8))
    }

    static func start(_ limits: LoopbackHTTPServer.Limits = .init(), port: UInt16 = 0) throws -> LoopbackHTTPServer {
        try LoopbackHTTPServer(port: port, limits: limits, handler: handler, rejection: rejection)
    }

    /// Timeouts no test waits for, except the one it names.
    static func limits(
        idle: Duration = .seconds(60), request: Duration = .seconds(60), headBytes: Int = 32 * 1024,
        bodyBytes: Int = 64 * 1024, connections: Int = 64
    ) -> LoopbackHTTPServer.Limits {
        .init(
            connections: connections, headBytes: headBytes, bodyBytes: bodyBytes, idleTimeout: idle,
            requestTimeout: request, lingerTimeout: .seconds(2))
    }
}

let get = "GET / HTTP/1.1\r\nHost: localhost\r\n\r\n"

@Suite("Keep-alive: idle connections stay, and say how long")
struct KeepAliveTests {
    @Test("an answer says Connection: keep-alive and Keep-Alive: timeout=N, and a second request uses the connection")
    func secondRequest() async throws {
        let server = try TestServer.start()
        defer { server.stop() }
        let port = server.port
        let (first, second) = try await onThread {
            let connection = try RawConnection(port: port)
            connection.send(get)
            let first = connection.response()
            connection.send(get)
            return (first, connection.response())
        }
        #expect(first?.status == 200 && first?.body == TestServer.ok)
        #expect(first?.header("Connection") == "keep-alive")
        #expect(first?.header("Keep-Alive") == "timeout=120")
        #expect(second?.status == 200 && second?.body == TestServer.ok)
    }

    @Test("by default an idle connection is kept at least 60 s, longer than the clients' pools keep theirs")
    func defaultIdle() { #expect(LoopbackHTTPServer.Limits().idleTimeout >= .seconds(60)) }

    @Test(
        """
        a connection that sends nothing is closed quietly when its idle timeout passes: the end of the stream, no 408, \
        no reset
        """)
    func idleClose() async throws {
        // Nothing races the timer: the client sends nothing, so the only thing that can happen is the server's close.
        // When the timeout fires is judged on a virtual clock (`TimeoutTests`), not by how long this waits.
        let server = try TestServer.start(TestServer.limits(idle: .seconds(1)))
        defer { server.stop() }
        let port = server.port
        let rest = try await onThread { try RawConnection(port: port).readToEnd() }
        #expect(rest.bytes.isEmpty && rest.end == .closed)
    }

    @Test("two requests sent at once (pipelined) are answered in order")
    func pipelined() async throws {
        let server = try TestServer.start()
        defer { server.stop() }
        let port = server.port
        let (first, second) = try await onThread {
            let connection = try RawConnection(port: port)
            connection.send(get + "POST /echo HTTP/1.1\r\nHost: localhost\r\nContent-Length: 4\r\n\r\necho")
            return (connection.response(), connection.response())
        }
        #expect(first?.body == TestServer.ok)
        #expect(second?.text == "echo")
    }

    @Test(
        """
        ten requests in one write, then the client shuts its side: all ten are answered, in order, then the end \
        (10 tries)
        """)
    func pipelinedThenHalfClose() async throws {
        let server = try TestServer.start()
        defer { server.stop() }
        let port = server.port
        let requests = (0..<10).map {
            "POST /echo HTTP/1.1\r\nHost: localhost\r\nContent-Length: \(String($0).count)\r\n\r\n\($0)"
        }
        for _ in 0..<10 {
            let (answers, rest) = try await onThread {
                let connection = try RawConnection(port: port)
                connection.send(requests.joined())
                connection.shutdownWrite()
                return (requests.map { _ in connection.response() }, connection.readToEnd())
            }
            #expect(answers.map { $0?.status } == Array(repeating: 200, count: 10))
            #expect(answers.map { $0?.text } == (0..<10).map { String($0) })
            #expect(rest.bytes.isEmpty && rest.end == .closed)
        }
    }

    @Test("a client that shuts its side after the request still reads the answer")
    func halfClose() async throws {
        let server = try TestServer.start()
        defer { server.stop() }
        let port = server.port
        let (response, rest) = try await onThread {
            let connection = try RawConnection(port: port)
            connection.send(get)
            connection.shutdownWrite()
            return (connection.response(), connection.readToEnd())
        }
        #expect(response?.status == 200 && response?.body == TestServer.ok)
        #expect(rest.end == .closed)
    }
}

@Suite("Framing: HEAD, HTTP/1.0, chunked bodies, 100-continue")
struct FramingTests {
    @Test("HEAD is answered as GET, with its Content-Length and without its body")
    func head() async throws {
        let server = try TestServer.start()
        defer { server.stop() }
        let port = server.port
        let (head, next) = try await onThread {
            let connection = try RawConnection(port: port)
            connection.send("HEAD / HTTP/1.1\r\nHost: localhost\r\n\r\n" + get)
            return (connection.response(bodiless: true), connection.response())
        }
        #expect(head?.status == 200)
        #expect(head?.header("Content-Length") == String(TestServer.ok.count))
        #expect(head?.header("Content-Type") == "application/json")
        // Had the HEAD answer carried a body, this would read it as the next status line.
        #expect(next?.status == 200 && next?.body == TestServer.ok)
    }

    @Test("HTTP/1.0 is closed after the answer")
    func http10() async throws {
        let server = try TestServer.start()
        defer { server.stop() }
        let port = server.port
        let (response, rest) = try await onThread {
            let connection = try RawConnection(port: port)
            connection.send("GET / HTTP/1.0\r\n\r\n")
            return (connection.response(), connection.readToEnd())
        }
        #expect(response?.status == 200 && response?.body == TestServer.ok)
        #expect(response?.header("Connection") == "close")
        #expect(rest.bytes.isEmpty && rest.end == .closed)
    }

    @Test("HTTP/1.0 with Connection: keep-alive is kept")
    func http10KeepAlive() async throws {
        let server = try TestServer.start()
        defer { server.stop() }
        let port = server.port
        let (first, second) = try await onThread {
            let connection = try RawConnection(port: port)
            let request = "GET / HTTP/1.0\r\nConnection: keep-alive\r\n\r\n"
            connection.send(request)
            let first = connection.response()
            connection.send(request)
            return (first, connection.response())
        }
        #expect(first?.header("Connection") == "keep-alive")
        #expect(first?.header("Keep-Alive") != nil)
        #expect(second?.status == 200)
    }

    @Test("a chunked body is read whole, and the connection goes on")
    func chunked() async throws {
        let server = try TestServer.start()
        defer { server.stop() }
        let port = server.port
        let (echo, next) = try await onThread {
            let connection = try RawConnection(port: port)
            connection.send("POST /echo HTTP/1.1\r\nHost: localhost\r\nTransfer-Encoding: chunked\r\n\r\n")
            connection.send("5\r\nhello\r\n")
            connection.send("6;name=value\r\n world\r\n0\r\nX-Trailer: yes\r\n\r\n")
            let echo = connection.response()
            connection.send(get)
            return (echo, connection.response())
        }
        #expect(echo?.status == 200 && echo?.text == "hello world")
        #expect(next?.status == 200)
    }

    @Test("Expect: 100-continue gets 100 Continue, then the body is read and answered")
    func expectContinue() async throws {
        let server = try TestServer.start()
        defer { server.stop() }
        let port = server.port
        let (interim, final) = try await onThread {
            let connection = try RawConnection(port: port)
            connection.send(
                "POST /echo HTTP/1.1\r\nHost: localhost\r\nContent-Length: 5\r\nExpect: 100-continue\r\n\r\n")
            let interim = connection.response()
            connection.send("hello")
            return (interim, connection.response())
        }
        #expect(interim?.status == 100)
        #expect(final?.status == 200 && final?.text == "hello")
    }

    @Test("Expect: 100-continue with a body over the bound gets 413 at once, without 100 Continue")
    func expectContinueTooLarge() async throws {
        let server = try TestServer.start(TestServer.limits(bodyBytes: 1024))
        defer { server.stop() }
        let port = server.port
        let (response, rest) = try await onThread {
            let connection = try RawConnection(port: port)
            connection.send(
                "POST /echo HTTP/1.1\r\nHost: localhost\r\nContent-Length: 4096\r\nExpect: 100-continue\r\n\r\n")
            return (connection.response(), connection.readToEnd())
        }
        #expect(response?.status == 413)
        #expect(rest.end == .closed)
    }
}

@Suite("Errors are answered, then the connection closes gracefully")
struct GracefulCloseTests {
    @Test("a malformed head followed by more bytes: the client reads the 400, then the end, not a reset")
    func malformed() async throws {
        let server = try TestServer.start()
        defer { server.stop() }
        let port = server.port
        let (response, rest) = try await onThread {
            let connection = try RawConnection(port: port)
            connection.send("GET / HTTP/1.1\r\nThis line has no colon\r\n\r\n" + String(repeating: "x", count: 200_000))
            return (connection.response(), connection.readToEnd())
        }
        #expect(response?.status == 400)
        #expect(response?.header("Connection") == "close")
        #expect(rest.end == .closed)
    }

    @Test("a body over the bound: 413 at its head, the rest of the body is read and dropped, then the end")
    func bodyTooLarge() async throws {
        let server = try TestServer.start(TestServer.limits(bodyBytes: 64 * 1024))
        defer { server.stop() }
        let port = server.port
        let (sent, response, rest) = try await onThread {
            let connection = try RawConnection(port: port)
            let body = [UInt8](repeating: 0x61, count: 256 * 1024)
            let sent = connection.send(
                Array("POST /echo HTTP/1.1\r\nHost: localhost\r\nContent-Length: \(body.count)\r\n\r\n".utf8) + body)
            return (sent, connection.response(), connection.readToEnd())
        }
        #expect(sent)
        #expect(response?.status == 413)
        #expect(response?.text.contains("65536 bytes") == true)
        #expect(rest.end == .closed)
    }

    @Test("a chunked body over the bound: 413")
    func chunkedTooLarge() async throws {
        let server = try TestServer.start(TestServer.limits(bodyBytes: 1024))
        defer { server.stop() }
        let port = server.port
        let (response, rest) = try await onThread {
            let connection = try RawConnection(port: port)
            let chunk = "258\r\n" + String(repeating: "y", count: 600) + "\r\n"
            connection.send(
                "POST /echo HTTP/1.1\r\nHost: localhost\r\nTransfer-Encoding: chunked\r\n\r\n" + chunk + chunk + chunk
                    + "0\r\n\r\n")
            return (connection.response(), connection.readToEnd())
        }
        #expect(response?.status == 413)
        #expect(rest.end == .closed)
    }

    @Test("a head over the bound: 431, then the end")
    func headTooLarge() async throws {
        let server = try TestServer.start(TestServer.limits(headBytes: 1024))
        defer { server.stop() }
        let port = server.port
        let (response, rest) = try await onThread {
            let connection = try RawConnection(port: port)
            connection.send(
                "GET / HTTP/1.1\r\nHost: localhost\r\nX-Large: \(String(repeating: "z", count: 4000))\r\n\r\n")
            return (connection.response(), connection.readToEnd())
        }
        #expect(response?.status == 431)
        #expect(rest.end == .closed)
    }

    @Test("the server goes on answering other connections after each error")
    func goesOn() async throws {
        let server = try TestServer.start(TestServer.limits(headBytes: 1024, bodyBytes: 1024))
        defer { server.stop() }
        let port = server.port
        let statuses = try await onThread {
            var statuses: [Int?] = []
            for bad in ["NOT HTTP\r\n\r\n", "POST /echo HTTP/1.1\r\nContent-Length: 99999\r\n\r\n", get] {
                let connection = try RawConnection(port: port)
                connection.send(bad)
                statuses.append(connection.response()?.status)
            }
            return statuses
        }
        #expect(statuses == [400, 413, 200])
    }
}

@Suite("Both loopback addresses, one port")
struct AddressTests {
    @Test("127.0.0.1 and ::1 (where the machine has it) answer on the same port")
    func bothFamilies() async throws {
        let server = try TestServer.start()
        defer { server.stop() }
        let port = server.port
        let hasIPv6 = RawConnection.hasIPv6Loopback
        #expect(server.addresses == (hasIPv6 ? ["127.0.0.1", "::1"] : ["127.0.0.1"]))
        let (v4, v6) = try await onThread {
            let v4 = try RawConnection(port: port, family: .v4)
            v4.send(get)
            guard hasIPv6 else { return (v4.response(), RawResponse?.none) }
            let v6 = try RawConnection(port: port, family: .v6)
            v6.send(get)
            return (v4.response(), v6.response())
        }
        #expect(v4?.status == 200)
        if hasIPv6 { #expect(v6?.status == 200 && v6?.body == TestServer.ok) }
    }

    @Test("a port in use on 127.0.0.1 is refused as in use")
    func portInUseV4() throws {
        let server = try TestServer.start()
        defer { server.stop() }
        #expect(throws: LoopbackHTTPServer.StartError.portInUse(server.port)) {
            _ = try TestServer.start(port: server.port)
        }
    }

    @Test("a port in use on ::1 only is refused as in use too")
    func portInUseV6() throws {
        guard let (listener, port) = RawConnection.listenOnIPv6Loopback() else { return }
        defer { RawConnection.closeDescriptor(listener) }
        #expect(throws: LoopbackHTTPServer.StartError.portInUse(port)) {
            let server = try TestServer.start(port: port)
            server.stop()
        }
    }
}

@Suite("CORS, as the Auth Emulator answers it")
struct CORSTests {
    static let origin = "http://localhost:5173"

    @Test("a browser's preflight gets 204 with the origin, the methods, the requested headers and a max age")
    func preflight() async throws {
        let server = try TestServer.start()
        defer { server.stop() }
        let port = server.port
        let response = try await onThread {
            let connection = try RawConnection(port: port)
            connection.send(
                """
                OPTIONS /identitytoolkit.googleapis.com/v1/accounts:signUp?key=k HTTP/1.1\r
                Host: 127.0.0.1:\(port)\r
                Origin: \(Self.origin)\r
                Access-Control-Request-Method: POST\r
                Access-Control-Request-Headers: content-type,x-client-version,x-firebase-gmpid\r
                \r

                """)
            return connection.response()
        }
        // The handler answers OPTIONS with 404: the server answers the preflight before it.
        #expect(response?.status == 204)
        #expect(response?.header("Access-Control-Allow-Origin") == Self.origin)
        #expect(response?.header("Access-Control-Allow-Methods")?.contains("POST") == true)
        #expect(response?.header("Access-Control-Allow-Headers") == "content-type,x-client-version,x-firebase-gmpid")
        #expect(Int(response?.header("Access-Control-Max-Age") ?? "") ?? 0 > 0)
        #expect(response?.header("Vary")?.contains("Origin") == true)
    }

    @Test("every answer to a request with an Origin carries Access-Control-Allow-Origin, errors included")
    func everyAnswer() async throws {
        let server = try TestServer.start(TestServer.limits(bodyBytes: 16))
        defer { server.stop() }
        let port = server.port
        let origin = Self.origin
        let (found, missing, tooLarge, withoutOrigin) = try await onThread {
            let connection = try RawConnection(port: port)
            connection.send("GET / HTTP/1.1\r\nHost: localhost\r\nOrigin: \(origin)\r\n\r\n")
            let found = connection.response()
            connection.send("GET /nowhere HTTP/1.1\r\nHost: localhost\r\nOrigin: \(origin)\r\n\r\n")
            let missing = connection.response()
            connection.send(get)
            let withoutOrigin = connection.response()
            connection.send("POST /echo HTTP/1.1\r\nHost: localhost\r\nOrigin: \(origin)\r\nContent-Length: 64\r\n\r\n")
            return (found, missing, connection.response(), withoutOrigin)
        }
        #expect(found?.status == 200 && found?.header("Access-Control-Allow-Origin") == origin)
        #expect(missing?.status == 404 && missing?.header("Access-Control-Allow-Origin") == origin)
        #expect(tooLarge?.status == 413 && tooLarge?.header("Access-Control-Allow-Origin") == origin)
        #expect(withoutOrigin?.status == 200 && withoutOrigin?.header("Access-Control-Allow-Origin") == nil)
    }
}

@Suite("Bounded in connections")
struct ConnectionBoundTests {
    @Test(
        """
        a new client at a server full of idle connections takes the place of the one idle the longest, which closes \
        quietly
        """)
    func idlePlaceTaken() async throws {
        let server = try TestServer.start(TestServer.limits(connections: 2))
        defer { server.stop() }
        let port = server.port
        let (answers, longestIdleEnd, third, stillServed) = try await onThread {
            let first = try RawConnection(port: port)
            first.send(get)
            let firstAnswer = first.response()?.status
            let second = try RawConnection(port: port)
            second.send(get)
            let secondAnswer = second.response()?.status
            let third = try RawConnection(port: port)
            third.send(get)
            let thirdAnswer = third.response()?.status
            second.send(get)
            return ([firstAnswer, secondAnswer], first.readToEnd(), thirdAnswer, second.response()?.status)
        }
        #expect(answers == [200, 200])
        #expect(third == 200)
        #expect(longestIdleEnd.bytes.isEmpty && longestIdleEnd.end == .closed)
        #expect(stillServed == 200)
        #expect(server.openConnections <= 2)
    }

    @Test(
        """
        a new client at a server full of connections that sent nothing is answered, in place of the oldest of them, \
        which closes quietly
        """)
    func silentPlaceTaken() async throws {
        // No timeout frees a place: only a new client taking one.
        let server = try TestServer.start(
            TestServer.limits(idle: .seconds(3600), request: .seconds(3600), connections: 2))
        defer { server.stop() }
        let port = server.port
        let (answer, oldestEnd) = try await onThread {
            let silent = try (0..<2).map { _ in try RawConnection(port: port) }
            let client = try RawConnection(port: port)
            client.send(get)
            return (client.response()?.status, silent[0].readToEnd())
        }
        #expect(answer == 200)
        #expect(oldestEnd.bytes.isEmpty && oldestEnd.end == .closed)
    }

    @Test("a new client at a server full of heads that stall is answered: a stalled head gives its place")
    func stalledPlaceTaken() async throws {
        let server = try TestServer.start(
            TestServer.limits(idle: .seconds(3600), request: .seconds(3600), connections: 2))
        defer { server.stop() }
        let port = server.port
        let answers = try await onThread {
            let stalled = try (0..<4).map { _ in try RawConnection(port: port) }
            for connection in stalled { connection.send("GET / HTTP/1.1\r\nHost: loc") }
            let answers = try (0..<3).map { _ in
                let client = try RawConnection(port: port)
                client.send(get)
                return client.response()?.status
            }
            withExtendedLifetime(stalled) {}
            return answers
        }
        #expect(answers == [200, 200, 200])
    }

    @Test(
        """
        a request is answered while every place is held by one being answered, beyond the bound; past twice the bound \
        a new client waits, and is answered once an answer is written
        """)
    func waitsWhileAnswering() async throws {
        let release = Latch()
        let (held, holding) = AsyncStream<Void>.makeStream()
        let server = try LoopbackHTTPServer(
            port: 0, limits: TestServer.limits(connections: 1),
            handler: { request in
                guard request.url.path == "/hold" else { return await TestServer.handler(request) }
                holding.yield()
                await release.wait()
                return HTTPResponse(status: 200, body: Data(TestServer.ok))
            }, rejection: TestServer.rejection)
        defer { server.stop() }
        let port = server.port
        // One after the other (a connection that has sent nothing gives its place to the next), both requests reach
        // the handler, the second beyond the bound of one.
        var seen = held.makeAsyncIterator()
        var heldAnswers: [Task<Int?, any Error>] = []
        for _ in 0..<2 {
            heldAnswers.append(
                Task {
                    try await onThread { () -> Int? in
                        let connection = try RawConnection(port: port)
                        connection.send("GET /hold HTTP/1.1\r\nHost: localhost\r\n\r\n")
                        return connection.response()?.status
                    }
                })
            _ = await seen.next()
        }
        let (sent, sending) = AsyncStream<Void>.makeStream()
        let waiting = Task {
            try await onThread { () -> Int? in
                let connection = try RawConnection(port: port)
                connection.send(get)
                sending.yield()
                return connection.response()?.status
            }
        }
        var sentSeen = sent.makeAsyncIterator()
        _ = await sentSeen.next()
        #expect(server.openConnections <= 2)
        await release.open()
        for answer in heldAnswers { #expect(try await answer.value == 200) }
        #expect(try await waiting.value == 200)
    }
}

/// Opens once: every handler waiting on it goes on.
actor Latch {
    private var isOpen = false
    private var waiting: [CheckedContinuation<Void, Never>] = []

    func wait() async {
        guard !isOpen else { return }
        await withCheckedContinuation { waiting.append($0) }
    }

    func open() {
        isOpen = true
        for continuation in waiting { continuation.resume() }
        waiting.removeAll()
    }
}

@Suite("A request's handler ends with its connection")
struct HandlerCancellationTests {
    @Test(
        """
        a handler waiting on something that never comes (a door pair's lost partner) is cancelled when the server \
        stops: no real-time limit ends it
        """)
    func stopCancelsWaitingHandler() async throws {
        let (events, report) = AsyncStream<String>.makeStream()
        let server = try LoopbackHTTPServer(
            port: 0, limits: TestServer.limits(),
            handler: { _ in
                report.yield("waiting")
                await withTaskCancellationHandler {
                    let (never, _) = AsyncStream<Void>.makeStream()
                    for await _ in never {}
                } onCancel: {
                    report.yield("cancelled")
                }
                return HTTPResponse(status: 503)
            }, rejection: { status, _ in HTTPResponse(status: status) })
        let port = server.port
        let client = Task {
            try await onThread { () -> RawResponse? in
                let connection = try RawConnection(port: port)
                defer { connection.close() }
                connection.send("POST /wait HTTP/1.1\r\nHost: localhost\r\nContent-Length: 0\r\n\r\n")
                return connection.response()
            }
        }
        var seen = events.makeAsyncIterator()
        #expect(await seen.next() == "waiting")
        server.stop()
        #expect(await seen.next() == "cancelled")
        // The client is answered by the connection closing, not by the handler.
        #expect(try await client.value?.status == nil)
    }
}
