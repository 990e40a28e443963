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

@Suite("ID tokens are verified for real over HTTP")
struct IDTokenCheckTests {
    /// The server is held by the caller: the URL protocol finds it only while it lives.
    static func signedIn(on server: IdentityToolkitServer) async throws -> (any AuthBackend, String) {
        let subject = IdentityToolkitSubject(
            IdentityToolkitConfiguration(
                baseURL: server.baseURL, projectID: server.defaultProjectID, isolation: .projectPerCheck,
                newProject: { server.newProject($0) }, makeSessionConfiguration: { server.urlSessionConfiguration() },
                publishedKeys: .at(server.publishedKeysURL)))
        let backend = try await subject.makeBackend(configuration: .standard, world: World())
        let client = try await backend.makeClient(on: .primary)
        _ = try await client.emailPassword!.createUser(withEmail: "ada@example.com", password: "correct horse")
        return (backend, try await client.getIDToken(forceRefresh: false))
    }

    let server = IdentityToolkitServer()

    @Test("the server's own token verifies, with its claims")
    func ownToken() async throws {
        let (backend, token) = try await Self.signedIn(on: server)
        let claims = try await backend.verifyIDToken(token)
        #expect(claims.email == "ada@example.com" && claims.signInProvider == ProviderID.password)
    }

    @Test("an unsigned token as the Auth Emulator issues it (alg none) is refused, whatever its claims")
    func emulatorToken() async throws {
        let (backend, token) = try await Self.signedIn(on: server)
        let payload = token.split(separator: ".")[1]
        let none = Base64URL.encode(Data(#"{"alg":"none","kid":"fakekid","typ":"JWT"}"#.utf8))
        let error = await #expect(throws: AuthError.self) { _ = try await backend.verifyIDToken("\(none).\(payload).") }
        #expect(error?.code == .invalidUserToken)
    }

    @Test("a signature spelled differently in its unused last bits is refused")
    func nonCanonicalSignature() async throws {
        let (backend, token) = try await Self.signedIn(on: server)
        var characters = Array(token)
        let last = characters[characters.count - 1]
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")
        let index = alphabet.firstIndex(of: last)!
        characters[characters.count - 1] = alphabet[index ^ 1]
        await #expect(throws: AuthError.self) { _ = try await backend.verifyIDToken(String(characters)) }
    }

    @Test("the server's tokens are RS256 under the key it publishes; another kid or algorithm is refused")
    func publishedKeys() async throws {
        let (backend, token) = try await Self.signedIn(on: server)
        let parts = token.split(separator: ".").map(String.init)
        let header = try #require(Base64URL.decode(parts[0]).flatMap { String(data: $0, encoding: .utf8) })
        #expect(header.contains("\"alg\":\"RS256\"") && header.contains("\"kid\""))
        for forged in [#"{"alg":"RS256","kid":"someone-elses-key","typ":"JWT"}"#, #"{"alg":"HS256","typ":"JWT"}"#] {
            let error = await #expect(throws: AuthError.self) {
                _ = try await backend.verifyIDToken("\(Base64URL.encode(Data(forged.utf8))).\(parts[1]).\(parts[2])")
            }
            #expect(error?.code == .invalidUserToken)
        }
    }

    @Test("by default the key set is the one the server publishes under its own root, asked for once")
    func serversOwnKeysByDefault() async throws {
        let subject = IdentityToolkitSubject(
            IdentityToolkitConfiguration(
                baseURL: server.baseURL, projectID: server.defaultProjectID, isolation: .projectPerCheck,
                newProject: { server.newProject($0) }, makeSessionConfiguration: { server.urlSessionConfiguration() }))
        #expect(subject.configuration.publishedKeys == .fromServer)
        let backend = try await subject.makeBackend(configuration: .standard, world: World())
        let client = try await backend.makeClient(on: .primary)
        _ = try await client.emailPassword!.createUser(withEmail: "ada@example.com", password: "correct horse")
        let token = try await client.getIDToken(forceRefresh: false)
        #expect(try await backend.verifyIDToken(token).email == "ada@example.com")
        _ = try await backend.verifyIDToken(token)
        let asked = server.requests.filter { $0.url.path == IdentityToolkitConfiguration.publishedKeysPath }
        #expect(asked.count == 1 && asked.first?.method == "GET")
    }

    @Test("a server that publishes no key set under its root has its tokens checked against Google's")
    func googlesKeysForAServerWithNone() async throws {
        let (_, token) = try await Self.signedIn(on: server)
        // The same server, reached below a path where it publishes nothing (and answers 404), with Google's key set
        // answered in process: the subject asks the server first, then Google.
        let elsewhere = server.baseURL.appending(path: "no-keys-here")
        let subject = IdentityToolkitSubject(
            IdentityToolkitConfiguration(
                baseURL: elsewhere, projectID: server.defaultProjectID,
                makeSessionConfiguration: {
                    let configuration = server.urlSessionConfiguration()
                    configuration.protocolClasses = [GoogleKeySet.self] + (configuration.protocolClasses ?? [])
                    return configuration
                }, outboxReader: EmulatorTestHooks(), accountReset: nil))
        let backend = try await subject.makeBackend(configuration: .standard, world: World())
        let error = await #expect(throws: AuthError.self) { _ = try await backend.verifyIDToken(token) }
        #expect(
            error?.code == .invalidUserToken && error?.message.contains("publishes") == true,
            "\(String(describing: error))")
        #expect(
            server.requests.contains { $0.url.path == "/no-keys-here\(IdentityToolkitConfiguration.publishedKeysPath)" }
        )
        #expect(GoogleKeySet.asked.withLock { $0 } >= 1)
    }
}

/// Google's key set, answered in process with no key in it (no network here): shows that a subject asked for it.
final class GoogleKeySet: InProcessURLProtocol {
    static let asked = Mutex(0)

    override class func canInit(with request: URLRequest) -> Bool {
        request.url?.absoluteString == IdentityToolkitConfiguration.firebasePublishedKeys.absoluteString
    }

    override func responder(for request: URLRequest) -> (Responder, HTTPRequest)? {
        guard let url = request.url else { return nil }
        Self.asked.withLock { $0 += 1 }
        return (
            { _ in
                HTTPResponse(
                    status: 200, headers: ["Content-Type": "application/json"], body: Data(#"{"keys":[]}"#.utf8))
            }, Self.httpRequest(request, url: url)
        )
    }
}
