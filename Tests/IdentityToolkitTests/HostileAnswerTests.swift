import ConformanceKit
import Foundation
import HTTPMessages
import IdentityToolkitServer
import IdentityToolkitSubject
import MockIdP
import ReferenceAuth
import ReferenceTestSupport
import Synchronization
import Testing
import WorldProviderEndpoints

/// A hostile server cannot crash the judge: the HTTP subject decodes every answer of the server it judges, so a server
/// that answers garbage must leave every check with a verdict and its evidence (an `AuthError` the check reports, a
/// failed expectation), never a trap and never a hang. A layer between the subject and the in-process reference
/// spoils the real answers one way at a time, deterministically (no randomness: what is spoiled and how follows from
/// the answer alone, or from its place among its project's answers), and the whole catalogue runs through it, the time
/// control, the config API, the outbox, the published keys and the check's providers included, so every call the
/// subject makes meets the spoiled answers. A trap would end the test process, which fails `swift test`: the runner's
/// crash isolation is not what keeps these runs alive. In `swift test` each way of spoiling meets a part of the
/// catalogue, the parts together every rule, and spoiling every answer meets a third of the flows' first rules, the
/// ways together every flow's; `.ci/long-tests` runs each against the whole, and every flow (``LongTests``).
@Suite("A server that answers garbage gets a verdict for every check, never a trap or a hang")
struct HostileAnswerTests {
    @Test(
        """
        the whole catalogue (in the short version a part, the ways of spoiling together the whole), every answer to \
        the check's calls spoiled one way
        """, arguments: Spoil.allCases)
    func checkCallsSpoiled(_ spoil: Spoil) async throws {
        let place = try #require(Spoil.allCases.firstIndex(of: spoil))
        let report = try await Self.run(LongTests.slice(RuleCatalogue.all, part: place, of: 12), .checkCalls(spoil))
        if spoil == .contentTypeWrong || spoil == .bodyHuge {
            // The subject reads the status and the body, never the media type, and a long answer whole: as the
            // reference.
            #expect(report.failedMustRules.isEmpty, "\(spoil): \(report.failedMustRules.map(\.rule))")
        }
    }

    @Test(
        """
        the whole catalogue (an eighth in the short version), only each project's Nth and N+8th answers to its calls \
        spoiled, so that later calls meet garbage too
        """, arguments: 1...8)
    func nthAnswersSpoiled(_ answer: Int) async throws {
        _ = try await Self.run(
            LongTests.slice(RuleCatalogue.all, part: answer - 1, of: 8),
            .answers([answer: Self.depths[answer - 1], answer + 8: Self.depths[answer + 7]]))
    }

    @Test(
        """
        every answer spoiled, the project's setting up too (its console settings, the pointing at its providers, the \
        server's clock): each flow's first rule (in the short version a third of them), and the preflight, end in \
        verdicts or a named problem
        """, arguments: Spoil.allCases.filter { $0 != .bodyHuge })
    func everyAnswerSpoiled(_ spoil: Spoil) async throws {
        let place = try #require(Spoil.allCases.firstIndex(of: spoil))
        let firstRules = Flow.allCases.compactMap { RuleCatalogue.rules(in: $0).first }
        _ = try await Self.run(LongTests.slice(firstRules, part: place, of: 3), .everyAnswer(spoil))
        let providers = try WorldProviderEndpoints()
        defer { providers.stop() }
        let preflight = await Self.subject(SpoilingServer(.everyAnswer(spoil)), providers, preflighted: false)
            .preflight()
        #expect(preflight.map { !$0.description.isEmpty } ?? true, "\(spoil): a problem that names nothing")
    }

