import ConformanceKit
import Foundation
import IdentityToolkitServer
import IdentityToolkitSubject
import ReferenceAuth
import ReferenceTestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// "Declare what the server offers": the preflight finds the layout, the flows, the outbox and the time
/// control; a server is judged on what it offers and the rest is not applicable, naming what it lacks.
@Suite("What a server offers: layout, flows, outbox, time control", .serialized)
struct ServerOfferTests {
    /// The checks the time control makes applicable over HTTP.
    static let timeRules: [RuleID] = ["PHONE-8", "PHONE-18", "LINK-9", "MFA-11", "MFA-15", "AUTH-4", "AUTH-7"]

    @Test(
        """
        a password-only server at production's paths, with no outbox and no time control, is judged, not refused: \
        nothing fails, and its other flows' rules are not applicable naming the flow and its own
        """)
    func passwordOnly() async throws {
        let fake = PasswordOnlyServer()
        let subject = IdentityToolkitSubject(
            IdentityToolkitConfiguration(
                baseURL: fake.baseURL, projectID: fake.server.defaultProjectID, apiKey: "any-key",
                isolation: .projectPerCheck, newProject: { fake.server.newProject($0) },
                makeSessionConfiguration: { fake.sessionConfiguration() }, name: "a password-only server"))
        let (prepared, findings) = try await subject.preflighted()
        #expect(findings.layout == .production && findings.flows == [.password], "\(findings)")
        #expect(!findings.outbox && !findings.timeControl, "\(findings)")
        #expect(prepared.capabilities.flows == [.password] && !prepared.capabilities.readsDeliveries)
        let report = await (try ConformanceRunner(subject: prepared, options: .overHTTP)).run()
        let failures = report.results.flatMap(\.checks).filter { $0.status == .fail || $0.status == .warn }
        #expect(failures.isEmpty, "\(failures.map { "\($0.id): \($0.message ?? "")" })")
        let phone = try #require(report.results.first { $0.rule == "PHONE-4" }?.checks.first)
        #expect(
            phone.message == "the subject does not declare the phone flow (its flows: password)",
            "\(phone.message ?? "")")
        let passed = report.results.filter { $0.status == .pass }.map(\.rule.rawValue)
        // The password rules judge any subject that offers password sign-in, at its door too.
        #expect(Set(["AUTH-4", "AUTH-5", "AUTH-7", "AUTH-8"]).isSubset(of: passed), "\(passed)")
        print("password-only server over HTTP: rules passed \(passed.count): \(passed.joined(separator: " "))")
        #expect(
            fake.server.requests.allSatisfy {
                PasswordOnlyServer.routes.values.contains($0.url.path)
                    || $0.url.path.hasPrefix("/identitytoolkit.googleapis.com/v1/projects/")
                    || $0.url.path == IdentityToolkitServer.publishedKeysPath
            })
    }

    @Test("the preflight finds the SDK's routes on the reference server; the emulator's REST layout works as well")
    func layouts() async throws {
        let (subject, server) = httpSubject()
        let (prepared, findings) = try await subject.preflighted()
        #expect(findings.layout == .sdk && prepared.configuration.layout == .sdk)
        #expect(findings.flows == IdentityToolkitConfiguration.judgedFlows && findings.outbox && findings.timeControl)
        var configuration = prepared.configuration
        configuration.layout = .emulator
        let before = server.requests.count
        let rules = RuleCatalogue.rules(["PHONE-4", "MFA-9", "LINK-6", "AUTH-5", "AUTH-7"])
        let report = await (try ConformanceRunner(subject: IdentityToolkitSubject(configuration), options: .overHTTP))
            .run(rules)
        #expect(
            report.failedMustRules.isEmpty && report.count(.pass) == rules.count, "\(report.results.map(\.summary))")
        let paths = server.requests.dropFirst(before).map(\.url.path)
        #expect(!paths.isEmpty)
        #expect(
            paths.allSatisfy { path in
                [
                    "/identitytoolkit.googleapis.com/", "/securetoken.googleapis.com/", "/emulator/v1/",
                    "/www.googleapis.com/service_accounts/",
                ].contains { path.hasPrefix($0) }
            }, "\(Set(paths).sorted())")
        #expect(!paths.contains { $0.contains("/relyingparty/") })
    }

    @Test("with the server's time control the subject runs on the world's clock and the time rules apply and pass")
    func timeControl() async throws {
        let (subject, server) = httpSubject()
        #expect(!subject.capabilities.runsOnWorldClock)
        let (prepared, _) = try await subject.preflighted()
        #expect(prepared.capabilities.runsOnWorldClock)
        let report = await (try ConformanceRunner(subject: prepared, options: .overHTTP)).run(
            RuleCatalogue.rules(Self.timeRules + ["MFA-3"]))
        for result in report.results {
            for check in result.checks {
                #expect(check.status != .fail && check.status != .warn, "\(check.id): \(check.message ?? "")")
                #expect(
                    check.status == .pass || !NotApplicableOverHTTP.forTime(check.message),
                    "\(check.id) is still not applicable for time: \(check.message ?? "")")
            }
        }
        #expect(server.requests.contains { $0.url.path.hasSuffix("/clock:advance") })
    }

    @Test(
        """
        the whole catalogue over HTTP with the time control: the in-process verdict check for check, the time checks \
        applicable
        """)
    func catalogueWithTimeControl() async throws {
        let overHTTP = await SharedRuns.preflightedOverHTTP
        let inProcess = await SharedRuns.reference
        #expect(overHTTP.failedMustRules.isEmpty && overHTTP.count(.warn) == 0)
        for (http, reference) in zip(overHTTP.results, inProcess.results) {
            for (check, expected) in zip(http.checks, reference.checks) where check.status != expected.status {
                #expect(
                    check.status == .notApplicable,
                    "\(check.id): \(check.status) over HTTP, \(expected.status) in process")
                #expect(
                    !NotApplicableOverHTTP.forTime(check.message),
                    "\(check.id) still needs the world's clock: \(check.message ?? "")")
            }
        }
        let applicable = overHTTP.results.filter { $0.status != .notApplicable }.count
        // The same subject without the preflight's findings: the shared run of the HTTP subject, a project per check.
        let before = await SharedRuns.perProjectOverHTTP
        let applicableBefore = before.results.filter { $0.status != .notApplicable }.count
        print(
            "rules applicable over HTTP against the in-process server: \(applicableBefore) without the time control "
                + "and config API, \(applicable) with them, of \(overHTTP.results.count)")
        #expect(applicable > applicableBefore)
    }

    @Test(
        """
        the config API in production's shape: a PATCH with an updateMask sets the fields it names, a GET reads them \
        back, an invalid configuration and a field the server cannot set are refused, the owner only
        """)
    func configRoundTrip() async throws {
        let server = IdentityToolkitServer()
        let session = URLSession(configuration: server.urlSessionConfiguration())
        let route = "/identitytoolkit.googleapis.com/v2/projects/\(server.defaultProjectID)/config"
        func send(
            _ method: String, _ path: String, _ body: [String: Any]? = nil, owner: Bool = true
        ) async throws -> (status: Int, json: [String: Any]) {
            var request = URLRequest(url: URL(string: server.baseURL.absoluteString + path)!)
            request.httpMethod = method
            if owner { request.setValue("Bearer owner", forHTTPHeaderField: "Authorization") }
            if let body {
                request.httpBody = try JSONSerialization.data(withJSONObject: body)
                request.setValue("application/json", forHTTPHeaderField: "Content-Type")
            }
            let (data, response) = try await session.data(for: request)
            return (
                (response as? HTTPURLResponse)?.statusCode ?? 0,
                (try? JSONSerialization.jsonObject(with: data)) as? [String: Any] ?? [:]
            )
        }
        #expect(try await send("GET", route, owner: false).status == 403)
        let patched = try await send(
            "PATCH", route + "?updateMask=signIn.phoneNumber.testPhoneNumbers,mfa.state,authorizedDomains",
            [
                "signIn": ["phoneNumber": ["testPhoneNumbers": ["+16505550101": "123456"]]],
                "mfa": ["state": "DISABLED"], "authorizedDomains": ["example.org"],
                "quota": ["signUpQuotaConfig": ["quota": "1"]],
            ])
        #expect(patched.status == 200, "\(patched.json)")
        let read = try await send("GET", route)
        let signIn = read.json["signIn"] as? [String: Any]
        let phone = signIn?["phoneNumber"] as? [String: Any]
        #expect((phone?["testPhoneNumbers"] as? [String: String]) == ["+16505550101": "123456"], "\(read.json)")
        #expect(((read.json["mfa"] as? [String: Any])?["state"] as? String) == "DISABLED")
        #expect((read.json["authorizedDomains"] as? [String]) == ["example.org"])
        #expect(((signIn?["email"] as? [String: Any])?["enabled"] as? Bool) == true, "fields outside the mask are kept")
        let invalid = try await send(
            "PATCH", route + "?updateMask=signIn.phoneNumber.testPhoneNumbers",
            ["signIn": ["phoneNumber": ["testPhoneNumbers": ["+1 650-555-0101": "123456"]]]])
        #expect(invalid.status == 400 && "\(invalid.json)".contains("INVALID_CONFIG"), "\(invalid.json)")
        let unsettable = try await send("PATCH", route + "?updateMask=quota.signUpQuotaConfig", ["quota": [:]])
        #expect(unsettable.status == 400, "\(unsettable.json)")
        let tenant = try await send(
            "PATCH", "/identitytoolkit.googleapis.com/v2/projects/\(server.defaultProjectID)/tenants/t-1",
            ["enableEmailLinkSignin": false, "testPhoneNumbers": ["+16505550102": "654321"]])
        #expect(tenant.status == 200 && (tenant.json["enableEmailLinkSignin"] as? Bool) == false, "\(tenant.json)")
        #expect(try await send("GET", "/v2/projects/\(server.defaultProjectID)/config").status == 200)
        session.finishTasksAndInvalidate()
    }

    @Test("with the config API the console rules apply over HTTP and pass; what it cannot set stays refused by name")
    func consoleRules() async throws {
        let (subject, _) = httpSubject()
        let (prepared, findings) = try await subject.preflighted()
        #expect(findings.configAPI && prepared.configuration.configAPI == true)
        let rules = RuleCatalogue.rules([
            "PHONE-11", "PHONE-12", "PHONE-13", "PHONE-15", "PHONE-17", "LINK-3", "AUTH-8",
        ])
        let before = ConformanceReport(
            subject: subject.name, results: SharedRuns.results(of: await SharedRuns.perProjectOverHTTP, for: rules),
            durationSeconds: 0)
        let after = ConformanceReport(
            subject: prepared.name, results: SharedRuns.results(of: await SharedRuns.preflightedOverHTTP, for: rules),
            durationSeconds: 0)
        #expect(after.failedMustRules.isEmpty && after.count(.warn) == 0, "\(after.results.map(\.summary))")
        let checks = { (report: ConformanceReport) in
            report.results.flatMap(\.checks).filter { $0.status == .pass }.count
        }
        #expect(checks(after) > checks(before), "\(checks(before)) checks passed before, \(checks(after)) after")
        for check in after.results.flatMap(\.checks) where check.status == .notApplicable {
            #expect(
                (check.message ?? "").contains("verificationLimit") || (check.message ?? "").contains("parties")
                    || (check.message ?? "").contains("linkDomains"), "\(check.id): \(check.message ?? "")")
        }
    }
}
