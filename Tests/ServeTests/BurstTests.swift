import Foundation
import LoopbackHTTP
import Testing

@Suite("A bounded burst on loopback")
struct BurstTests {
    /// What the burst sends, in turn: the ready check, a sign-up, a wrong password, a malformed body, a forged token.
    static func request(_ index: Int, client: ServedClient) async throws -> (status: Int, json: [String: Any]?) {
        let it = "/identitytoolkit.googleapis.com/v1"
        switch index % 5 {
        case 0: return try await client.send("GET", "/")
        case 1:
            return try await client.post(
                "\(it)/accounts:signUp?key=k", ["email": "burst-\(index)@example.com", "password": "burst-password"])
        case 2:
            return try await client.post(
                "\(it)/accounts:signInWithPassword?key=k",
                ["email": "nobody@example.com", "password": "wrong-password"])
        case 3: return try await client.send("POST", "\(it)/accounts:lookup?key=k", body: Data("{\"idToken\": ".utf8))
        default:
            return try await client.post(
                "\(it)/accounts:lookup?key=k", ["idToken": "eyJhbGciOiJub25lIn0.eyJzdWIiOiJ4In0."])
        }
    }

    @Test("1,000 requests, 50 at once: only Identity Toolkit answers, and the server stays up")
    func burst() async throws {
        let server = try ServedServer()
        defer { server.http.stop() }
        let client = ServedClient(baseURL: server.baseURL, connections: 50)
        let total = 1000
        let concurrency = 50
        var unexpected: [String] = []
        try await withThrowingTaskGroup(of: String?.self) { group in
            var next = 0
            func add() {
                let index = next
                next += 1
                group.addTask {
                    let (status, json) = try await Self.request(index, client: client)
                    let fine = status == 200 ? json != nil : (400..<500).contains(status) && json.isIdentityToolkitError
                    return fine ? nil : "request \(index): \(status) \(String(describing: json))"
                }
            }
            while next < concurrency { add() }
            while let problem = try await group.next() {
                if let problem { unexpected.append(problem) }
                if next < total { add() }
            }
        }
        #expect(unexpected.isEmpty, "\(unexpected.prefix(5))")
        #expect(try await client.send("GET", "/").status == 200)
        #expect(server.http.openConnections <= LoopbackHTTPServer.Limits().connections)
    }
}
