import ConformanceCommand
import ConformanceKit
import Foundation
import IdentityToolkitServer
import IdentityToolkitSubject
import MockIdP
import ReferenceAuth
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A server as production is: Identity Toolkit at production's paths (`/v1/accounts:*`, `/v1/token`, the
/// administrator's `/v1/projects/{p}/…` and `/v2/projects/{p}/…`), one project, and none of the emulator's hooks (no
/// reset, no outbox, no time control: every `/emulator/…` path is a 404). Its mails are reached through production's
/// own route, the administrator's `sendOobCode` with `returnOobLink`. Its answers are the reference server's, with
/// the planted flaws each test names.
final class HooklessServer: Sendable {
    let server: IdentityToolkitServer
    let baseURL: URL

    /// With `idTokenLifetime`, its clock follows real time, as production's does, and its ID tokens last that long.
    init(defects: Set<Defect> = [], idTokenLifetime: Duration? = nil) {
        let server = IdentityToolkitServer(
            reference: ReferenceSubject(defects: defects), defaultProjectID: ProjectConfiguration.standard.projectID,
            followsRealTime: idTokenLifetime != nil, idTokenLifetime: idTokenLifetime ?? .seconds(3600))
        self.server = server
        baseURL = FakeServerURLProtocol.register("hookless-\(UUID().uuidString.lowercased())") { request in
            await Self.handle(request, forwardingTo: server)
        }
    }

    /// The HTTP subject at it, as the command builds it for a server of one project (one check at a time), with the
    /// administrator's credential.
    var subject: IdentityToolkitSubject {
        IdentityToolkitSubject(Self.configuration(at: baseURL, of: server, name: "a server with no test hooks"))
    }

    /// The configuration of the HTTP subject at `baseURL` (a fake server registered with `FakeServerURLProtocol`)
    /// answered by `server`: one project, one check at a time, the administrator's credential.
    static func configuration(
        at baseURL: URL, of server: IdentityToolkitServer, name: String
    ) -> IdentityToolkitConfiguration {
        var configuration = IdentityToolkitConfiguration(
            baseURL: baseURL, projectID: server.defaultProjectID, apiKey: "any-key", isolation: .oneCheckAtATime,
            makeSessionConfiguration: {
                let configuration = URLSessionConfiguration.ephemeral
                configuration.protocolClasses = [FakeServerURLProtocol.self]
                return configuration
            }, name: name)
        configuration.adminToken = "owner"
        return configuration
    }

    static func handle(_ request: HTTPRequest, forwardingTo server: IdentityToolkitServer) async -> HTTPResponse {
        let path = request.url.path
        let forwarded: String? =
            switch path {
            case "/v1/token": "/securetoken.googleapis.com/v1/token"
            case IdentityToolkitServer.publishedKeysPath: path
            case _ where path.hasPrefix("/v1/") || path.hasPrefix("/v2/"): "/identitytoolkit.googleapis.com" + path
            default: nil
            }
        guard let forwarded else {
            return HTTPResponse(
                status: 404, headers: ["Content-Type": "text/html"],
                body: Data("<html><body>Cannot \(request.method) \(path)</body></html>".utf8))
        }
        return await server.answer(request, at: forwarded)
    }
}

@Suite("A server with no test hooks is judged through production's own routes")
struct HooklessServerTests {
    /// The flows a password-and-email-link server offers, and the general rules.
    static let flows: Set<Flow> = [.password, .emailLink, .general]

    static func rules(_ ids: [RuleID]? = nil) -> [Rule] {
        ids.map { RuleCatalogue.rules($0) } ?? RuleCatalogue.all.filter { flows.contains($0.flow) }
    }

