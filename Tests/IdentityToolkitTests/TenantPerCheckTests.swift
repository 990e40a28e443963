import ConformanceCommand
import ConformanceKit
import Foundation
import IdentityToolkitServer
import IdentityToolkitSubject
import MockIdP
import ReferenceAuth
import ReferenceTestSupport
import Testing

@Suite(
    "Each check in a tenant of its own: checks run in parallel, with no reset and only their own outbox", .serialized)
struct TenantPerCheckTests {
    /// The tenants the server was called in, each with the index of its first and last request.
    static func tenantSpans(_ server: IdentityToolkitServer) -> [String: ClosedRange<Int>] {
        var spans: [String: ClosedRange<Int>] = [:]
        for (index, request) in server.requests.enumerated() {
            let body = (try? JSONDecoder().decode(FixtureValue.self, from: request.body)) ?? .object([:])
            let path = request.url.path.split(separator: "/").map(String.init)
            let tenant = body["tenantId"]?.stringValue ?? (path.count == 7 && path[4] == "tenants" ? path[5] : nil)
            guard let tenant else { continue }
            spans[tenant] = spans[tenant].map { min($0.lowerBound, index)...max($0.upperBound, index) } ?? index...index
        }
        return spans
    }

    @Test("the catalogue gives the project-per-check result check for check, and checks ran at the same time")
    func sameResultConcurrently() async throws {
        let (tenants, tenantServer) = httpSubject(isolation: .tenantPerCheck)
        #expect(!tenants.capabilities.runsOneCheckAtATime)
        // Half of them in `swift test`, all in the long version (``LongTests``).
        let rules = LongTests.slice(RuleCatalogue.all.filter { $0.flow != .oauth && $0.flow != .apple }, part: 0, of: 2)
        let inTenants = await (try ConformanceRunner(subject: tenants, options: .overHTTP)).run(rules)
        let inProjects = SharedRuns.results(of: await SharedRuns.perProjectOverHTTP, for: rules)
        #expect(inTenants.results.map(\.rule) == inProjects.map(\.rule))
        for (tenant, project) in zip(inTenants.results, inProjects) {
            for (check, expected) in zip(tenant.checks, project.checks) where check.status != expected.status {
                #expect(
                    tenant.rule == "AUTH-4" && check.status == .notApplicable
                        && check.message?.contains("projectID") == true,
                    """
                    \(check.id): \(check.status) in a tenant, \(expected.status) in a project \
                    of its own: \(check.message ?? "")
                    """)
            }
        }
        #expect(inTenants.failedMustRules.isEmpty)
        let spans = Self.tenantSpans(tenantServer).values.sorted { $0.lowerBound < $1.lowerBound }
        #expect(spans.count > 10)
        #expect(
            zip(spans, spans.dropFirst()).contains { $0.overlaps($1) },
            "no two tenants' requests interleaved: the checks ran one at a time")
    }

    @Test(
        """
        with the config API, a new tenant that already has the check's settings is not updated; one that lacks them \
        is, and the settings hold
        """)
    func freshTenantSettings() async throws {
        let (subject, server) = httpSubject(isolation: .tenantPerCheck)
        var configuration = subject.configuration
        configuration.configAPI = true
        let configured = IdentityToolkitSubject(configuration)
        let updates = { server.requests.filter { $0.method == "PATCH" }.count }
        let standard = try await configured.makeBackend(configuration: .standard, world: World())
        _ = try await standard.makeClient(on: .primary)
        #expect(updates() == 0, "the standard project is what a new tenant of the served reference has")
        let stricter = ProjectConfiguration.standard.with(\.passwordMinimumLength, 9)
        let client = try await configured.makeBackend(configuration: stricter, world: World()).makeClient(on: .primary)
        #expect(updates() == 1)
        await #expect(throws: AuthError.self) {
            _ = try await client.emailPassword!.createUser(withEmail: "nine@example.com", password: "eight888")
        }
        _ = try await client.emailPassword!.createUser(withEmail: "nine@example.com", password: "nine99999")
        #expect(server.requests.filter { $0.method == "GET" && $0.url.path.contains("/tenants/") }.count == 1)
    }

    @Test("a configuration's settings are set in a document only when every field of the update is there, as set")
    func settingsInDocument() {
        let (body, _) = ServerConfigAPI.update(of: .standard, inTenant: true)
        #expect(ServerConfigAPI.isSet(.standard, in: body, inTenant: true))
        #expect(!ServerConfigAPI.isSet(.standard.with(\.passwordMinimumLength, 8), in: body, inTenant: true))
        guard case .object(var fields) = body else { return }
        fields["mfaConfig"] = nil
        #expect(!ServerConfigAPI.isSet(.standard, in: .object(fields), inTenant: true))
        #expect(!ServerConfigAPI.isSet(.standard, in: .object([:]), inTenant: true))
    }

    @Test("a tenant's outbox lists only its own texts and emails")
    func ownOutbox() async throws {
        let server = IdentityToolkitServer(defaultProjectID: ProjectConfiguration.standard.projectID)
        let configuration = IdentityToolkitConfiguration(
            baseURL: server.baseURL, projectID: ProjectConfiguration.standard.projectID, isolation: .tenantPerCheck,
            makeSessionConfiguration: { server.urlSessionConfiguration() }, publishedKeys: .at(server.publishedKeysURL))
        let subject = IdentityToolkitSubject(configuration)
        let first = World()
        let second = World()
        let one = try await subject.makeBackend(configuration: .standard, world: first).makeClient(on: .primary)
        let other = try await subject.makeBackend(configuration: .standard, world: second).makeClient(on: .primary)
        _ = try await one.phone!.verifyPhoneNumber("+16505550101")
        _ = try await other.phone!.verifyPhoneNumber("+16505550101")
        _ = try await other.phone!.verifyPhoneNumber("+16505550102")
        #expect(first.outbound.readAllSMS().count == 1 && second.outbound.readAllSMS().count == 2)
        let hooks = server.requests.filter { $0.url.path.hasSuffix("/verificationCodes") }.map(\.url.path)
        #expect(hooks.count == 3 && hooks.allSatisfy { $0.contains("/tenants/check-") }, "\(hooks)")
    }

    /// Four runs at once, each run's checks in parallel: every run overlaps the three others, which is what tenants
    /// must hold apart. The stress gate's count (200 runs) is CI's, in process (`.ci/run`); over HTTP each run is a
    /// whole catalogue of requests, and 20 of them were most of this target's time (a second wave of four added a
    /// twelfth of `swift test`'s time and no overlap the first does not have).
    @Test("the stress gate over HTTP, 4 runs at once, finds no result that differs")
    func stressGate() async throws {
        let (subject, server) = httpSubject(isolation: .tenantPerCheck)
        // A quarter of them in `swift test` (half of those the test above leaves out), all in the long version
        // (``LongTests``).
        let rules = LongTests.slice(RuleCatalogue.all.filter { $0.flow != .oauth && $0.flow != .apple }, part: 1, of: 4)
        let report = await (try StressGate(runs: 4, parallel: 4, options: .overHTTP)).run(
            subject: subject, rules: rules)
        #expect(report.differences.isEmpty, "\(report.differences)")
        _ = server
    }
}
