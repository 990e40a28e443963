import ConformanceKit
import Foundation
import IdentityToolkitServer
import IdentityToolkitSubject
import MockIdP
import ReferenceAuth
import ReferenceTestSupport
import Testing
import WorldProviderEndpoints

/// The APPLE rules through HTTP: each check's Apple served on loopback (``WorldProviderEndpoints``), the in-process
/// server pointed at it per project (`defaultSupportedIdpConfigs` with `providerEndpoints`), so the server verifies
/// the check's identity tokens, forged ones among them, against the world's key set and revokes at the world's Apple.
@Suite("Sign in with Apple over HTTP, the server pointed at the check's Apple on loopback", .serialized)
struct ProvidersOverHTTPTests {
    static let appleRules = RuleCatalogue.rules(in: .apple)

    /// The checks that need Apple's time to move: the server judges Apple's tokens on its own clock, real time, so
    /// the world's Apple keeps real time (`verifiesAppleTokensOnSystemClock`).
    /// APPLE-5's look-alike audiences need another app (`apple.clientID`), which the server's console sets.
    static let needsAppleClock = [
        "time on the world's clock", "verifiesAppleTokensOnSystemClock", "cannot take apple.clientID",
    ]

    @Test("every APPLE check has the in-process reference's result, or is not applicable for Apple's clock or app")
    func appleRulesOverHTTP() async throws {
        let endpoints = try WorldProviderEndpoints()
        defer { endpoints.stop() }
        let (subject, server) = httpSubject(providerEndpoints: endpoints)
        #expect(subject.capabilities.flows.contains(.apple))
        let overHTTP = await (try ConformanceRunner(subject: subject, options: .overHTTP)).run(Self.appleRules)
        let inProcess = await SharedReferenceRun.report(for: Self.appleRules)
        let applicable = expectInProcessVerdicts(overHTTP, inProcess, notApplicableFor: Self.needsAppleClock)
        #expect(overHTTP.count(.fail) == 0 && overHTTP.count(.warn) == 0)
        #expect(overHTTP.results.allSatisfy { $0.status != .notApplicable }, "every APPLE rule applies over HTTP")
        #expect(applicable > 20)
        _ = server
    }

    @Test(
        """
        every OAUTH check has the in-process reference's result (the code exchanged at signInWithIdp), OAUTH-10's \
        disabled GitHub set through the pointing call's enabled
        """)
    func oauthRulesOverHTTP() async throws {
        let endpoints = try WorldProviderEndpoints()
        defer { endpoints.stop() }
        let (subject, server) = httpSubject(providerEndpoints: endpoints)
        #expect(subject.capabilities.flows.contains(.oauth))
        let rules = RuleCatalogue.rules(in: .oauth)
        let overHTTP = await (try ConformanceRunner(subject: subject, options: .overHTTP)).run(rules)
        let inProcess = await SharedReferenceRun.report(for: rules)
        let applicable = expectInProcessVerdicts(overHTTP, inProcess, notApplicableFor: [])
        #expect(overHTTP.count(.fail) == 0 && overHTTP.count(.warn) == 0)
        #expect(overHTTP.results.allSatisfy { $0.status != .notApplicable }, "every OAUTH rule applies over HTTP")
        #expect(applicable >= 15, "\(applicable) OAUTH checks apply over HTTP")
        _ = server
    }

    /// Defects of the reference's backend in generic OAuth, each caught through HTTP alone by the check it names: the
    /// server builds the authorization request, exchanges the code inside signInWithIdp and answers the profile.
    @Test(
        "the server's OAuth defects fail the checks they name through HTTP",
        arguments: [
            Defect.forwardsReservedOAuthParameters, .forgetsOAuthScopes, .usesPredictableOAuthState,
            .sendsWrongRedirectURI, .exchangesCodeTwice, .reportsProviderErrorsAsInternal,
            .mapsOnlyClientCredentialErrors, .omitsOAuthProfile, .omitsTokenForReturningUsers,
            .linksIdentityOfAnotherAccount, .sendsPlainPKCE, .omitsPKCE,
        ])
    func oauthDefectsCaught(_ defect: Defect) async throws {
        let endpoints = try WorldProviderEndpoints()
        defer { endpoints.stop() }
        let (subject, server) = httpSubject(defects: [defect], providerEndpoints: endpoints)
        let report = await (try ConformanceRunner(subject: subject, options: .overHTTP)).run(
            RuleCatalogue.rules(defect.rules))
        // OAUTH-11 is a SHOULD: its failing check warns.
        let failing = Set(
            report.results.flatMap { $0.checks.filter { [.fail, .warn].contains($0.status) }.map(\.id.description) })
        let named = Set(defect.catches.map(\.check.description))
        #expect(!failing.isDisjoint(with: named), "\(defect): failing \(failing.sorted()), named \(named.sorted())")
        _ = server
    }

