import Foundation
import Testing

/// Every flow of the suite as the Firebase JS SDK (12.18.0) drove it against the Firebase Auth Emulator
/// (`../shared/wire/firebase-js-sdk-12.18.0/flows-against-auth-emulator.txt`: phone sign-in, SMS second factors,
/// email link, GitHub, sessions, tenants), replayed against the served server request by request: each request
/// exactly as the SDK built it, with this server's live tokens, codes, sessions and enrollments in place of the
/// recorded ones, and each answer held to what the SDK reads of the emulator's: the status, the error code, the
/// top-level fields of an answer and the fields of `accounts:lookup`'s user. Where the emulator answers unlike
/// production, ``productionAnswers`` says what production answers, and why; the served server must answer that.
@Suite("The JS SDK's flows, replayed: answered as production")
struct JSSDKFlowsReplayTests {
    typealias Replay = JSSDKReplayTests

    /// An answer of the emulator that production does not give: the step and call it answers, and what production
    /// (and so the served server) answers instead.
    struct ProductionAnswer {
        var step: String
        var call: String
        /// The emulator's status this answer replaces.
        var emulator: Int
        var status: Int
        var code: String?
        var why: String

        func matches(_ exchange: Replay.Exchange, call: String) -> Bool {
            exchange.step.hasPrefix(step) && call == self.call && exchange.status == emulator
        }
    }

    static let productionAnswers: [ProductionAnswer] = [
        ProductionAnswer(
            step: "", call: "/v2/recaptchaConfig", emulator: 501, status: 200, code: nil,
            why: """
                the emulator does not implement getRecaptchaConfig (501); production answers the project's reCAPTCHA \
                settings, and the SDK then sends its verifier's token as before
                """),
        ProductionAnswer(
            step: "phone-sdk/signInWithPhoneNumber(malformed number", call: "/v1/accounts:sendVerificationCode",
            emulator: 200, status: 400, code: "INVALID_PHONE_NUMBER",
            why: """
                the emulator texts "+1 650-555-3434"; production takes E.164 only (PHONE-1, the SDK's \
                auth/invalid-phone-number)
                """),
        ProductionAnswer(
            step: "phone-sdk/confirm the used code again", call: "/v1/accounts:signInWithPhoneNumber", emulator: 400,
            status: 400, code: "SESSION_EXPIRED",
            why: """
                a used code: PHONE-7 lets a server answer SESSION_EXPIRED or INVALID_SESSION_INFO (the emulator's), \
                and production documents neither; the reference answers SESSION_EXPIRED (auth/code-expired)
                """),
        ProductionAnswer(
            step: "email-link/sendSignInLinkToEmail(continue URL on an unauthorized domain",
            call: "/v1/accounts:sendOobCode", emulator: 200, status: 400, code: "UNAUTHORIZED_DOMAIN",
            why: """
                the emulator mails a link to a continue URL on a domain the project does not authorize; production \
                refuses it (LINK-2, the SDK's auth/unauthorized-continue-uri)
                """),
        ProductionAnswer(
            step: "github/before the project is pointed", call: "/v1/accounts:signInWithIdp", emulator: 501,
            status: 400, code: "OPERATION_NOT_ALLOWED",
            why: """
                the emulator answers 501 to a GitHub credential; production refuses a provider the project has not \
                set up (the SDK's auth/operation-not-allowed)
                """),
        ProductionAnswer(
            step: "github/point the project",
            call: "/v2/projects/demo-conformance/defaultSupportedIdpConfigs/github.com", emulator: 405, status: 401,
            code: nil,
            why: """
                the suite's own call pointing the project at provider endpoints, which the emulator does not \
                implement (405); it is the project owner's (Authorization: Bearer owner, which the recording's request \
                does not carry), and the served server refuses anyone else, as production's config API does
                """),
        ProductionAnswer(
            step: "apple/point the project", call: "/v2/projects/demo-conformance/defaultSupportedIdpConfigs/apple.com",
            emulator: 405, status: 401, code: nil, why: "as for GitHub"),
        ProductionAnswer(
            step: "sessions/createUserWithEmailAndPassword; ID token verifies",
            call: "/www.googleapis.com/service_accounts/v1/jwk/securetoken@system.gserviceaccount.com", emulator: 404,
            status: 200, code: nil,
            why: """
                the emulator publishes no key (its tokens are unsigned); production's ID tokens are RS256 under the \
                keys published there
                """),
        ProductionAnswer(
            step: "sessions/updateProfile({displayName: null})", call: "/v1/accounts:update", emulator: 400,
            status: 200, code: nil,
            why: """
                the emulator refuses "displayName": null; production reads a JSON null as an absent field (proto3's \
                JSON mapping) and answers the account
                """),
        ProductionAnswer(
            step: "sessions/signInWithCustomToken", call: "/emulator/v1/projects/demo-conformance/serviceAccount",
            emulator: 404, status: 403, code: nil,
            why: """
                the emulator has no service-account route (404); the served server hands the key to the project's \
                owner only (Authorization: Bearer owner), which the SDK's request does not carry
                """),
        ProductionAnswer(
            step: "sessions/deleteUser ends the other session", call: "/securetoken.googleapis.com/v1/token",
            emulator: 400, status: 400, code: "TOKEN_EXPIRED",
            why: """
                a deleted user's session: the emulator answers INVALID_REFRESH_TOKEN (auth/invalid-refresh-token); \
                production ends the session, TOKEN_EXPIRED or USER_NOT_FOUND (auth/user-token-expired, \
                auth/user-not-found), as the SDK's step expects; the reference answers TOKEN_EXPIRED
                """),
    ]

