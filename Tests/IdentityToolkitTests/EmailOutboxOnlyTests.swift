import ConformanceKit
import Foundation
import IdentityToolkitServer
import IdentityToolkitSubject
import MockIdP
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A server with an email outbox and no text outbox, as an independent implementation without phone sign-in was
/// found: the reference server in the emulator's layout, with every phone and multi-factor route and the text outbox
/// (`…/verificationCodes`) answering 404. An email outbox alone is an email outbox: the email-link rules are judged.
@Suite("A server with an email outbox and no text outbox is judged on the email-link rules")
struct EmailOutboxOnlyTests {
    static let refused = [
        "/verificationCodes", "sendVerificationCode", "verifyPhoneNumber", "accounts:signInWithPhoneNumber",
        "/mfaEnrollment:", "/mfaSignIn:",
    ]

    /// A server with no outbox at all: the links come from the administrator's link route, as production gives them.
    @Test("without an email outbox, the administrator's links (returnOobLink) judge the email-link rules")
    func adminLinks() async throws {
        let server = IdentityToolkitServer()
        let baseURL = FakeServerURLProtocol.register("no-outbox") { request in
            guard !request.url.path.hasSuffix("/oobCodes"), !request.url.path.hasSuffix("/verificationCodes") else {
                return HTTPResponse(status: 404, headers: ["Content-Type": "text/plain"], body: Data("Not Found".utf8))
            }
            return await server.answer(request)
        }
        var configuration = Self.configuration(baseURL, server, name: "a server with no outbox")
        configuration.adminToken = "owner"
        let (prepared, findings) = try await IdentityToolkitSubject(configuration).preflighted()
        #expect(!findings.emailOutbox && findings.adminLinks, "\(findings)")
        #expect(findings.description.contains("mails: the administrator's links"), "\(findings)")
        #expect(prepared.capabilities.readsMails && !prepared.capabilities.readsTexts)
        let report = await (try ConformanceRunner(subject: prepared, options: .overHTTP)).run(
            RuleCatalogue.all.filter { $0.flow == .emailLink })
        let failures = report.results.flatMap(\.checks).filter { $0.status == .fail || $0.status == .warn }
        #expect(failures.isEmpty, "\(failures.map { "\($0.id): \($0.message ?? "")" })")
        let judged = report.results.filter { $0.status == .pass }
        #expect(judged.count >= 10, "\(report.results.map(\.summary))")
    }

    static func configuration(
        _ baseURL: URL, _ server: IdentityToolkitServer, name: String
    ) -> IdentityToolkitConfiguration {
        IdentityToolkitConfiguration(
            baseURL: baseURL, projectID: server.defaultProjectID, apiKey: "any-key", isolation: .projectPerCheck,
            newProject: { server.newProject($0) },
            makeSessionConfiguration: {
                let configuration = URLSessionConfiguration.ephemeral
                configuration.protocolClasses = [FakeServerURLProtocol.self]
                return configuration
            }, name: name)
    }

    @Test("the preflight reads the email outbox alone; LINK rules pass, phone and multi-factor ones are n/a, named")
    func emailOutboxOnly() async throws {
        let server = IdentityToolkitServer()
        let baseURL = FakeServerURLProtocol.register("email-outbox-only") { request in
            guard !Self.refused.contains(where: request.url.path.contains) else {
                return HTTPResponse(status: 404, headers: ["Content-Type": "text/plain"], body: Data("Not Found".utf8))
            }
            return await server.answer(request)
        }
        let subject = IdentityToolkitSubject(
            Self.configuration(baseURL, server, name: "a server with an email outbox only"))
        let (prepared, findings) = try await subject.preflighted()
        #expect(findings.emailOutbox && !findings.textOutbox, "\(findings)")
        #expect(findings.description.contains("outbox: emails only"), "\(findings)")
        #expect(prepared.capabilities.readsMails && !prepared.capabilities.readsTexts)
        #expect(findings.flows.contains(.emailLink) && !findings.flows.contains(.phone), "\(findings)")
        let report = await (try ConformanceRunner(subject: prepared, options: .overHTTP)).run()
        let failures = report.results.flatMap(\.checks).filter { $0.status == .fail || $0.status == .warn }
        #expect(failures.isEmpty, "\(failures.map { "\($0.id): \($0.message ?? "")" })")
        // Every email-link rule is judged but two: LINK-9 needs the server to take the link lifetime it is given, and
        // LINK-12 a first user of another flow than the link's own and the password's.
        let links = report.results.filter { $0.flow == .emailLink }
        let judged = links.filter { $0.status == .pass }.map(\.rule)
        #expect(judged.count == links.count - 2 && judged.count >= 10, "\(links.map(\.summary))")
        let phone = try #require(report.results.first { $0.rule == "PHONE-4" }?.checks.first)
        #expect(phone.status == .notApplicable, "\(phone.message ?? "")")
    }
}
