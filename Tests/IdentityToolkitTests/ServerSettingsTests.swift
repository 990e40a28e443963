import ConformanceCommand
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
