import Foundation
import HTTPMessages
import PlainHTTPClient
import Testing

/// The suite's own HTTP/1.1 client (what the HTTP subject sends an `http://` server through): requests as sent,
/// answers read whole however they are framed, connections kept and replaced, every wait bounded.
@Suite("The HTTP/1.1 client")
struct HTTP1ClientTests {
    private static let ok = "HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok"

    private func url(_ port: UInt16, _ target: String = "/") -> URL {
        URL(string: "http://127.0.0.1:\(port)\(target)")!
    }

    @Test("requests to one server reuse one connection; each arrives as sent, with Host and Content-Length")
    func reuse() async throws {
        let server = try ScriptedServer([.answer(Self.ok), .answer(Self.ok), .answer(Self.ok)])
        defer { server.stop() }
        let client = HTTP1Client()
        for _ in 0..<3 {
            let answer = try await client.send(
                HTTPRequest(
                    method: "POST", url: url(server.port, "/v1/accounts:lookup?key=a%20key"),
                    headers: ["Content-Type": "application/json"], body: Data(#"{"idToken":"x"}"#.utf8)),
                timeout: .seconds(60))
            #expect(answer.status == 200 && answer.body == Data("ok".utf8))
        }
        #expect(server.connections == 1)
        #expect(
            server.requests.first == """
                POST /v1/accounts:lookup?key=a%20key HTTP/1.1\r
                Host: 127.0.0.1:\(server.port)\r
                Content-Type: application/json\r
                Content-Length: 15\r
                \r
                {"idToken":"x"}
                """)
    }

    @Test(
        """
        an answer in chunks, one after an interim 100, and one without a length (to the end of the connection) are \
        read whole
        """,
        arguments: [
            "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n"
                + "4;x=y\r\n{\"a\"\r\n5\r\n:\"b\"}\r\n0\r\nTrailer: t\r\n\r\n",
            "HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 200 OK\r\nContent-Length: 9\r\n\r\n{\"a\":\"b\"}",
            "HTTP/1.0 200 OK\r\nContent-Type: application/json\r\n\r\n{\"a\":\"b\"}",
        ])
    func framing(_ answer: String) async throws {
        let server = try ScriptedServer([.answerAndClose(answer), .answer(Self.ok)])
        defer { server.stop() }
        let client = HTTP1Client()
        let first = try await client.send(HTTPRequest(url: url(server.port)), timeout: .seconds(60))
        #expect(first.status == 200 && first.text == #"{"a":"b"}"#)
        let second = try await client.send(HTTPRequest(url: url(server.port)), timeout: .seconds(60))
        #expect(second.text == "ok", "the next request goes out whether or not the connection was kept")
    }

    @Test("a kept connection the server closed while it was idle is replaced: the request is sent again, once")
    func closedWhileIdle() async throws {
        let server = try ScriptedServer([.answerAndClose(Self.ok), .answer(Self.ok)])
        defer { server.stop() }
        let client = HTTP1Client()
        _ = try await client.send(HTTPRequest(url: url(server.port)), timeout: .seconds(60))
        let second = try await client.send(HTTPRequest(url: url(server.port, "/again")), timeout: .seconds(60))
        #expect(second.status == 200)
        #expect(server.connections == 2)
        #expect(server.requests.filter { $0.hasPrefix("GET /again ") }.count == 1)
    }

    @Test("a server that never answers fails the request after its timeout, naming it")
    func timeout() async throws {
        let server = try ScriptedServer([.silence])
        defer { server.stop() }
        let failure = await #expect(throws: HTTP1Client.Failure.self) {
            try await HTTP1Client().send(HTTPRequest(url: url(server.port)), timeout: .milliseconds(200))
        }
        #expect(failure?.description.contains("did not answer in time") == true)
    }