    @Test("the preflight learns there is no reset, no outbox and no clock; no check fails, none at a setup step")
    func reference() async throws {
        let fake = HooklessServer()
        let (prepared, findings) = try await fake.subject.preflighted()
        #expect(findings.layout == .production && !findings.resetsAccounts, "\(findings)")
        #expect(!findings.textOutbox && !findings.emailOutbox && findings.adminLinks && !findings.timeControl)
        #expect(findings.description.contains("reset: no, each check signs up with addresses of its own"))
        #expect(prepared.capabilities.keepsAccountsBetweenChecks && prepared.capabilities.readsMails)
        let report = await (try ConformanceRunner(subject: prepared, options: .overHTTP)).run(Self.rules())
        let checks = report.results.flatMap(\.checks)
        let failures = checks.filter { $0.status == .fail || $0.status == .warn }
        #expect(failures.isEmpty, "\(failures.map { "\($0.id): \($0.message ?? "")" })")
        // A check that needs a step the server lacks says which, with the request and the answer.
        for check in checks where check.status == .notJudged {
            #expect(check.message?.contains("not offered by the server: POST /") == true, "\(check.message ?? "")")
        }
        // What is not applicable says what the server would need to offer for it.
        let lifetime = try #require(report.results.first { $0.rule == "LINK-9" }?.checks.first)
        #expect(lifetime.status == .notApplicable && lifetime.message?.contains("clock:advance") == true)
        let passed = report.results.filter { $0.status == .pass }.map(\.rule.rawValue)
        // The door, the password rules and the email-link rules reached through the administrator's links.
        #expect(
            Set(["AUTH-4", "AUTH-5", "AUTH-7", "AUTH-8", "LINK-2", "LINK-7", "LINK-8"]).isSubset(of: passed),
            "\(report.results.map(\.summary))")
        // No check made an account another check met: the accounts are the checks' own addresses.
        let emails = Set(
            fake.server.requests.compactMap { request -> String? in
                FixtureValue.decoding(request.body)?["email"]?.stringValue
            })
        #expect(!emails.contains("ada@example.com") && emails.contains { $0.hasPrefix("ada.") }, "\(emails.sorted())")
        print(
            "server with no test hooks: rules passed \(passed.count), \(report.notJudgedChecks.count) checks not judged"
        )
    }

    /// Each planted flaw fails the rule it breaks, on one shared project without a reset.
    @Test(
        "each planted flaw of a server with no test hooks fails its rule",
        arguments: [
            (Defect.acceptsUnsignedIDTokens, "AUTH-4/door-edited-token-first-step" as CheckID),
            (.signInAcceptsMissingPassword, "AUTH-5/door-hostile-passwords"),
            (.createsSecondAccountForAddressInUse, "AUTH-8/email-in-use"),
            (.signsInWhateverEmailIsGiven, "LINK-7/nearest-addresses-refused"),
            (.linksAreReusable, "LINK-8/used-link-refused"),
            (.acceptsUnauthorizedContinueURL, "LINK-2/bad-continue-url-refused"),
            (.updatesAnyAccountWithAPIKey, "AUTH-10/door-update-by-local-id"),
            (.deletesAnyAccountWithAPIKey, "AUTH-10/door-delete-by-local-id"),
            (.looksUpAnyAccountWithAPIKey, "AUTH-10/door-lookup-by-local-id"),
            (.signsInDisabledUsers, "AUTH-10/disabled-user-refused"),
        ])
    func plantedFlaw(_ defect: Defect, caughtBy check: CheckID) async throws {
        let (prepared, _) = try await HooklessServer(defects: [defect]).subject.preflighted()
        let rule = try #require(RuleCatalogue.all.first { $0.id == check.rule })
        let report = await (try ConformanceRunner(subject: prepared, options: .overHTTP)).run([rule])
        let result = try #require(report.results.first?.checks.first { $0.id == check })
        #expect(result.status == .fail, "\(defect.rawValue): \(result.status) \(result.message ?? "")")
    }

    /// A step the server does not serve is not the rule's failure: the check is not judged, naming the request and
    /// the answer, and the run does not fail for it.
    @Test("a route answering 404 makes the check not judged, counted apart, and the run still passes")
    func notOfferedStep() async throws {
        let server = IdentityToolkitServer()
        let baseURL = FakeServerURLProtocol.register("no-update-\(UUID().uuidString.lowercased())") { request in
            if request.url.path.hasSuffix("accounts:update") {
                return HTTPResponse(status: 404, headers: ["Content-Type": "text/plain"], body: Data("Not Found".utf8))
            }
            return await HooklessServer.handle(request, forwardingTo: server)
        }
        var configuration = HooklessServer.configuration(
            at: baseURL, of: server, name: "a server without accounts:update")
        configuration.flows = [.password]
        let (prepared, _) = try await IdentityToolkitSubject(configuration).preflighted()
        let report = await (try ConformanceRunner(subject: prepared, options: .overHTTP)).run(
            RuleCatalogue.rules(["AUTH-7"]))
        let unjudged = report.notJudgedChecks
        #expect(!unjudged.isEmpty, "\(report.results.map(\.summary))")
        for check in unjudged {
            #expect(check.message?.contains("accounts:update") == true && check.message?.contains("404") == true)
        }
        #expect(report.passed && report.verdict.notJudged == unjudged.count)
        #expect(report.verdict.summary.hasSuffix("\(unjudged.count) checks not judged") || unjudged.count == 1)
        #expect(ReportTable(report).rendered.contains("NOT JUDGED"))
        // The command exits 0 for it, and 1 with --require-all.
        let lenient = await ConformanceCommand.run(subject: prepared, arguments: ["--rule", "AUTH-7"])
        let strict = await ConformanceCommand.run(subject: prepared, arguments: ["--rule", "AUTH-7", "--require-all"])
        #expect(lenient.status == 0 && strict.status == 1, "\(lenient.output)")
        #expect(strict.output.contains("not judged"))
    }
}