    /// A server that answers a returning user's second sign-in with another account's session (a mix-up a stranger's
    /// server can make): AUTH-9's check hears that sign-in as the next one and ends in a verdict. It waited for the
    /// first user's name until the watchdog called it hung (found by the long version of `nthAnswersSpoiled`).
    @Test("a server that signs the next sign-in in as another account gets AUTH-9's verdict, not a wait for ever")
    func nextSignInAnotherAccount() async throws {
        let server = IdentityToolkitServer(
            reference: ReferenceSubject(), defaultProjectID: ProjectConfiguration.standard.projectID)
        let signIns = Mutex(0)
        var configuration = IdentityToolkitConfiguration(
            baseURL: server.baseURL, projectID: server.defaultProjectID, apiKey: "any-key", isolation: .projectPerCheck,
            newProject: { server.newProject($0) }, makeSessionConfiguration: { server.urlSessionConfiguration() },
            name: "\(server.name) over HTTP, the next sign-in another account's")
        // The first user signs in with a phone number or a password; the second sign-in is answered with the session
        // of a new anonymous account.
        let signInCalls: Set<String> = [
            "verifyPhoneNumber", "accounts:signInWithPhoneNumber", "verifyPassword", "accounts:signInWithPassword",
        ]
        configuration.answersInProcess = { request in
            let call = request.url.lastPathComponent
            guard signInCalls.contains(call) else { return await server.handle(request) }
            signIns.withLock { $0 += 1 }
            guard signIns.withLock({ $0 }) == 2 else { return await server.handle(request) }
            var other = request
            let signUp = call.hasPrefix("accounts:") ? "accounts:signUp" : "signupNewUser"
            other.url = URL(string: request.url.absoluteString.replacingOccurrences(of: call, with: signUp))!
            other.body = Data(#"{"returnSecureToken":true}"#.utf8)
            return await server.handle(other)
        }
        let results = Mutex<[CheckResult]>([])
        await
            (try ConformanceRunner(
                subject: IdentityToolkitSubject(configuration), options: .init(watchdog: .seconds(120)))).run(
                RuleCatalogue.rules(["AUTH-9"]), only: ["AUTH-9/each-change-heard-once"]
            ) { _, result in results.withLock { $0.append(result) } }
        let result = try #require(results.withLock { $0.first })
        #expect(signIns.withLock { $0 } >= 2, "the check signed in twice")
        #expect(result.failure?.kind != .hang, "\(result.status): \(result.message ?? "")")
    }

    /// What each project's Nth answer to its calls is spoiled with, N = 1, 2, 3, …: its first calls (launching the
    /// app, signing up or in) meet the spoilings that break whole answers, its later ones every kind.
    static let depths: [Spoil] = [
        .bodyNotJSON, .okWithErrorShape, .bodyEmpty, .membersDroppedEven, .leavesWrongType, .bodyTruncated,
        .membersDroppedOdd, .hostileStrings, .serverErrorGarbage, .containersWrongType, .tokensHostile,
        .numbersOutOfRange, .nestedEmptied, .duplicatedKeys, .statusOutOfRange, .errorShapeWrongTypes,
    ]

    /// `rules` run through a server whose answers are spoiled as `target` says; every check has its verdict
    /// (``expectVerdicts(_:_:_:)``).
    static func run(_ rules: [Rule], _ target: SpoilingServer.Target) async throws -> ConformanceReport {
        let providers = try WorldProviderEndpoints()
        defer { providers.stop() }
        let spoiling = SpoilingServer(target)
        let runner = try ConformanceRunner(subject: subject(spoiling, providers, preflighted: true), options: .patient)
        let report = await runner.run(rules)
        #expect(spoiling.spoiled > 0, "\(target): no answer was spoiled")
        expectVerdicts(report, rules, "\(target)")
        let checks = report.results.flatMap(\.checks)
        let kinds = Dictionary(grouping: checks.compactMap { $0.failure?.kind.rawValue }, by: { $0 }).mapValues(\.count)
        print(
            "\(LongTests.version(of: "HostileAnswerTests")), \(target), \(rules.count) rules: "
                + "\(checks.count { $0.status == .pass }) pass, \(checks.count { $0.status == .fail }) fail, "
                + "\(checks.count { $0.status == .notApplicable }) n/a; failures by kind \(kinds)")
        return report
    }

    /// The HTTP subject with everything it can use (the time control, the config API, the outbox, the server's
    /// published keys, the check's providers), its requests answered through `spoiling`; told what the server offers,
    /// or with `preflighted` false, left to learn it (``IdentityToolkitSubject/preflight(timeout:)``).
    static func subject(
        _ spoiling: SpoilingServer, _ providers: WorldProviderEndpoints, preflighted: Bool
    ) -> IdentityToolkitSubject {
        let server = spoiling.server
        var configuration = IdentityToolkitConfiguration(
            baseURL: server.baseURL, projectID: server.defaultProjectID, apiKey: "any-key", isolation: .projectPerCheck,
            newProject: { server.newProject($0) }, makeSessionConfiguration: { server.urlSessionConfiguration() },
            publishedKeys: .at(server.publishedKeysURL), name: "\(server.name) over HTTP, spoiled")
        configuration.answersInProcess = { await spoiling.answer($0) }
        configuration.providerEndpoints = providers
        if preflighted {
            configuration.takesProviderEndpoints = true
            configuration.timeControl = true
            configuration.configAPI = true
        }
        return IdentityToolkitSubject(configuration)
    }

    /// Every check of `rules` has a verdict; every failure has a message and its evidence, and none is a hang or a
    /// crash.
    static func expectVerdicts(_ report: ConformanceReport, _ rules: [Rule], _ spoiled: String) {
        #expect(report.results.map(\.rule) == rules.map(\.id), "\(spoiled)")
        for (result, rule) in zip(report.results, rules) {
            #expect(result.checks.map(\.id) == rule.checks.map(\.id), "\(spoiled): \(rule.id)")
            for check in result.checks where check.status == .fail || check.status == .warn {
                let failure = check.failure
                #expect(
                    failure != nil && failure?.kind != .hang && failure?.kind != .crash,
                    "\(spoiled): \(check.id) \(failure?.kind.rawValue ?? "no failure"): \(check.message ?? "")")
                #expect(check.message?.isEmpty == false, "\(spoiled): \(check.id) failed without a message")
            }
        }
    }
}

