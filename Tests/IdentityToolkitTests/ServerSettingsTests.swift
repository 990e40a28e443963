import ConformanceKit
import Foundation
import IdentityToolkitServer
import IdentityToolkitSubject
import MockIdP
import ReferenceAuth
import Testing

/// A server is judged on the settings it has: the continue URLs of its links lie on the domains it authorizes, a setup
/// step it refuses as not enabled leaves the check not judged, and what the run says about it is what it has.
@Suite("A server's own settings are learned, not assumed")
struct ServerSettingsTests {
    static let project = ProjectConfiguration.standard.projectID
    /// What every production project authorizes by default.
    static let productionDomains = ["localhost", "\(project).firebaseapp.com", "\(project).web.app"]

    /// A server with no test hooks whose console authorizes only production's default domains (set once through the
    /// config API, which the subject is then told the server does not have): any other continue URL is
    /// `UNAUTHORIZED_DOMAIN`. Preflighted, with `continueURL` when given.
    static func productionDefaultsServer(
        continueURL: String? = nil
    ) async throws -> (IdentityToolkitSubject, ServerFindings) {
        let fake = HooklessServer()
        let path = "identitytoolkit.googleapis.com/v2/projects/\(project)/config"
        let route = fake.server.baseURL.appending(path: path).absoluteString
        let console = HTTPRequest(
            method: "PATCH", url: try #require(URL(string: "\(route)?updateMask=authorizedDomains")),
            headers: ["Authorization": "Bearer owner", "Content-Type": "application/json"],
            body: try JSONSerialization.data(withJSONObject: ["authorizedDomains": productionDomains]))
        let answer = await fake.server.handle(console)
        #expect(answer.status == 200, "\(String(decoding: answer.body, as: UTF8.self))")
        var configuration = HooklessServer.configuration(
            at: fake.baseURL, of: fake.server, name: "a server with production's authorized domains")
        configuration.configAPI = false
        configuration.continueURL = continueURL
        return try await IdentityToolkitSubject(configuration).preflighted()
    }

    /// The rules whose email links failed on such a server while every check sent `https://example.com/…`.
    static let linkRules: [RuleID] = [
        "LINK-2", "LINK-4", "LINK-5", "LINK-6", "LINK-7", "LINK-8", "LINK-10", "LINK-11", "LINK-13", "AUTH-4", "AUTH-6",
    ]