    /// Members of the emulator's answers that production keeps to itself or does not have, which the SDK does not
    /// read: the emulator's bookkeeping and the password's hash and salt (as in ``JSSDKReplayTests``), and
    /// `emailLinkSignin`, which the emulator adds to the user of `accounts:lookup`.
    static let emulatorOnlyFields = JSSDKReplayTests.emulatorOnlyFields.union(["emailLinkSignin"])

    @Test("every request of the flows, with live tokens, codes and sessions, is answered as production answers it")
    func replay() async throws {
        guard let recording = Replay.recording(named: "flows-against-auth-emulator.txt") else {
            try #require(ProcessInfo.processInfo.environment["CI"] == nil, "the JS SDK's flows recording is missing")
            return
        }
        let server = try ServedServer()
        defer { server.http.stop() }
        let client = ServedClient(baseURL: server.baseURL)
        // The flows' continue URLs are on example.com, which the project authorizes, as the team that recorded them
        // would set it in the console; the clock stands still (one time control call), so the replay's verdicts never
        // depend on how many seconds it took.
        let config = try await client.send(
            "PATCH", "/v2/projects/demo-conformance/config?updateMask=authorizedDomains",
            body: Data(#"{"authorizedDomains":["localhost","example.com"]}"#.utf8),
            headers: ["Content-Type": "application/json", "Authorization": "Bearer owner"])
        try #require(config.status == 200, "the config API refused example.com: \(config.json ?? [:])")
        var live = LiveValues()
        var mismatches: [String] = []
        var replaced: Set<Int> = []
        let exchanges = Replay.exchanges(of: recording)
        #expect(exchanges.count > 150)
        for exchange in exchanges {
            // Each tenant's clock too, before the tenant's first request.
            let tenant =
                Replay.json(exchange.body)?["tenantId"] as? String
                ?? exchange.target.components(separatedBy: "/tenants/").dropFirst().first?.components(separatedBy: "/")
                .first
            let root = "/emulator/v1/projects/demo-conformance" + (tenant.map { "/tenants/\($0)" } ?? "")
            if live.stoppedClocks.insert(root).inserted {
                let stopped = try await client.send("POST", "\(root)/clock:advance?seconds=0")
                try #require(stopped.status == 200, "the time control of \(root): \(stopped.json ?? [:])")
            }
            let body = try await live.substituted(exchange, client: client)
            let (answer, call) = try await Replay.send(exchange, body: body, on: client)
            if let index = Self.productionAnswers.firstIndex(where: { $0.matches(exchange, call: call) }) {
                replaced.insert(index)
            }
            mismatches += Self.mismatches(of: answer, to: exchange, call: call)
            live.learn(from: answer.json ?? [:], recorded: exchange)
        }
        let unused = Self.productionAnswers.indices.filter { !replaced.contains($0) }.map {
            Self.productionAnswers[$0].step
        }
        #expect(unused.isEmpty, "production answers that replace no answer of the recording: \(unused)")
        #expect(
            mismatches.isEmpty,
            "\(mismatches.count) answers unlike production's:\n\(mismatches.joined(separator: "\n"))")
    }

