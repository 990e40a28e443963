import Foundation
import Testing

/// What the Firebase JS SDK (12.18.0, `@firebase/auth` 1.13.5) sent the Firebase Auth Emulator, replayed against the
/// served server request by request (`../shared/wire/firebase-js-sdk-12.18.0/against-auth-emulator.txt`, read from
/// there): each request exactly as the SDK built it, with this server's live tokens and codes in place of the
/// recorded ones, and each answer held to the emulator's: the same status, the same error code, and every top-level
/// field the emulator answered, except where production answers otherwise (``productionDiffers``, each with its
/// source) or the field is the emulator's own.
@Suite("The JS SDK's requests, replayed: answered as the emulator answered them")
struct JSSDKReplayTests {
    /// The recording, beside the checkout as CI has it (`../shared/wire/…`); nil in a checkout without it.
    static let recording = recording(named: "against-auth-emulator.txt")

    /// A recording of the JS SDK 12.18.0 beside the checkout (`../shared/wire/firebase-js-sdk-12.18.0/NAME`).
    static func recording(named name: String) -> String? {
        let package = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let file = package.deletingLastPathComponent().appending(path: "shared/wire/firebase-js-sdk-12.18.0/\(name)")
        return try? String(contentsOf: file, encoding: .utf8)
    }

    /// Fields the emulator answers that production keeps to itself (the password's hash and salt, its own
    /// bookkeeping), which no SDK reads.
    static let emulatorOnlyFields: Set<String> = ["passwordHash", "salt", "sessionId", "allProviders"]

    /// Requests where production answers otherwise than the emulator, and the served server as production does.
    static let productionDiffers: [String: String] = [
        // The emulator implements SMS second factors only and asks for `phoneEnrollmentInfo`; production refuses TOTP
        // in a project that does not enable it (`OPERATION_NOT_ALLOWED : TOTP based MFA not enabled.`, which the JS
        // SDK shows as `auth/operation-not-allowed`, `packages/auth/src/core/errors.ts`).
        "/v2/accounts/mfaEnrollment:start": "OPERATION_NOT_ALLOWED"
    ]

    struct Exchange {
        var method: String
        var target: String
        var body: String
        var status = 0
        var answer = ""
        /// The step of the recording the request belongs to: the `FLOW`/`SMOKE` line that follows it, e.g.
        /// `sessions/updatePassword in the same second as the sign-in`.
        var step = ""
    }

    static func exchanges(of recording: String) -> [Exchange] {
        var exchanges: [Exchange] = []
        var unnamed = 0
        for line in recording.split(separator: "\n") {
            if line.hasPrefix("FLOW PASS ") || line.hasPrefix("FLOW FAIL ") || line.hasPrefix("FLOW SKIP ")
                || line.hasPrefix("SMOKE ")
            {
                let words = line.split(separator: " ", maxSplits: 2)
                let step = words.count > 2 ? String(words[2]) : ""
                for index in exchanges.indices.dropFirst(unnamed) { exchanges[index].step = step }
                unnamed = exchanges.count
            } else if line.hasPrefix("TRACE > ") {
                let parts = line.dropFirst(8).split(separator: " ", maxSplits: 2, omittingEmptySubsequences: false)
                exchanges.append(
                    Exchange(
                        method: String(parts[0]), target: String(parts[1]),
                        body: parts.count > 2 ? String(parts[2]) : ""))
            } else if line.hasPrefix("TRACE < "), !exchanges.isEmpty {
                let parts = line.dropFirst(8).split(separator: " ", maxSplits: 1)
                exchanges[exchanges.count - 1].status = Int(parts[0]) ?? 0
                exchanges[exchanges.count - 1].answer = parts.count > 1 ? String(parts[1]) : ""
            }
        }
        return exchanges
    }

