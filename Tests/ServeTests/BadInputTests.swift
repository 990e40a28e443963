import Foundation
import LoopbackHTTP
import MockIdP
import Testing

@Suite("The served server answers what it cannot read with Identity Toolkit's error shape")
struct BadInputTests {
    static let signUp = "/identitytoolkit.googleapis.com/v1/accounts:signUp?key=any-key"

    @Test(
        "malformed bodies of every kind get a 400 INVALID_ARGUMENT",
        arguments: [
            "{bad", "{\"email\": ", "[1, 2]", "\"a string\"", "42", "null",
            "{\"email\": \"a@example.com\" \"password\": \"x\"}", "\u{FF}\u{FE}", "{}}",
        ])
    func malformedBody(_ body: String) async throws {
        let server = try ServedServer()
        defer { server.http.stop() }
        let answer = try await ServedClient(baseURL: server.baseURL).send("POST", Self.signUp, body: Data(body.utf8))
        #expect(answer.status == 400, "\(body)")
        #expect(answer.json.isIdentityToolkitError, "\(body): \(String(describing: answer.json))")
        #expect(((answer.json?["error"] as? [String: Any])?["status"] as? String) == "INVALID_ARGUMENT")
    }

    @Test("an unknown field is refused by name, as Google's front end refuses it")
    func unknownField() async throws {
        let server = try ServedServer()
        defer { server.http.stop() }
        let answer = try await ServedClient(baseURL: server.baseURL).post(
            "/identitytoolkit.googleapis.com/v1/accounts:signUp?key=k",
            ["email": "ada@example.com", "password": "a-password", "pasword": "typo"])
        #expect(answer.status == 400 && answer.json.isIdentityToolkitError)
        #expect(
            answer.json.errorMessage == "Invalid JSON payload received. Unknown name \"pasword\": Cannot find field.")
    }

    @Test(
        "a refresh without a grant type, with another grant type or without a refresh token is refused by name",
        arguments: [
            ("refresh_token=abc", "MISSING_GRANT_TYPE"), ("grant_type=&refresh_token=abc", "MISSING_GRANT_TYPE"),
            ("grant_type=authorization_code&refresh_token=abc", "INVALID_GRANT_TYPE"),
            ("grant_type=refresh_token", "MISSING_REFRESH_TOKEN"),
            ("grant_type=refresh_token&refresh_token=", "MISSING_REFRESH_TOKEN"),
        ])
    func refreshRefusals(_ form: String, _ message: String) async throws {
        let server = try ServedServer()
        defer { server.http.stop() }
        let answer = try await ServedClient(baseURL: server.baseURL).send(
            "POST", "/securetoken.googleapis.com/v1/token?key=k", body: Data(form.utf8),
            headers: ["Content-Type": "application/x-www-form-urlencoded"])
        #expect(answer.status == 400 && answer.json.isIdentityToolkitError, "\(form)")
        #expect(answer.json.errorMessage == message, "\(form): \(String(describing: answer.json))")
    }

    @Test("a body over the limit gets a 413, and the server goes on answering")
    func oversizedBody() async throws {
        let server = try ServedServer()
        defer { server.http.stop() }
        let client = ServedClient(baseURL: server.baseURL)
        let answer = try await client.send("POST", Self.signUp, body: Data(repeating: 0x20, count: 2 * 1024 * 1024))
        #expect(answer.status == 413 && answer.json.isIdentityToolkitError)
        #expect(answer.json.errorMessage?.contains("payload size") == true)
        #expect(try await client.send("GET", "/").status == 200)
    }

    @Test("no API key: 403 PERMISSION_DENIED, as Google's front end answers it")
    func missingKey() async throws {
        let server = try ServedServer()
        defer { server.http.stop() }
        let answer = try await ServedClient(baseURL: server.baseURL).post(
            "/identitytoolkit.googleapis.com/v1/accounts:signUp", [:])
        #expect(answer.status == 403 && answer.json.isIdentityToolkitError)
    }

    @Test("an unknown path is a 404 in the same shape")
    func unknownPath() async throws {
        let server = try ServedServer()
        defer { server.http.stop() }
        let answer = try await ServedClient(baseURL: server.baseURL).post(
            "/identitytoolkit.googleapis.com/v1/accounts:noSuchCall?key=k", [:])
        #expect(answer.status == 404 && answer.json.isIdentityToolkitError)
    }

    @Test("a second server on a port in use is refused, not started")
    func portInUse() throws {
        let server = try ServedServer()
        defer { server.http.stop() }
        #expect(throws: LoopbackHTTPServer.StartError.portInUse(server.http.port)) {
            _ = try LoopbackHTTPServer(
                port: server.http.port, handler: { _ in HTTPResponse(status: 200) },
                rejection: { status, _ in HTTPResponse(status: status) })
        }
    }
}