extension ConformanceRunner.Options {
    /// A watchdog no busy machine reaches, so that a check found hung (none may be) hangs indeed. None of these runs
    /// waits for it: every check ends on its own.
    static let patient = ConformanceRunner.Options(watchdog: .seconds(600))
}

/// The in-process reference server behind a layer that spoils its answers: every answer, every answer to the check's
/// own calls (not those that set its project up: the console settings, the pointing at its providers and the first
/// reading of the server's clock), or only each project's Nth answers to the check's calls (its API key tells the
/// projects apart; each check has projects of its own, and makes its calls one after the other but where it holds
/// one in flight).
final class SpoilingServer: Sendable {
    enum Target: Sendable, CustomStringConvertible {
        case everyAnswer(Spoil)
        case checkCalls(Spoil)
        /// The Nth answers (from 1) to each project's check calls, each spoiled its own way.
        case answers([Int: Spoil])

        var description: String {
            switch self {
            case .everyAnswer(let spoil): "\(spoil), every answer"
            case .checkCalls(let spoil): "\(spoil), every answer to the check's calls"
            case .answers(let spoils):
                spoils.sorted { $0.key < $1.key }.map { "\($0.value), answer \($0.key) to each project's calls" }
                    .joined(separator: "; ")
            }
        }
    }

    let server = IdentityToolkitServer(
        defaultProjectID: ProjectConfiguration.standard.projectID, recordsRequests: false)
    let target: Target
    private let answered = Mutex<[String: Int]>([:])
    private let spoiledAnswers = Mutex(0)

    init(_ target: Target) { self.target = target }

    /// How many answers were spoiled.
    var spoiled: Int { spoiledAnswers.withLock { $0 } }

    func answer(_ request: HTTPRequest) async -> HTTPResponse {
        switch target {
        case .everyAnswer(.tokensOpaque), .checkCalls(.tokensOpaque): return await opaque(request)
        default: break
        }
        let real = await server.handle(request)
        guard let spoil = spoil(for: request) else { return real }
        if spoil == .bodyHuge, request.url.path != IdentityToolkitConfiguration.publishedKeysPath { return real }
        spoiledAnswers.withLock { $0 += 1 }
        return spoil.applied(to: real)
    }

    /// How the answer to `request` is spoiled, if it is.
    private func spoil(for request: HTTPRequest) -> Spoil? {
        switch target {
        case .everyAnswer(let spoil): return spoil
        case .checkCalls(let spoil): return Self.setsUp(request) ? nil : spoil
        case .answers(let spoils):
            guard !Self.setsUp(request) else { return nil }
            let key = request.queryItems.first { $0.name == "key" }?.value ?? ""
            let number = answered.withLock { answered in
                answered[key, default: 0] += 1
                return answered[key, default: 0]
            }
            return spoils[number]
        }
    }

    /// The tokens this server handed out, each under the name it was handed out as (``Spoil/tokensOpaque``).
    private let issued = Mutex<[String: String]>([:])

