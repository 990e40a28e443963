import Foundation
import MockIdP
import Synchronization
import Testing

@Suite("The push channel")
struct PushChannelTests {
    @Test("pushes reach the app on the device; an unavailable channel gives no token")
    func push() async throws {
        let world = World()
        let app = RecordingApp()
        world.devices.install(app, on: .primary)
        let token = try #require(world.push.deviceToken(for: .primary))
        try await world.push.send(["k": "v"], toDeviceToken: token)
        #expect(app.notifications.withLock { $0 } == [["k": "v"]])
        #expect(world.push.deliveries.first?.handled == true)
        world.push.set(.unavailable)
        #expect(world.push.deviceToken(for: .primary) == nil)
        await #expect(throws: PartyError.unavailable) { try await world.push.send([:], toDeviceToken: token) }
    }

    @Test("a check can act once just before the next push, and just before the next reCAPTCHA redirect")
    func interjections() async throws {
        let world = World()
        world.devices.install(RecordingApp(), on: .primary)
        let token = try #require(world.push.deviceToken(for: .primary))
        world.push.beforeNextDelivery { device in try? await world.push.send(["forged": "1"], toDeviceToken: token) }
        try await world.push.send(["real": "1"], toDeviceToken: token)
        try await world.push.send(["later": "1"], toDeviceToken: token)
        #expect(world.push.deliveries.map(\.userInfo) == [["forged": "1"], ["real": "1"], ["later": "1"]])
        world.recaptcha.beforeNextRedirect { device, callback in
            await world.devices.open(URL(string: "other://x")!, on: device)
        }
        try await world.recaptcha.present(on: .primary, callbackURL: URL(string: "app://firebaseauth/link?eventId=E")!)
        let opened = world.devices.openedURLs.map(\.url.scheme)
        #expect(opened == ["other", "app"])
    }
}
