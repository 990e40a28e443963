import ConformanceCommand
import ConformanceKit
import Foundation
import IdentityToolkitServer
import IdentityToolkitSubject
import ReferenceAuth
import Testing
import WorldProviderEndpoints

/// A model of the Auth Emulator's looseness (`reference/identity-toolkit-http.md` §4), made of the reference's
/// defects and unsigned tokens: not the emulator, but a check that the known-failures file follows from what
/// the emulator is documented to do.
enum EmulatorModel {
    static let defects: Set<Defect> = [
        // anything starting with + (utils.ts /^\+/)
        .acceptsPunctuatedNumbers, .enrollmentAcceptsPunctuatedNumbers,
        // alg none, exp never checked
        .acceptsUnsignedIDTokens, .acceptsExpiredIDTokens,
        // parseIdToken reads the user of an unsigned token at accounts:lookup and accounts:update
        .accountCallsTrustUnverifiedTokens,
        // the refresh token is the user ID in base64 JSON
        .refreshSurvivesPasswordChange, .honoursRefreshTokensBuiltFromUserID,
        // mfaEnrollment:finalize takes any pending sessionInfo and code
        .enrollsWithAnyVerification,
        // the pending credential
        .pendingSignInReusable, .resolvesWithFirstFactorVerification, .resolvesWithEnrollmentVerification,
        // the pending credential is the user ID in base64 JSON
        .honoursForgedPendingCredentials,
        // sendOobCode
        .sendsLinksNotHandledInApp, .acceptsUnauthorizedContinueURL, .dropsAppIdentifiersFromLink,
        .acceptsAnyLinkDomain,
        // signInWithEmailLink: "The password hash is NOT removed", validSince not bumped
        .keepsImpostorsPassword, .keepsImpostorsSessions,
    ]

    static func server() -> IdentityToolkitServer {
        IdentityToolkitServer(
            reference: ReferenceSubject(defects: defects), defaultProjectID: ProjectConfiguration.standard.projectID,
            issuesUnsignedTokens: true, answersUnknownPendingCredentialWithoutCode: true, configuresProviders: false)
    }
}

@Suite("The emulator's known failures follow from its documented looseness")
struct EmulatorModelTests {
    @Test("against a model of the emulator the MUST rules that fail are exactly the listed ones")
    func listedFailures() async throws {
        let server = EmulatorModel.server()
        var configuration = IdentityToolkitConfiguration(
            baseURL: server.baseURL, projectID: server.defaultProjectID, isolation: .projectPerCheck,
            newProject: { server.newProject($0) }, makeSessionConfiguration: { server.urlSessionConfiguration() },
            publishedKeys: .at(server.publishedKeysURL), name: "a model of the Auth Emulator")
        configuration.answersInProcess = { await server.handle($0) }
        let subject = IdentityToolkitSubject(configuration)
        let text = try String(contentsOfFile: EmulatorExpectedFailuresTests.path, encoding: .utf8)
        let listed = Set(try ExpectedFailures(parsing: text).expectedFailures.map(\.rule))
        let report = await (try ConformanceRunner(subject: subject, options: .overHTTP)).run(
            RuleCatalogue.all.filter { $0.flow != .oauth })
        let failed = Set(report.failedMustRules.map(\.rule))
        #expect(
            failed == listed,
            """
            fail but not listed: \(failed.subtracting(listed).sorted()); listed but pass: \
            \(listed.subtracting(failed).sorted())
            """)
        #expect(report.results.filter { $0.status == .warn }.map(\.rule) == ["LINK-14"])
        let auth1 = try #require(report.results.first { $0.rule == "AUTH-1" })
        let multiFactor = try #require(auth1.checks.first { $0.id == "AUTH-1/multi-factor-errors" })
        let generic =
            multiFactor.failure?.issues.contains { $0.actual?.hasPrefix(AuthErrorCode.internalError.label) == true }
            == true
        #expect(multiFactor.status == .fail && generic, "\(multiFactor.detailLines.joined(separator: "\n"))")
    }

    @Test("the README's command exits 0 against a model of the emulator")
    func readmeCommand() async throws {
        let server = EmulatorModel.server()
        // As the executable makes it: the check's providers served on loopback, the server asked whether it takes the
        // pointing at them (the emulator does not: its flows are judged without the providers'). The model keeps the
        // emulator's lack of a time control and a config API, which its in-process server has.
        let endpoints = try WorldProviderEndpoints()
        defer { endpoints.stop() }
        var configuration = IdentityToolkitConfiguration(
            baseURL: server.baseURL, projectID: server.defaultProjectID,
            makeSessionConfiguration: { server.urlSessionConfiguration() }, publishedKeys: .at(server.publishedKeysURL),
            name: "a model of the Auth Emulator")
        configuration.providerEndpoints = endpoints
        configuration.answersInProcess = { await server.handle($0) }
        (configuration.timeControl, configuration.configAPI) = (false, false)
        let (subject, findings) = try await IdentityToolkitSubject(configuration).preflighted()
        #expect(findings.providers == false)
        let outcome = await ConformanceCommand.run(
            subject: subject,
            arguments: ["--expected-failures", EmulatorExpectedFailuresTests.path, "--json", "emulator-model.json"])
        #expect(
            outcome.status == CommandOutcome.success,
            "\(outcome.output.split(separator: "\n").last ?? "")\n\(outcome.error)")
        // The manual's table of what stays not applicable against the emulator is this run's.
        let json = try #require(outcome.files.first { $0.path == "emulator-model.json" })
        let report = try JSONDecoder().decode(ConformanceReport.self, from: Data(json.contents.utf8))
        try GeneratedDocumentBlock.notApplicableAgainstTheEmulator.expect(MarkdownReport(report).notApplicableTable)
    }
}

/// A block of a manual article that a test generates from a run: between a start and an end line, compared line for
/// line; `CONFORMANCE_REGENERATE=1 swift test --filter <the test>` writes it instead.
struct GeneratedDocumentBlock {
    let path: URL
    let name: String

    static let notApplicableAgainstTheEmulator = GeneratedDocumentBlock(
        path: URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
            "../../Sources/IdentityToolkitSubject/IdentityToolkitSubject.docc/CheckingAServer.md"
        ).standardizedFileURL, name: "not applicable against the emulator")

    var start: String { "<!-- generated: \(name) (EmulatorModelTests; CONFORMANCE_REGENERATE=1 rewrites it) -->" }
    var end: String { "<!-- end of generated: \(name) -->" }

    func expect(_ generated: [String], sourceLocation: SourceLocation = #_sourceLocation) throws {
        let text = try String(contentsOf: path, encoding: .utf8)
        var lines = text.components(separatedBy: "\n")
        let first = try #require(lines.firstIndex(of: start), "no line \(start) in \(path.lastPathComponent)")
        let last = try #require(lines.firstIndex(of: end), "no line \(end) in \(path.lastPathComponent)")
        let written = Array(lines[(first + 1)..<last])
        if ProcessInfo.processInfo.environment["CONFORMANCE_REGENERATE"] == "1" {
            lines.replaceSubrange((first + 1)..<last, with: generated)
            try lines.joined(separator: "\n").write(to: path, atomically: true, encoding: .utf8)
            return
        }
        #expect(
            written == generated,
            """
            \(path.lastPathComponent)'s \(name) is not the run's; regenerate it (CONFORMANCE_REGENERATE=1). The run's:
            \(generated.joined(separator: "\n"))
            """, sourceLocation: sourceLocation)
    }
}