    /// A server whose tokens are odd but its own: every ID and refresh token it answers is handed out in another shape
    /// (a signature of a length no base64url has, a fourth segment, text that is no base64url), and taken back in that
    /// shape. A check's forgeries of them reach the server as they are.
    private func opaque(_ request: HTTPRequest) async -> HTTPResponse {
        var request = request
        if let body = FixtureValue(json: request.body) {
            let issued = issued.withLock { $0 }
            request.body = body.replacingStrings { issued[$0] }.encoded
        }
        var answer = await server.handle(request)
        guard case .object(var fields)? = FixtureValue(json: answer.body) else { return answer }
        for (name, shape) in Self.opaqueShapes {
            guard case .string(let token)? = fields[name] else { continue }
            let odd = shape(token)
            issued.withLock { $0[odd] = token }
            spoiledAnswers.withLock { $0 += 1 }
            fields[name] = .string(odd)
        }
        answer.body = FixtureValue.object(fields).encoded
        return answer
    }

    /// How each token is handed out.
    static let opaqueShapes: [(String, @Sendable (String) -> String)] = [
        ("idToken", { $0 + "AAA" }), ("id_token", { $0 + ".x" }), ("refreshToken", { $0 + "!" }),
        ("refresh_token", { "%" + $0 }),
    ]

    /// Whether `request` sets a check's project up: the config API, the pointing at the providers, the clock's first
    /// reading (an advance by 0 seconds).
    static func setsUp(_ request: HTTPRequest) -> Bool {
        let path = request.url.path
        if path.hasSuffix("/clock:advance") { return FixtureValue(json: request.body)?["seconds"] == .number(0) }
        return path.contains("/v2/projects/")
            && (path.hasSuffix("/config") || path.contains("/tenants/") || path.contains("/defaultSupportedIdpConfigs"))
    }
}

/// One way to spoil an answer. Where a spoiling picks among several values (which wrong type, which number), it
/// picks by the place of the value in the answer (members in name order), so the same answer is always spoiled the
/// same way.
enum Spoil: String, CaseIterable, Sendable, CustomTestStringConvertible {
    /// Every number and every string holding a number: 1e300, -1, 2^63, -0, 1.5, …; as text also NaN and infinities.
    case numbersOutOfRange
    /// Every string, number and boolean as another JSON type (string ↔ number ↔ boolean ↔ object ↔ array, null).
    case leavesWrongType
    /// Every object and array below the top as another type (an array for an object, text, null, a number).
    case containersWrongType
    /// Every string as hostile text: empty, NUL, a JWT's dots, bad percent-encoding, combining marks, 10 000 chars.
    case hostileStrings
    /// The values inside JSON a string holds (a provider's raw user info) as numbers no integer holds or of the wrong
    /// type; the answer itself as it is.
    case nestedJSONHostile
    /// Every ID token, refresh token or other compact JWS: its claims out of range or of the wrong type, or the token
    /// malformed (empty, two segments, segments that are not base64url, a signature of impossible length).
    case tokensHostile
    /// Every other member of every object missing (those at even places in name order).
    case membersDroppedEven
    /// The members at odd places.
    case membersDroppedOdd
    /// Every object below the top emptied, every array below the top empty.
    case nestedEmptied
    /// Every member written twice, first with a value of the wrong type.
    case duplicatedKeys
    case bodyEmpty
    case bodyNotJSON
    /// The first half of the body.
    case bodyTruncated
    /// 100 000 nested arrays.
    case bodyDeeplyNested
    /// Bytes that are not UTF-8 inside the JSON.
    case bodyInvalidUTF8
    /// The real answer with a 3 MB member added; only the published keys' (every answer of a few MB would make a run
    /// take minutes in a debug build, and each is read by the same code).
    case bodyHuge
    /// The real answer as `text/html`.
    case contentTypeWrong
    /// 500 with an HTML page.
    case serverErrorGarbage
    /// 503 with no body.
    case unavailableEmpty
    /// 200 with an Identity Toolkit error in the body.
    case okWithErrorShape
    /// Every ID and refresh token in another shape, which the server takes back (``SpoilingServer``): a server whose
    /// tokens are odd but consistent, so the checks forge from them.
    case tokensOpaque
    /// The real status with an error whose members have the wrong types.
    case errorShapeWrongTypes
    /// The real body with a status no server sends (0, -1, 99, 101, 204, 304, 999, 1 000 000).
    case statusOutOfRange

    var testDescription: String { rawValue }