    @Test(
        """
        a hostile answer's framing is a failure that names it, never a trap: lengths and chunk sizes no Int holds, \
        negative, beyond what is read (64 MiB), or more than the connection carries; a line without end
        """,
        arguments: [
            ("Content-Length: 99999999999999999999\r\n\r\n{}", "Content-Length of 99999999999999999999"),
            ("Content-Length: 9223372036854775807\r\n\r\n{}", "Content-Length of 9223372036854775807"),
            ("Content-Length: -1\r\n\r\n{}", "Content-Length of -1"),
            ("Content-Length: 67108865\r\n\r\n{}", "Content-Length of 67108865"),
            ("Content-Length: 10\r\n\r\n{}", "closed the connection in the middle"),
            (
                "Transfer-Encoding: chunked\r\n\r\nFFFFFFFFFFFFFFFFFFFF\r\n{}\r\n0\r\n\r\n",
                "chunk size of FFFFFFFFFFFFFFFFFFFF"
            ),
            ("Transfer-Encoding: chunked\r\n\r\n7fffffffffffffff\r\n{}\r\n0\r\n\r\n", "chunk size of 7fffffffffffffff"),
            ("Transfer-Encoding: chunked\r\n\r\n-5\r\n{}\r\n0\r\n\r\n", "chunk size of -5"),
            ("Transfer-Encoding: chunked\r\n\r\n10\r\n{}", "closed the connection in the middle"),
            ("Transfer-Encoding: chunked\r\n\r\n" + String(repeating: "0", count: 70_000), "longer than 64 KiB"),
        ])
    func hostileFraming(_ headersAndBody: String, _ named: String) async throws {
        let server = try ScriptedServer([.answerAndClose("HTTP/1.1 200 OK\r\n" + headersAndBody)])
        defer { server.stop() }
        let failure = await #expect(throws: HTTP1Client.Failure.self) {
            try await HTTP1Client().send(HTTPRequest(url: url(server.port)), timeout: .seconds(60))
        }
        #expect(failure?.description.contains(named) == true, "\(failure?.description ?? "no failure")")
    }

    @Test("an answer of a few MB, and one with a status no server sends, are read whole as they are")
    func largeAndOddAnswers() async throws {
        let large = String(repeating: "A", count: 3 << 20)
        let server = try ScriptedServer([
            .answer("HTTP/1.1 200 OK\r\nContent-Length: \(large.utf8.count)\r\n\r\n\(large)"),
            .answerAndClose("HTTP/1.1 999 Who Knows\r\nContent-Length: 2\r\n\r\nok"),
        ])
        defer { server.stop() }
        let client = HTTP1Client()
        let first = try await client.send(HTTPRequest(url: url(server.port)), timeout: .seconds(60))
        #expect(first.body.count == 3 << 20)
        let second = try await client.send(HTTPRequest(url: url(server.port)), timeout: .seconds(60))
        #expect(second.status == 999 && second.text == "ok")
        let garbage = try ScriptedServer([.answerAndClose("<html>garbage</html>\r\n\r\n")])
        defer { garbage.stop() }
        let failure = await #expect(throws: HTTP1Client.Failure.self) {
            try await client.send(HTTPRequest(url: url(garbage.port)), timeout: .seconds(60))
        }
        #expect(failure?.description.contains("HTTP/1.x status line") == true)
    }

    @Test("cancelling the task fails the request at once, whatever its timeout")
    func cancel() async throws {
        let server = try ScriptedServer([.silence])
        defer { server.stop() }
        let port = server.port
        let request = Task { try await HTTP1Client().send(HTTPRequest(url: url(port)), timeout: .seconds(3600)) }
        for await _ in server.arrived { break }
        request.cancel()
        await #expect(throws: CancellationError.self) { try await request.value }
    }

    @Test("a task cancelled before its request sends nothing, even on a kept connection")
    func cancelledBeforeSending() async throws {
        let server = try ScriptedServer([.answer(Self.ok), .answer(Self.ok)])
        defer { server.stop() }
        let client = HTTP1Client()
        let port = server.port
        _ = try await client.send(HTTPRequest(url: url(port, "/first")), timeout: .seconds(60))
        let cancelled = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return try await client.send(HTTPRequest(url: url(port, "/cancelled")), timeout: .seconds(60))
        }
        await #expect(throws: CancellationError.self) { try await cancelled.value }
        _ = try await client.send(HTTPRequest(url: url(port, "/last")), timeout: .seconds(60))
        #expect(server.requests.map { $0.split(separator: " ")[1] } == ["/first", "/last"])
    }

    @Test("nothing listening, and a URL that is not http://, are failures that say so")
    func refused() async throws {
        let server = try ScriptedServer([])
        let port = server.port
        server.stop()
        let refused = await #expect(throws: HTTP1Client.Failure.self) {
            try await HTTP1Client().send(HTTPRequest(url: url(port)), timeout: .seconds(60))
        }
        #expect(refused?.description.contains("could not connect to 127.0.0.1:\(port)") == true)
        let https = await #expect(throws: HTTP1Client.Failure.self) {
            try await HTTP1Client().send(HTTPRequest(url: URL(string: "https://example.com/")!), timeout: .seconds(60))
        }
        #expect(https?.description.contains("only http://") == true)
    }

    @Test("jobs that wait for one another all run: a thread starts whenever none is idle, and idle ones are reused")
    func threads() async {
        let threads = BlockingThreads()
        defer { threads.close() }
        for round in 0..<3 {
            // Each job waits until all twenty have started: with fewer threads than jobs, they would not all start.
            // (The coordinator gives up after 600 s only so that a broken pool fails instead of hanging the run.)
            let started = DispatchSemaphore(value: 0)
            let release = DispatchSemaphore(value: 0)
            let count = await withCheckedContinuation { (continuation: CheckedContinuation<Int, Never>) in
                Thread {
                    var count = 0
                    while count < 20, started.wait(timeout: .now() + 600) == .success { count += 1 }
                    for _ in 0..<20 { release.signal() }
                    continuation.resume(returning: count)
                }.start()
                for _ in 0..<20 {
                    threads.run {
                        started.signal()
                        release.wait()
                    }
                }
            }
            #expect(count == 20, "round \(round): \(count) of 20 jobs started")
        }
    }
}
