import Foundation
import LoopbackHTTP
import ReferenceTestSupport
import Testing

/// The served server held open by clients that never send a request or send their heads a byte at a time, over real
/// sockets: a client that sends a request is served, because a new client takes the place of a connection that has
/// sent nothing or is slowest to send its head (`ConnectionGate`). No timer frees a place (the server's timeouts are
/// an hour), and none decides a verdict: the connections that hold the server are opened before each sign-up, whose
/// answer the test reads before it opens more, so the places each new client takes follow from the order of the
/// accepts alone.
@Suite("Held under abuse")
struct HeldUnderAbuseTests {
    static let signUp = "/identitytoolkit.googleapis.com/v1/accounts:signUp?key=k"

    @Test(
        """
        beside 70 connections sending their heads a line at a time and 2,000 that never send (short version: 300), \
        opened 100 at a time, every sign-up between them is answered
        """)
    func signUpsAnsweredBesideAbuse() async throws {
        print(LongTests.version(of: "HeldUnderAbuseTests"))
        let (slow, silent, batch) = (70, LongTests.inFull ? 2000 : 300, 100)
        // The kernel's accept queue (256) never fills, so no connect waits for the server.
        let files = slow + silent + 2 * LoopbackHTTPServer.Limits().connections + 256
        try #require(
            RawConnection.allowOpenFiles(files),
            "this test holds \(slow + silent) connections open: it needs `ulimit -n` of at least \(files)")
        // No timeout frees a place within the test: only new clients taking them.
        let server = try ServedServer(limits: .init(idleTimeout: .seconds(3600), requestTimeout: .seconds(3600)))
        defer { server.http.stop() }
        let port = server.http.port
        let answers = try await onThread { () -> [String] in
            let slowHeads = try (0..<slow).map { _ in try RawConnection(port: port) }
            for connection in slowHeads { connection.send("POST \(Self.signUp) HTTP/1.1\r\nHost: 127.0.0.1\r\n") }
            var silentOnes: [RawConnection] = []
            var answers: [String] = []
            for round in 0..<(silent / batch) {
                for _ in 0..<batch { silentOnes.append(try RawConnection(port: port)) }
                for connection in slowHeads { connection.send("X-Slow-\(round): 1\r\n") }
                let body = #"{"email":"held-\#(round)@example.com","password":"held-password"}"#
                let client = try RawConnection(port: port)
                client.send(
                    "POST \(Self.signUp) HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
                        + "Content-Length: \(body.utf8.count)\r\nConnection: close\r\n\r\n\(body)")
                let answer = client.response()
                let signedUp =
                    answer?.status == 200
                    && (try? JSONSerialization.jsonObject(with: Data(answer?.body ?? [])) as? [String: Any])?["localId"]
                        is String
                answers.append(signedUp ? "signed up" : "round \(round): \(answer?.status ?? 0) \(answer?.text ?? "")")
            }
            withExtendedLifetime((slowHeads, silentOnes)) {}
            return answers
        }
        #expect(answers == Array(repeating: "signed up", count: silent / batch))
    }
}