    /// How the live answer differs from what production answers: the emulator's answer, or the production answer
    /// that replaces it.
    static func mismatches(
        of answer: (status: Int, json: [String: Any]?), to exchange: Replay.Exchange, call: String
    ) -> [String] {
        let label = "[\(exchange.step.prefix(60))] \(exchange.method) \(call) \(exchange.body.prefix(100))"
        if let production = productionAnswers.first(where: { $0.matches(exchange, call: call) }) {
            var found: [String] = []
            if answer.status != production.status {
                found.append("\(label): \(answer.status), production \(production.status) (\(answer.json ?? [:]))")
            }
            if let code = production.code, Replay.errorCode(answer.json ?? [:]) != code {
                found.append("\(label): \(Replay.errorCode(answer.json ?? [:]) ?? "no code"), production \(code)")
            }
            return found
        }
        guard answer.status == exchange.status else {
            return ["\(label): \(answer.status), the emulator \(exchange.status) (\(answer.json ?? [:]))"]
        }
        if exchange.status >= 400 {
            let recorded = Replay.errorCode(Replay.json(exchange.answer) ?? [:])
            let code = Replay.errorCode(answer.json ?? [:])
            return code == recorded ? [] : ["\(label): \(code ?? "no code"), the emulator \(recorded ?? "no code")"]
        }
        guard !exchange.target.hasPrefix("/emulator/") else { return [] }
        var missing = Replay.topLevelKeys(of: exchange.answer).subtracting(answer.json?.keys ?? [:].keys)
        if call.hasSuffix("accounts:lookup") {
            let user = (answer.json?["users"] as? [[String: Any]])?.first ?? [:]
            missing.formUnion(
                Replay.topLevelKeys(of: exchange.answer, level: 3).subtracting(user.keys).map { "users[0].\($0)" })
        }
        // An empty list the emulator answers (`"mfaInfo":[]` once the last factor is withdrawn) is a member
        // production leaves out, which the SDK reads as empty.
        missing = missing.filter { !exchange.answer.contains("\"\($0.split(separator: ".").last ?? "")\":[]") }
        missing.subtract(emulatorOnlyFields)
        missing.subtract(emulatorOnlyFields.map { "users[0].\($0)" })
        return missing.isEmpty ? [] : ["\(label): no \(missing.sorted())"]
    }
}

/// The server's own values standing for the recorded ones: tokens, sessions, pending sign-ins, enrollments, codes.
struct LiveValues {
    typealias Replay = JSSDKReplayTests

    var idToken = ""
    var refreshToken = ""
    /// The recorded value → this server's, for values the emulator wrote into its answers.
    var replacing: [String: String] = [:]
    var enrollmentID: String?
    /// The last action code's type and address the SDK asked for, and the outbox the recording read it from.
    var requestedType = ""
    var requestedEmail: String?
    var outbox = "/emulator/v1/projects/demo-conformance/oobCodes"
    var stoppedClocks: Set<String> = []