    @Test(
        """
        a check's project is pointed at its providers before its first call that reaches them, and a check that \
        reaches none is never pointed
        """)
    func pointingWaitsForTheProviders() async throws {
        let endpoints = try WorldProviderEndpoints()
        defer { endpoints.stop() }
        let (subject, server) = httpSubject(providerEndpoints: endpoints)
        let runner = try ConformanceRunner(subject: subject, options: .overHTTP)
        let password = await runner.run(RuleCatalogue.rules(["AUTH-8"]))
        #expect(password.results.allSatisfy { $0.status == .pass })
        #expect(!server.requests.contains { $0.url.path.contains("/defaultSupportedIdpConfigs/") })
        let providers = await runner.run(RuleCatalogue.rules(["APPLE-3", "OAUTH-1", "OAUTH-10"]))
        #expect(providers.results.allSatisfy { $0.status == .pass })
        var pointed: Set<String> = []
        var reaching = 0
        for request in server.requests {
            let key =
                URLComponents(url: request.url, resolvingAgainstBaseURL: false)?.queryItems?.first { $0.name == "key" }?
                .value ?? ""
            if request.url.path.contains("/defaultSupportedIdpConfigs/") { pointed.insert(key) }
            if ["/createAuthUri", "/verifyAssertion", "accounts:revokeToken"].contains(
                where: request.url.path.hasSuffix)
            {
                reaching += 1
                #expect(pointed.contains(key), "\(request.url.path) reached a project not pointed at the providers")
            }
        }
        #expect(reaching > 10 && !pointed.isEmpty)
    }

    @Test(
        "the project the checks share is pointed before a check's first client: the last check may have turned one off")
    func sharedProjectPointedAtOnce() async throws {
        let endpoints = try WorldProviderEndpoints()
        defer { endpoints.stop() }
        let (subject, server) = httpSubject(isolation: .oneCheckAtATime, providerEndpoints: endpoints)
        let pointings = { server.requests.filter { $0.url.path.contains("/defaultSupportedIdpConfigs/") }.count }
        var off = ProjectConfiguration.standard
        off.oauthProviders[ProviderID.github]?.isEnabled = false
        _ = try await subject.makeBackend(configuration: off, world: World())
        #expect(pointings() == 2)
        _ = try await subject.makeBackend(configuration: .standard, world: World())
        #expect(pointings() == 4, "GitHub is on again before the next check's first client")
    }

    @Test(
        """
        a server that refuses the pointing call is judged without the apple and oauth flows, its other rules as before \
        (the preflight asks)
        """)
    func serverRefusingThePointing() async throws {
        let endpoints = try WorldProviderEndpoints()
        defer { endpoints.stop() }
        let server = IdentityToolkitServer(
            defaultProjectID: ProjectConfiguration.standard.projectID, configuresProviders: false)
        var configuration = IdentityToolkitConfiguration(
            baseURL: server.baseURL, projectID: server.defaultProjectID, isolation: .projectPerCheck,
            newProject: { server.newProject($0) }, makeSessionConfiguration: { server.urlSessionConfiguration() })
        configuration.providerEndpoints = endpoints
        #expect(IdentityToolkitSubject(configuration).capabilities.flows.contains(.apple))
        let (prepared, findings) = try await IdentityToolkitSubject(configuration).preflighted()
        #expect(findings.providers == false)
        #expect(findings.description.hasSuffix("the check's GitHub and Apple: no (the pointing call is refused)"))
        #expect(prepared.configuration.takesProviderEndpoints == false)
        #expect(prepared.capabilities.flows.isDisjoint(with: [.apple, .oauth]))
        let report = await (try ConformanceRunner(subject: prepared, options: .overHTTP)).run(
            RuleCatalogue.rules(["AUTH-8", "APPLE-3"]))
        let statuses = Dictionary(uniqueKeysWithValues: report.results.map { ($0.rule, $0.status) })
        #expect(statuses == ["AUTH-8": .pass, "APPLE-3": .notApplicable])

        let (_, taking) = try await httpSubject(providerEndpoints: endpoints).0.preflighted()
        #expect(taking.providers == true)
    }

    @Test("without provider endpoints, the subject declares no apple flow: the APPLE rules are not applicable")
    func withoutEndpoints() async throws {
        let (subject, server) = httpSubject()
        #expect(!subject.capabilities.flows.contains(.apple))
        let report = await (try ConformanceRunner(subject: subject, options: .overHTTP)).run(
            RuleCatalogue.rules(["APPLE-3"]))
        #expect(report.results.allSatisfy { $0.status == .notApplicable })
        _ = server
    }

    /// Defects of the reference's backend in Sign in with Apple, each caught through HTTP alone by the check it names:
    /// the server verifies what reaches it from the check's forges.
    @Test(
        "the server's Apple defects fail the checks they name through HTTP",
        arguments: [
            Defect.acceptsRawNonceInAppleToken, .acceptsMissingAppleNonce, .skipsAppleSignatureCheck,
            .acceptsAppleAlgNone, .skipsAppleAudienceCheck, .linksAppleIDOfAnotherAccount, .revokesNothingAtApple,
            .keepsDeletedAppleUser,
        ])
    func appleDefectsCaught(_ defect: Defect) async throws {
        let endpoints = try WorldProviderEndpoints()
        defer { endpoints.stop() }
        let (subject, server) = httpSubject(defects: [defect], providerEndpoints: endpoints)
        let report = await (try ConformanceRunner(subject: subject, options: .overHTTP)).run(
            RuleCatalogue.rules(defect.rules))
        let failing = Set(report.results.flatMap { $0.checks.filter { $0.status == .fail }.map(\.id.description) })
        let named = Set(defect.catches.map(\.check.description))
        #expect(!failing.isDisjoint(with: named), "\(defect): failing \(failing.sorted()), named \(named.sorted())")
        _ = server
    }
}
