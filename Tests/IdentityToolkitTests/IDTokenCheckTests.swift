import ConformanceKit
import Foundation
import IdentityToolkitServer
import IdentityToolkitSubject
import MockIdP
import ReferenceAuth
import Testing

@Suite("ID tokens are verified for real over HTTP")
struct IDTokenCheckTests {
    /// The server is held by the caller: the URL protocol finds it only while it lives.
    static func signedIn(on server: IdentityToolkitServer) async throws -> (any AuthBackend, String) {
        let subject = IdentityToolkitSubject(
            IdentityToolkitConfiguration(
                baseURL: server.baseURL, projectID: server.defaultProjectID, isolation: .projectPerCheck,
                newProject: { server.newProject($0) }, makeSessionConfiguration: { server.urlSessionConfiguration() },
                publishedKeys: server.publishedKeysURL))
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
}