/// A production project signs in by phone only with the test numbers its console has; without a text outbox the
/// checks that read no text (the test numbers' own) are judged when those numbers are declared.
@Suite("A server with test phone numbers and no text outbox is judged on the test-number checks")
struct TestPhoneNumberTests {
    static let numbers = [PhoneNumbers.test, PhoneNumbers.otherTest]

    /// The subject at a server with none of the emulator's hooks whose console has `numbers` (set once before the run
    /// through the config API, which the subject is then told the server does not have), declared or not.
    /// The rules' own test numbers by default.
    static func subject(
        defects: Set<Defect> = [], numbers: [TestPhoneNumber] = numbers, declaring declared: Bool = true
    ) async throws -> IdentityToolkitSubject {
        let fake = HooklessServer(defects: defects)
        let codes = Dictionary(uniqueKeysWithValues: numbers.map { ($0.phoneNumber, $0.verificationCode) })
        let path = "identitytoolkit.googleapis.com/v2/projects/\(fake.server.defaultProjectID)/config"
        let console = HTTPRequest(
            method: "PATCH",
            url: try #require(
                URL(
                    string: fake.server.baseURL.appending(path: path).absoluteString
                        + "?updateMask=signIn.phoneNumber.testPhoneNumbers")),
            headers: ["Authorization": "Bearer owner", "Content-Type": "application/json"],
            body: try JSONSerialization.data(withJSONObject: [
                "signIn": ["phoneNumber": ["enabled": true, "testPhoneNumbers": codes]]
            ]))
        let answer = await fake.server.handle(console)
        #expect(answer.status == 200, "\(String(decoding: answer.body, as: UTF8.self))")
        var configuration = HooklessServer.configuration(
            at: fake.baseURL, of: fake.server, name: "a server with test numbers")
        configuration.configAPI = false
        if declared { configuration.testPhoneNumbers = numbers }
        let (prepared, findings) = try await IdentityToolkitSubject(configuration).preflighted()
        #expect(findings.flows.contains(.phone) && !findings.textOutbox, "\(findings)")
        return prepared
    }

    static func phone11(_ subject: IdentityToolkitSubject) async throws -> [CheckResult] {
        let report = await (try ConformanceRunner(subject: subject, options: .overHTTP)).run(
            RuleCatalogue.rules(["PHONE-11"]))
        return try #require(report.results.first?.checks)
    }

    @Test("declared test numbers make PHONE-11's checks that read no text apply; the one that needs a text stays n/a")
    func declaredTestNumbers() async throws {
        let checks = try await Self.phone11(try await Self.subject())
        let status = Dictionary(uniqueKeysWithValues: checks.map { ($0.id.identifier, $0.status) })
        #expect(
            status == [
                "fixed-code-no-sms": .pass, "other-code-refused": .pass, "no-verification-limit": .pass,
                "no-device-quota": .notApplicable,
            ], "\(checks.map { "\($0.id) \($0.status) \($0.message ?? "")" })")
        // Undeclared, the same server's test-number checks are not applicable, saying how to declare them.
        let first = try #require(try await Self.phone11(try await Self.subject(declaring: false)).first)
        #expect(first.status == .notApplicable && first.message?.contains("--test-phone-number") == true)
    }

    @Test(
        "a planted flaw of the test numbers fails its check without a text outbox",
        arguments: [
            (Defect.testNumbersAcceptAnyCode, "PHONE-11/other-code-refused" as CheckID),
            (.storesNumberWithoutPlus, "PHONE-11/fixed-code-no-sms"),
        ])
    func plantedFlaw(_ defect: Defect, caughtBy check: CheckID) async throws {
        let result = try #require(
            try await Self.phone11(try await Self.subject(defects: [defect])).first { $0.id == check })
        #expect(result.status == .fail, "\(defect.rawValue): \(result.status) \(result.message ?? "")")
    }
}
