import Foundation
import MockIdP
import ReferenceTestSupport
import Testing

@testable import IdentityToolkitServer

/// Requests nobody's SDK sends, as schemathesis (`Tests/Schemathesis/run-served.sh`) generates them from the Identity
/// Toolkit OpenAPI document: each is a client's mistake, answered 4xx in Identity Toolkit's error shape, and the
/// server goes on answering.
@Suite("No request takes the served server down or gets a 5xx")
struct HostileRequestTests {
    static let key = "?key=hostile-key"

    /// The request schemathesis found on its first operation: a number no integer holds, where a string belongs. It
    /// ended `conformance serve` (a trapping conversion in the body reader).
    @Test(
        "a number out of every integer range where a string belongs is refused by the field's name",
        arguments: ["accounts:signUp", "accounts:createAuthUri", "accounts:signInWithPassword", "accounts:lookup"])
    func hugeNumber(_ call: String) async throws {
        let server = try ServedServer()
        defer { server.http.stop() }
        let client = ServedClient(baseURL: server.baseURL)
        let answer = try await client.send(
            "POST", "/identitytoolkit.googleapis.com/v1/\(call)\(Self.key)", body: Data(#"{"tenantId": 1e300}"#.utf8))
        #expect(answer.status == 400 && answer.json.isIdentityToolkitError)
        #expect(answer.json.errorMessage == "Invalid value at 'tenant_id' (TYPE_STRING), 1e+300")
        #expect(try await client.send("GET", "/").status == 200)
    }

    /// Every field the server knows, on every route of its call, with a value of each JSON type it does not take:
    /// refused by name (no call reads a value of the wrong type as another), in process.
    @Test("every known field of every call, sent with each wrong type, is refused by the field's name")
    func wrongTypes() async throws {
        let server = IdentityToolkitServer(defaultProjectID: "hostile", followsRealTime: true, recordsRequests: false)
        let wrong: [KnownFields.Kind: [String]] = [
            .string: ["1e300", "-0", "true", "[\"a\"]", "{}"], .bool: ["1", "\"yes\"", "[]", "{}"],
            .integer: ["1.5", "1e300", "\"12a\"", "true", "[]"], .object: ["\"a\"", "1", "[]", "true"],
            .strings: ["1", "[1]", "{}", "[[]]"], .objects: ["\"a\"", "[1]", "{}", "[\"a\"]"],
        ]
        for (path, operation) in ServerRoutes.current where operation.methods.contains("POST") {
            for (field, kind) in KnownFields.byCall[operation] ?? [:] {
                for value in wrong[kind] ?? [] {
                    let answer = await server.handle(
                        HTTPRequest(
                            method: "POST", url: URL(string: "http://hostile.invalid\(path)\(Self.key)")!,
                            headers: ["Content-Type": "application/json"], body: Data("{\"\(field)\": \(value)}".utf8)))
                    #expect(answer.status == 400, "\(path) \(field): \(value) → \(answer.status) \(answer.text)")
                    #expect(
                        answer.jsonObject.errorMessage?.hasPrefix("Invalid value at '\(KnownFields.protoName(field))'")
                            == true, "\(path) \(field): \(value) → \(answer.text)")
                }
            }
        }
    }

    /// Bodies no JSON reader should trust: nesting past every reader's limit, invalid UTF-8, lone surrogates,
    /// duplicate names, exponents and negative zero, huge strings and lists. Each is answered 4xx (or served, where
    /// it is a valid request), never 5xx, and the server answers afterwards. The short version sends every third
    /// pair of a call and a body (each call meets a third of the bodies, each body a third of the calls); the long
    /// version every body to every call (``LongTests``).
    @Test("hostile bodies on every call are answered below 500, and the server stays up")
    func hostileBodies() async throws {
        let server = try ServedServer()
        defer { server.http.stop() }
        let client = ServedClient(baseURL: server.baseURL)
        let bodies: [Data] = [
            Data((String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)).utf8),
            Data(
                ("{\"email\":" + String(repeating: "{\"a\":", count: 600) + "1" + String(repeating: "}", count: 601))
                    .utf8), Data([0x7B, 0x22, 0x65, 0x6D, 0x61, 0x69, 0x6C, 0x22, 0x3A, 0x22, 0xFF, 0xFE, 0x22, 0x7D]),
            Data(#"{"email": "\ud800"}"#.utf8), Data(#"{"email": "a@example.com", "email": 1e300}"#.utf8),
            Data(#"{"idToken": -0, "validSince": 1e400}"#.utf8), Data(#"{"validSince": -9223372036854775809}"#.utf8),
            Data("{\"email\": \"\(String(repeating: "a", count: 900_000))\"}".utf8),
            Data("{\"localId\": [\(Array(repeating: "\"x\"", count: 100_000).joined(separator: ","))]}".utf8),
            Data(#"{"phoneEnrollmentInfo": {"phoneNumber": 1e300}, "mfaPendingCredential": {"a": 1}}"#.utf8),
            Data(#"{"grant_type": 1e300, "refresh_token": [1]}"#.utf8),
        ]
        let pairs = ServerRoutes.current.map(\.path).flatMap { path in bodies.map { (path, $0) } }
        for (path, body) in LongTests.slice(pairs, part: 0, of: 3) {
            let answer = try await client.send("POST", path + Self.key, body: body)
            #expect(answer.status < 500, "\(path): \(String(decoding: body.prefix(60), as: UTF8.self))")
        }
        #expect(try await client.send("GET", "/").status == 200)
    }

    /// A form the server does not answer names itself, never `INTERNAL_ERROR`, and is a 400.
    @Test("an unserved request type is refused with a message naming it, not INTERNAL_ERROR")
    func unservedForm() async throws {
        let server = try ServedServer()
        defer { server.http.stop() }
        let answer = try await ServedClient(baseURL: server.baseURL).post(
            "/identitytoolkit.googleapis.com/v1/accounts:sendOobCode\(Self.key)",
            ["requestType": "NO_SUCH_TYPE", "email": "ada@example.com"])
        #expect(answer.status == 400 && answer.json.isIdentityToolkitError)
        #expect(answer.json.errorMessage?.hasPrefix("UNSUPPORTED_REQUEST : ") == true)
        #expect(answer.json.errorMessage?.contains("NO_SUCH_TYPE") == true)
    }
}
