import ConformanceKit
import Foundation
import MockIdP
import ReferenceAuth
import Testing

/// The core's account calls in the reference, which the rules of the next flows (email link, OAuth, Apple) use.
@Suite("Linking and deleting accounts in the reference")
struct AccountTests {
    private func signedInWithPassword(in world: World) async throws -> (any AuthBackend, any AuthClient) {
        let backend = try await ReferenceSubject().makeBackend(configuration: .withoutVerificationLimit, world: world)
        let client = try await backend.makeClient(on: .primary)
        world.devices.install(DelegatingApp(client: client), on: .primary)
        _ = try await #require(client.emailPassword).createUser(withEmail: "ada@example.com", password: "correct horse")
        return (backend, client)
    }

    private func phoneCredential(
        _ number: String, on client: any AuthClient, in world: World
    ) async throws -> AuthCredential {
        let verificationID = try await #require(client.phone).verifyPhoneNumber(number)
        let sms = try #require(world.outbound.latestSMS(to: number))
        let code = try #require(SMSCode.extract(from: sms.text))
        return .phone(verificationID: verificationID, verificationCode: code)
    }

    @Test("a linked phone number signs the same user in; one another user has is refused")
    func linkPhone() async throws {
        let world = World()
        let (backend, client) = try await signedInWithPassword(in: world)
        let linked = try await client.link(with: try await phoneCredential(PhoneNumbers.us, on: client, in: world))
        #expect(linked.user.phoneNumber == PhoneNumbers.us)
        try await client.signOut()
        let other = try await backend.makeClient(on: .secondary)
        world.devices.install(DelegatingApp(client: other), on: .secondary)
        let signedIn = try await other.signIn(with: try await phoneCredential(PhoneNumbers.us, on: other, in: world))
        #expect(signedIn.user.uid == linked.user.uid)
        _ = try await #require(other.emailPassword).createUser(
            withEmail: "grace@example.com", password: "staple battery")
        let error = await #expect(throws: AuthError.self) {
            try await other.link(with: try await phoneCredential(PhoneNumbers.us, on: other, in: world))
        }
        #expect(error?.code == .credentialAlreadyInUse, "linking a number another user has")
    }

    @Test("a deleted user is signed out and cannot sign in again")
    func delete() async throws {
        let world = World()
        let (_, client) = try await signedInWithPassword(in: world)
        try await client.delete()
        #expect(await client.currentUser == nil)
        let error = await #expect(throws: AuthError.self) {
            try await client.signIn(with: .password(email: "ada@example.com", password: "correct horse"))
        }
        #expect(error?.code == .userNotFound)
    }
}

/// Forwards the device's pushes and URLs to the client, as the checks' app delegate does.
private struct DelegatingApp: DeviceApp {
    let client: any AuthClient
    func didReceiveRemoteNotification(_ userInfo: [String: String]) async -> Bool {
        await client.canHandleNotification(userInfo)
    }
    func open(_ url: URL) async -> Bool { await client.canHandle(url) }
}