    /// The request's body with the server's values in the recorded ones' places, each replaced as text, so the rest
    /// of the body stays as the SDK wrote it.
    mutating func substituted(_ exchange: Replay.Exchange, client: ServedClient) async throws -> String {
        let fields = Replay.json(exchange.body) ?? [:]
        if exchange.target.hasSuffix("/oobCodes") { outbox = exchange.target }
        if exchange.target.contains("accounts:sendOobCode") {
            requestedType = fields["requestType"] as? String ?? ""
            requestedEmail = (fields["email"] as? String ?? fields["newEmail"] as? String)?.lowercased()
        }
        var body = exchange.body.replacingOccurrences(of: "<JWT>", with: idToken)
        if let recorded = Replay.formValue("refresh_token", in: exchange.body) {
            body = body.replacingOccurrences(of: recorded, with: replacing[recorded] ?? refreshToken)
        }
        for (recorded, own) in replacing where body.contains(recorded) {
            body = body.replacingOccurrences(of: recorded, with: own)
        }
        if let recorded = fields["mfaEnrollmentId"] as? String, let enrollmentID {
            body = body.replacingOccurrences(of: "\"\(recorded)\"", with: "\"\(enrollmentID)\"")
        }
        if let recorded = fields["oobCode"] as? String {
            let entries = try await client.send("GET", outbox).json?["oobCodes"] as? [[String: Any]] ?? []
            let sent = entries.last {
                $0["requestType"] as? String == requestedType
                    && (requestedEmail == nil || $0["email"] as? String == requestedEmail)
            }
            body = body.replacingOccurrences(of: recorded, with: sent?["oobCode"] as? String ?? recorded)
        }
        // A code the recording got from the emulator's outbox is this server's code for the same session; the wrong
        // code the flows send (000000) stays wrong.
        let verification = fields["phoneVerificationInfo"] as? [String: Any] ?? fields
        if let recorded = verification["code"] as? String, recorded != "000000",
            let session = verification["sessionInfo"] as? String
        {
            let liveSession = replacing[session] ?? session
            let codes =
                try await client.send("GET", "/emulator/v1/projects/demo-conformance/verificationCodes").json?[
                    "verificationCodes"] as? [[String: Any]] ?? []
            if let code = codes.last(where: { $0["sessionInfo"] as? String == liveSession })?["code"] as? String {
                body = body.replacingOccurrences(of: "\"code\":\"\(recorded)\"", with: "\"code\":\"\(code)\"")
            }
        }
        return body
    }

    /// Learns the server's values from its answer, beside the emulator's recorded answer to the same request.
    mutating func learn(from answer: [String: Any], recorded exchange: Replay.Exchange) {
        let recorded = Replay.json(exchange.answer) ?? [:]
        if let token = answer["idToken"] as? String ?? answer["id_token"] as? String { idToken = token }
        if let token = answer["refreshToken"] as? String ?? answer["refresh_token"] as? String {
            refreshToken = token
            if let old = recorded["refreshToken"] as? String ?? recorded["refresh_token"] as? String {
                replacing[old] = token
            }
        }
        for key in ["sessionInfo", "mfaPendingCredential"] {
            if let own = Self.value(key, in: answer), let old = Self.value(key, in: recorded) { replacing[old] = own }
        }
        let factors =
            answer["mfaInfo"] as? [[String: Any]]
            ?? ((answer["users"] as? [[String: Any]])?.first?["mfaInfo"] as? [[String: Any]])
        if let id = factors?.first?["mfaEnrollmentId"] as? String { enrollmentID = id }
    }

    /// `key`'s value at the top of `object` or one object down (`phoneSessionInfo.sessionInfo`).
    static func value(_ key: String, in object: [String: Any]) -> String? {
        if let value = object[key] as? String { return value }
        for case let nested as [String: Any] in object.values { if let value = nested[key] as? String { return value } }
        return nil
    }
}