    @Test("every request of the recording, with live tokens and codes, gets the emulator's status, code and fields")
    func replay() async throws {
        guard let recording = Self.recording else {
            // CI has the recording beside the checkout; a vendor's clone of the package alone does not.
            try #require(ProcessInfo.processInfo.environment["CI"] == nil, "the JS SDK's recording is missing")
            return
        }
        let server = try ServedServer()
        defer { server.http.stop() }
        let client = ServedClient(baseURL: server.baseURL)
        var idToken = ""
        var refreshToken = ""
        /// The type of the action code the SDK asked for last: the code it uses next is the one that mail carries.
        var requestedType = ""
        let exchanges = Self.exchanges(of: recording)
        #expect(exchanges.count > 60)
        for exchange in exchanges {
            if exchange.target.contains("accounts:sendOobCode"), let type = Self.json(exchange.body)?["requestType"] {
                requestedType = type as? String ?? ""
            }
            var body = exchange.body.replacingOccurrences(of: "<JWT>", with: idToken)
            // The recorded refresh token and action codes stand for this server's.
            if let recordedRefresh = Self.formValue("refresh_token", in: exchange.body) {
                body = body.replacingOccurrences(of: recordedRefresh, with: refreshToken)
            }
            if let recorded = Self.json(exchange.body)?["oobCode"] as? String {
                let outbox = try await client.send("GET", "/emulator/v1/projects/demo-conformance/oobCodes")
                let live = (outbox.json?["oobCodes"] as? [[String: Any]] ?? []).last {
                    $0["requestType"] as? String == requestedType
                }
                body = body.replacingOccurrences(of: recorded, with: live?["oobCode"] as? String ?? recorded)
            }
            let (answer, call) = try await Self.send(exchange, body: body, on: client)
            let recordedAnswer = Self.json(exchange.answer) ?? [:]
            let recordedKeys = Self.topLevelKeys(of: exchange.answer)
            #expect(
                answer.status == exchange.status,
                "\(exchange.method) \(call) \(exchange.body.prefix(120)): \(answer.status), not \(exchange.status)")
            if exchange.status >= 400 {
                let recordedCode = Self.errorCode(recordedAnswer)
                let code = Self.errorCode(answer.json ?? [:])
                #expect(
                    code == (Self.productionDiffers[call] ?? recordedCode),
                    "\(call): \(code ?? "no code"), the emulator \(recordedCode ?? "no code")")
            } else if !exchange.target.hasPrefix("/emulator/") {
                let missing = recordedKeys.subtracting(answer.json?.keys ?? [:].keys).subtracting(
                    Self.emulatorOnlyFields)
                #expect(missing.isEmpty, "\(call) \(exchange.body.prefix(120)): no \(missing.sorted())")
            }
            if let token = answer.json?["idToken"] as? String ?? answer.json?["id_token"] as? String { idToken = token }
            if let token = answer.json?["refreshToken"] as? String ?? answer.json?["refresh_token"] as? String {
                refreshToken = token
            }
        }
    }

    /// Sends a recorded request with `body`, as the SDK sent it (the refresh as a form, every other call as JSON):
    /// the answer, and the call (the path below `identitytoolkit.googleapis.com`, without the query).
    static func send(
        _ exchange: Exchange, body: String, on client: ServedClient
    ) async throws -> (answer: (status: Int, json: [String: Any]?), call: String) {
        let form = exchange.target.hasPrefix("/securetoken.")
        let answer = try await client.send(
            exchange.method, exchange.target, body: exchange.method == "GET" ? nil : Data(body.utf8),
            headers: ["Content-Type": form ? "application/x-www-form-urlencoded" : "application/json"])
        let call = exchange.target.split(separator: "?")[0].replacingOccurrences(
            of: "/identitytoolkit.googleapis.com", with: "")
        return (answer, call)
    }

    /// The names of an object's members at its top level (or at the depth of nesting `level`, counting objects and
    /// lists: 3 for the members of `{"users":[{…}]}`'s users), from text that may stop before the object does.
    static func topLevelKeys(of text: String, level: Int = 1) -> Set<String> {
        var keys: Set<String> = []
        var depth = 0
        var string: String?
        var escaped = false
        var expectingKey = false
        for character in text {
            if var current = string {
                if escaped {
                    escaped = false
                    current.append(character)
                } else if character == "\\" {
                    escaped = true
                } else if character == "\"" {
                    if depth == level && expectingKey { keys.insert(current) }
                    string = nil
                    expectingKey = false
                    continue
                } else {
                    current.append(character)
                }
                string = current
                continue
            }
            switch character {
            case "\"": string = ""
            case "{", "[":
                depth += 1
                expectingKey = character == "{" && depth == level
            case "}", "]": depth -= 1
            case ",": expectingKey = depth == level
            default: break
            }
        }
        return keys
    }

    static func json(_ text: String) -> [String: Any]? {
        (try? JSONSerialization.jsonObject(with: Data(text.utf8))) as? [String: Any]
    }

    static func formValue(_ name: String, in body: String) -> String? {
        body.split(separator: "&").first { $0.hasPrefix("\(name)=") }.map { String($0.dropFirst(name.count + 1)) }
    }

    /// `EMAIL_NOT_FOUND` of `EMAIL_NOT_FOUND : detail`.
    static func errorCode(_ answer: [String: Any]) -> String? {
        ((answer["error"] as? [String: Any])?["message"] as? String)?.split(separator: " ").first.map(String.init)
    }
}