    @Test("on a server that authorizes only production's defaults, the links continue to its domain and 11 rules pass")
    func productionDefaults() async throws {
        let (prepared, findings) = try await Self.productionDefaultsServer()
        let continueURL = "https://\(Self.project).firebaseapp.com/finishSignIn?cartId=1234"
        #expect(findings.continueURL == continueURL && prepared.capabilities.continueURL == continueURL)
        #expect(findings.description.contains("continue URL: \(continueURL)"), "\(findings)")
        let report = await (try ConformanceRunner(subject: prepared, options: .overHTTP)).run(
            RuleCatalogue.rules(Self.linkRules))
        #expect(report.results.count == 11)
        for rule in report.results {
            #expect(rule.status == .pass, "\(rule.rule): \(rule.checks.map { "\($0.id) \($0.message ?? "")" })")
        }
        let checks = report.results.flatMap(\.checks)
        for judged in [
            "LINK-2/authorized-domain-accepted", "LINK-2/bad-continue-url-refused", "AUTH-6/email-link-sign-in",
        ] { #expect(checks.first { "\($0.id)" == judged }?.status == .pass, "\(judged)") }
        // Password sign-in is a sign-in the subject offers: the listener check judges it, not "no flow signs in".
        #expect(checks.first { "\($0.id)" == "AUTH-6/every-offered-sign-in" }?.status == .pass)
    }

    @Test("--continue-url is the links' continue URL: one the server does not authorize fails the check that sends it")
    func continueURLOverride() async throws {
        let (prepared, findings) = try await Self.productionDefaultsServer(
            continueURL: "https://example.com/finishSignIn")
        #expect(findings.continueURL == "https://example.com/finishSignIn")
        let report = await (try ConformanceRunner(subject: prepared, options: .overHTTP)).run(
            RuleCatalogue.rules(["LINK-2"]))
        let accepted = try #require(report.results.first?.checks.first { $0.id == "LINK-2/authorized-domain-accepted" })
        // The given URL is refused; the project's own domain, the check's other case, is not.
        let issues = accepted.failure?.issues ?? []
        #expect(accepted.status == .fail && issues.count == 1, "\(issues)")
        #expect(issues.first.map { "\($0)".contains("example.com") && "\($0)".contains("unauthorizedDomain") } == true)
    }

    @Test("the continue URL: given, the config API's standard one, a domain the server names, or the project's own")
    func continueURLChoice() {
        var configuration = IdentityToolkitConfiguration.emulator(projectID: "my-project")
        let subject = { IdentityToolkitSubject(configuration).capabilities.continueURL }
        #expect(subject() == "https://my-project.firebaseapp.com/finishSignIn?cartId=1234", "nothing learned")
        configuration.authorizedDomains = ["localhost", "app.my-company.com"]
        #expect(subject() == "https://app.my-company.com/finishSignIn?cartId=1234")
        configuration.authorizedDomains = ["localhost"]
        #expect(subject() == "https://localhost/finishSignIn?cartId=1234")
        configuration.configAPI = true
        #expect(subject() == nil, "the config API authorizes the standard project's example.com")
        configuration.isolation = .tenantPerCheck
        #expect(subject() == "https://localhost/finishSignIn?cartId=1234", "a tenant's domains are the project's")
        configuration.continueURL = "https://given.example/finish"
        #expect(subject() == "https://given.example/finish")
    }

    /// A server whose console has email verification switched off: `sendOobCode` with `VERIFY_EMAIL` answers
    /// `OPERATION_NOT_ALLOWED`, the client's request and the administrator's alike.
    @Test("a setup step the project refuses as not enabled leaves the check not judged, naming the step")
    func setupStepNotEnabled() async throws {
        let server = IdentityToolkitServer()
        let baseURL = FakeServerURLProtocol.register("no-verification-\(UUID().uuidString.lowercased())") { request in
            if request.url.path.hasSuffix("accounts:sendOobCode"),
                FixtureValue.decoding(request.body)?["requestType"]?.stringValue == "VERIFY_EMAIL"
            {
                let body =
                    #"{"error": {"code": 400, "message": "OPERATION_NOT_ALLOWED", "status": "INVALID_ARGUMENT"}}"#
                return HTTPResponse(status: 400, headers: ["Content-Type": "application/json"], body: Data(body.utf8))
            }
            return await HooklessServer.handle(request, forwardingTo: server)
        }
        let configuration = HooklessServer.configuration(
            at: baseURL, of: server, name: "a server without email verification")
        let (prepared, _) = try await IdentityToolkitSubject(configuration).preflighted()
        let report = await (try ConformanceRunner(subject: prepared, options: .overHTTP)).run(
            RuleCatalogue.rules(["LINK-11"]))
        let check = try #require(report.results.first?.checks.first)
        #expect(check.status == .notJudged, "\(check.status) \(check.message ?? "")")
        #expect(check.message?.contains("sendEmailVerification()") == true, "\(check.message ?? "")")
        #expect(check.message?.contains("not enabled") == true)
        #expect(report.passed)
    }

    @Test("with a tenant per check the preflight says no reset is needed, not that it resets")
    func tenantsNeedNoReset() async throws {
        let fake = HooklessServer()
        var configuration = HooklessServer.configuration(at: fake.baseURL, of: fake.server, name: "tenants")
        configuration.isolation = .tenantPerCheck
        let (_, findings) = try await IdentityToolkitSubject(configuration).preflighted()
        #expect(findings.description.contains("reset: none needed, each check in a tenant of its own"), "\(findings)")
    }

    @Test("a server with a time control, one check at a time: the time checks ask for --tenants, not a time control")
    func timeControlNeedsTenants() {
        var configuration = IdentityToolkitConfiguration.emulator()
        configuration.timeControl = true
        let hint = IdentityToolkitSubject(configuration).howToOffer(.worldClock) ?? ""
        #expect(hint.contains("--tenants") && !hint.contains("give the server a time control"), "\(hint)")
        configuration.timeControl = false
        #expect(IdentityToolkitSubject(configuration).howToOffer(.worldClock)?.contains("give the server") == true)
    }

    @Test("a vendor's client is named in the subject's name: given, or the module that made its factory")
    func clientName() {
        let configuration = IdentityToolkitConfiguration.emulator()
        let unnamed = IdentityToolkitClientFactory(flows: [.password]) { _ throws(AuthError) -> any AuthClient in
            throw AuthError(.internalError, "not launched")
        }
        #expect(
            IdentityToolkitSubject(configuration, client: unnamed).name
                == "IdentityToolkitTests against \(configuration.name)")
        var named = unnamed
        named.name = "MySDK 2.1"
        #expect(IdentityToolkitSubject(configuration, client: named).name == "MySDK 2.1 against \(configuration.name)")
        #expect(IdentityToolkitSubject(configuration).name == configuration.name)
    }
}