    func applied(to response: HTTPResponse) -> HTTPResponse {
        var spoiled = response
        switch self {
        case .bodyEmpty: spoiled.body = Data()
        case .bodyNotJSON: spoiled.body = Data("<html><body><h1>502 Bad Gateway</h1></body></html>".utf8)
        case .bodyTruncated: spoiled.body = response.body.prefix(response.body.count / 2)
        case .bodyDeeplyNested: spoiled.body = Self.deeplyNested
        case .bodyInvalidUTF8:
            var bytes = [UInt8](response.body)
            let quote = bytes.firstIndex(of: UInt8(ascii: "\"")).map { $0 + 1 } ?? 0
            bytes.insert(contentsOf: [0xC3, 0x28, 0xFF, 0xFE], at: quote)
            spoiled.body = Data(bytes)
        case .bodyHuge:
            guard case .object(var fields)? = FixtureValue(json: response.body) else {
                spoiled.body = Self.huge
                break
            }
            fields["padding"] = .string(Self.hugeText)
            spoiled.body = FixtureValue.object(fields).encoded
        case .contentTypeWrong: spoiled.headers["Content-Type"] = "text/html; charset=iso-8859-1"
        case .serverErrorGarbage:
            spoiled.status = 500
            spoiled.headers["Content-Type"] = "text/html"
            spoiled.body = Data("<html><body>Internal Server Error</body></html>".utf8)
        case .unavailableEmpty:
            spoiled.status = 503
            spoiled.body = Data()
        case .okWithErrorShape:
            spoiled.status = 200
            spoiled.body = Data(
                #"{"error":{"code":400,"message":"INVALID_ID_TOKEN","errors":[{"reason":"invalid"}]}}"#.utf8)
        case .errorShapeWrongTypes:
            spoiled.body = Data(
                #"{"error":{"code":"400","message":{"text":1e300},"errors":"none"},"errorMessage":7}"#.utf8)
        case .statusOutOfRange:
            let statuses = [0, -1, 99, 101, 204, 304, 999, 1_000_000]
            spoiled.status = statuses[response.body.count % statuses.count]
        default:
            guard let json = FixtureValue(json: response.body) else { break }
            var place = 0
            spoiled.body = Data(rewritten(json, depth: 0, place: &place).utf8)
        }
        return spoiled
    }

    static let hugeText = String(repeating: "A", count: 3 << 20)
    static let huge = Data(hugeText.utf8)
    static let deeplyNested = Data(String(repeating: "[", count: 100_000).utf8)

    static let numbers = [
        "1e300", "-1", "9223372036854775808", "-0", "1.5", "-1e300", "18446744073709551616", "1e-300",
    ]
    static let numericTexts = [
        "NaN", "inf", "-inf", "1e300", "-1", "9223372036854775808", "-0", "1.5", "1e999", "-9223372036854775809", "nan",
        "Infinity",
    ]
    static let hostileTexts = [
        "", " ", "\u{0}", "a.b.c", "%zz", "e\u{301}", "\u{301}", String(repeating: "x", count: 10_000), "...", "=",
        "\u{FEFF}", "-",
    ]

    /// JSON text of `value` spoiled as this case says; `place` counts the values in document order.
    private func rewritten(_ value: FixtureValue, depth: Int, place: inout Int) -> String {
        place += 1
        let at = place
        switch value {
        case .object(let fields):
            if depth > 0, self == .nestedEmptied { return "{}" }
            if depth > 0, self == .containersWrongType { return ["[]", #""{}""#, "null", "0", "true"][at % 5] }
            var members: [String] = []
            for (index, name) in fields.keys.sorted().enumerated() {
                if self == .membersDroppedEven, index % 2 == 0 { continue }
                if self == .membersDroppedOdd, index % 2 == 1 { continue }
                let key = String(decoding: FixtureValue.string(name).encoded, as: UTF8.self)
                let member = rewritten(fields[name] ?? .null, depth: depth + 1, place: &place)
                if self == .duplicatedKeys {
                    members.append("\(key):\(Self.wrongType(for: fields[name] ?? .null, at: at + index))")
                }
                members.append("\(key):\(member)")
            }
            return "{" + members.joined(separator: ",") + "}"
        case .array(let elements):
            if depth > 0, self == .nestedEmptied { return "[]" }
            if depth > 0, self == .containersWrongType { return ["{}", #""[]""#, "null", "1", "false"][at % 5] }
            return "[" + elements.map { rewritten($0, depth: depth + 1, place: &place) }.joined(separator: ",") + "]"
        case .number:
            switch self {
            case .numbersOutOfRange: return Self.numbers[at % Self.numbers.count]
            case .leavesWrongType: return Self.wrongType(for: value, at: at)
            default: return Self.text(value)
            }
        case .string(let text):
            // JSON inside a string (a provider's raw user info) is spoiled the same way.
            if let inner = FixtureValue(json: Data(text.utf8)), inner.isContainer, self != .tokensHostile {
                var innerPlace = at
                if self == .nestedJSONHostile { return Self.text(.string(Self.hostileLeaves(inner, &innerPlace))) }
                return Self.text(.string(rewritten(inner, depth: 0, place: &innerPlace)))
            }
            switch self {
            case .numbersOutOfRange where Double(text) != nil:
                return Self.text(.string(Self.numericTexts[at % Self.numericTexts.count]))
            case .leavesWrongType: return Self.wrongType(for: value, at: at)
            case .hostileStrings: return Self.text(.string(Self.hostileTexts[at % Self.hostileTexts.count]))
            case .tokensHostile: return Self.text(.string(Self.hostileToken(text, at: at)))
            default: return Self.text(value)
            }
        case .bool, .null: return self == .leavesWrongType ? Self.wrongType(for: value, at: at) : Self.text(value)
        }
    }

    private static func text(_ value: FixtureValue) -> String { String(decoding: value.encoded, as: UTF8.self) }

    /// JSON text of `value` with every leaf a number no integer holds, or a value of another type.
    private static func hostileLeaves(_ value: FixtureValue, _ place: inout Int) -> String {
        place += 1
        switch value {
        case .object(let fields):
            var members: [String] = []
            for name in fields.keys.sorted() {
                members.append(text(.string(name)) + ":" + hostileLeaves(fields[name] ?? .null, &place))
            }
            return "{" + members.joined(separator: ",") + "}"
        case .array(let elements):
            var values: [String] = []
            for element in elements { values.append(hostileLeaves(element, &place)) }
            return "[" + values.joined(separator: ",") + "]"
        default:
            let leaves = [
                "1e300", "9223372036854775808", "-1e300", "1.5", "-0", "18446744073709551616", #""x""#, "true", "null",
                "{}", "[]",
            ]
            return leaves[place % leaves.count]
        }
    }

    /// A value of another JSON type than `value`'s.
    private static func wrongType(for value: FixtureValue, at place: Int) -> String {
        let choices: [String]
        switch value {
        case .string: choices = ["1.5", "true", #"{"value":"x"}"#, #"["x"]"#, "null", "1e300", "-0"]
        case .number: choices = [#""twelve""#, "false", "{}", "[1]", "null", #""NaN""#, #""1e300""#]
        case .bool: choices = [#""true""#, "1", "{}", "[]", "null"]
        case .null: choices = [#""null""#, "0", "{}", "[]", "false"]
        case .object: choices = ["[]", #""{}""#, "null", "0"]
        case .array: choices = ["{}", #""[]""#, "null", "0"]
        }
        return choices[place % choices.count]
    }

    /// A compact JWS (an ID token) made hostile: its claims out of range or of the wrong type (the signature then no
    /// longer verifies), or the token malformed. Any other text is left as it is.
    private static func hostileToken(_ token: String, at place: Int) -> String {
        let parts = CompactJWS.segments(of: token)
        guard parts.count == 3, let payload = Base64URL.decode(parts[1]),
            case .object(let claims)? = FixtureValue(json: payload)
        else { return token }
        var spoiled: [String: FixtureValue] = [:]
        for (index, name) in claims.keys.sorted().enumerated() {
            switch claims[name] {
            case .number?: spoiled[name] = .number([1e300, -1, 9.3e18, -0.0, 1.5][index % 5])
            case .string?: spoiled[name] = [.number(1e300), .bool(true), .string(""), .null][index % 4]
            default: spoiled[name] = .array([])
            }
        }
        let changed = Base64URL.encode(FixtureValue.object(spoiled).encoded)
        let choices = [
            "\(parts[0]).\(changed).\(parts[2])", "", "\(parts[0]).\(parts[1])", "!!.??.**",
            "\(parts[0]).\(parts[1]).abcde", "\(parts[0]).\(changed).", "\(token).x", "...", "a.b.c",
        ]
        return choices[place % choices.count]
    }
}

extension FixtureValue {
    /// This value with every string `replacement` names replaced.
    fileprivate func replacingStrings(_ replacement: (String) -> String?) -> FixtureValue {
        switch self {
        case .string(let text): .string(replacement(text) ?? text)
        case .array(let elements): .array(elements.map { $0.replacingStrings(replacement) })
        case .object(let fields): .object(fields.mapValues { $0.replacingStrings(replacement) })
        default: self
        }
    }

    fileprivate var isContainer: Bool {
        switch self {
        case .object, .array: true
        default: false
        }
    }
}
