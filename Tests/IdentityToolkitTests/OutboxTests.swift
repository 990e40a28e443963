import ConformanceKit
import Foundation
import IdentityToolkitServer
import IdentityToolkitSubject
import MockIdP
import ReferenceAuth
import Synchronization
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// An outbox reader that hears what it is asked and can add texts of its own, for another backend's test hook.
final class RecordingReader: OutboxReader {
    let inner = EmulatorTestHooks()
    let extraTexts: [OutboxText]
    private let calls = Mutex<[String]>([])

    init(extraTexts: [OutboxText] = []) { self.extraTexts = extraTexts }

    var heard: [String] { calls.withLock { $0 } }

    func texts(projectID: String, over http: IdentityToolkitHTTP) async throws(AuthError) -> [OutboxText] {
        calls.withLock { $0.append("texts \(projectID)") }
        return try await inner.texts(projectID: projectID, over: http) + extraTexts
    }

    func emails(projectID: String, over http: IdentityToolkitHTTP) async throws(AuthError) -> [OutboxEmail] {
        calls.withLock { $0.append("emails \(projectID)") }
        return try await inner.emails(projectID: projectID, over: http)
    }
}

@Suite("What the server sends reaches the world through the outbox reader")
struct OutboxTests {
    static func launch(_ configuration: IdentityToolkitConfiguration, world: World) async throws -> any AuthClient {
        let backend = try await IdentityToolkitSubject(configuration).makeBackend(
            configuration: .standard, world: world)
        return try await backend.makeClient(on: .primary)
    }

    static func configuration(
        _ server: IdentityToolkitServer, reader: any OutboxReader = EmulatorTestHooks()
    ) -> IdentityToolkitConfiguration {
        IdentityToolkitConfiguration(
            baseURL: server.baseURL, projectID: ProjectConfiguration.standard.projectID, isolation: .oneCheckAtATime,
            makeSessionConfiguration: { server.urlSessionConfiguration() }, outboxReader: reader)
    }

    @Test("the emulator's verificationCodes list the text; the world's carrier gets it once, matched by sessionInfo")
    func textsBySessionInfo() async throws {
        let server = IdentityToolkitServer(defaultProjectID: ProjectConfiguration.standard.projectID)
        let world = World()
        let client = try await Self.launch(Self.configuration(server), world: world)
        let first = try await client.phone!.verifyPhoneNumber("+16505550101")
        let second = try await client.phone!.verifyPhoneNumber("+16505550102")
        let texts = world.outbound.readAllSMS()
        #expect(texts.map(\.to) == ["+16505550101", "+16505550102"])
        let listed = await server.handle(
            HTTPRequest(url: server.baseURL.appending(path: "/emulator/v1/projects/conformance-demo/verificationCodes"))
        )
        let entries = try #require(listed.jsonObject?["verificationCodes"] as? [[String: String]])
        #expect(entries.map { $0["sessionInfo"] } == [first, second])
        #expect(entries.map { $0["phoneNumber"] } == ["+16505550101", "+16505550102"])
        let code = try #require(entries.first?["code"])
        #expect(texts.first?.text.contains(code) == true)
        _ = try await client.signIn(with: .phone(verificationID: first, verificationCode: code))
        let after = await server.handle(
            HTTPRequest(url: server.baseURL.appending(path: "/emulator/v1/projects/conformance-demo/verificationCodes"))
        )
        #expect(
            (after.jsonObject?["verificationCodes"] as? [[String: String]])?.count == 2, "the outbox is never cleared")
    }

    @Test("a reader of another backend plugs in; texts for another verification are not delivered")
    func pluggableReader() async throws {
        let server = IdentityToolkitServer(defaultProjectID: ProjectConfiguration.standard.projectID)
        let stray = OutboxText(phoneNumber: "+16505550199", code: "111111", sessionInfo: "someone-elses-session")
        let reader = RecordingReader(extraTexts: [stray])
        let world = World()
        let client = try await Self.launch(Self.configuration(server, reader: reader), world: world)
        _ = try await client.phone!.verifyPhoneNumber("+16505550101")
        #expect(world.outbound.readAllSMS().map(\.to) == ["+16505550101"])
        #expect(reader.heard.contains("texts conformance-demo"))
    }

    @Test("emails listed before the check began are never delivered; a new link reaches the mailbox once")
    func emailsAfterBaseline() async throws {
        let server = IdentityToolkitServer(defaultProjectID: ProjectConfiguration.standard.projectID)
        let settings = ActionCodeSettings(
            url: "https://example.com/finish", handleCodeInApp: true, iOSBundleID: "com.example.conformance")
        let earlier = World()
        let earlierClient = try await Self.launch(Self.configuration(server), world: earlier)
        try await earlierClient.emailLink!.sendSignInLink(toEmail: "ada@example.com", actionCodeSettings: settings)
        #expect(earlier.outbound.readAllEmails().count == 1)
        let world = World()
        let client = try await Self.launch(Self.configuration(server), world: world)
        #expect(world.outbound.finish().isClean)
        try await client.emailLink!.sendSignInLink(toEmail: "ada@example.com", actionCodeSettings: settings)
        try await client.emailLink!.sendSignInLink(toEmail: "bob@example.com", actionCodeSettings: settings)
        let emails = world.outbound.readAllEmails()
        #expect(emails.map(\.to) == ["ada@example.com", "bob@example.com"])
        let link = try #require(emails.first?.links.first)
        #expect(EmailSignInLink.isSignInLink(link.absoluteString))
        _ = try await client.emailLink!.signIn(withEmail: "ada@example.com", link: link.absoluteString)
    }

    @Test("the shared project's accounts are deleted when a new check's first app launches")
    func resetBetweenChecks() async throws {
        let server = IdentityToolkitServer(defaultProjectID: ProjectConfiguration.standard.projectID)
        let subject = IdentityToolkitSubject(Self.configuration(server))
        let first = try await subject.makeBackend(configuration: .standard, world: World()).makeClient(on: .primary)
        _ = try await first.emailPassword!.createUser(withEmail: "ada@example.com", password: "correct horse")
        let world = World()
        let second = try await subject.makeBackend(configuration: .standard, world: world).makeClient(on: .primary)
        _ = try await second.emailPassword!.createUser(withEmail: "ada@example.com", password: "correct horse")
        let sameCheck = try await subject.makeBackend(configuration: .standard, world: world).makeClient(on: .secondary)
        await #expect(throws: AuthError.self) {
            _ = try await sameCheck.emailPassword!.createUser(withEmail: "ada@example.com", password: "correct horse")
        }
    }
}
