import Foundation
import MockIdP
import Synchronization
import Testing

private final class RecordingApp: DeviceApp {
    let notifications = Mutex<[[String: String]]>([])
    let urls = Mutex<[URL]>([])

    func didReceiveRemoteNotification(_ userInfo: [String: String]) async -> Bool {
        notifications.withLock { $0.append(userInfo) }
        return true
    }

    func open(_ url: URL) async -> Bool {
        urls.withLock { $0.append(url) }
        return true
    }
}

@Suite("The world's parties")
struct PartyTests {
    @Test("the SMS carrier delivers to an inbox, fails on demand, and records both")
    func sms() async throws {
        let world = World()
        try await world.sms.send(to: "+16505550101", text: "123456 is your code", language: "en")
        #expect(world.sms.inbox("+16505550101").map(\.text) == ["123456 is your code"])
        world.sms.set(.failing)
        await #expect(throws: PartyError.failed(reason: "carrier error 503")) {
            try await world.sms.send(to: "+16505550101", text: "x", language: nil)
        }
        #expect(world.sms.messages.count == 1)
        #expect(world.transcript.all.count == 2)
    }

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
        world.recaptcha.beforeNextRedirect { device, callback in await world.devices.open(URL(string: "other://x")!, on: device) }
        try await world.recaptcha.present(on: .primary, callbackURL: URL(string: "app://firebaseauth/link?eventId=E")!)
        let opened = world.devices.openedURLs.map(\.url.scheme)
        #expect(opened == ["other", "app"])
    }

    @Test("a solved reCAPTCHA redirects to the app with a token that verifies once")
    func recaptcha() async throws {
        let world = World()
        let app = RecordingApp()
        world.devices.install(app, on: .primary)
        try await world.recaptcha.present(on: .primary, callbackURL: URL(string: "app://firebaseauth/link?eventId=E")!)
        let redirect = try #require(app.urls.withLock { $0.first })
        let token = try #require(URLComponents(url: redirect, resolvingAgainstBaseURL: false)?.queryItems?.first { $0.name == "recaptchaToken" }?.value)
        #expect(world.recaptcha.verify(token))
        #expect(!world.recaptcha.verify(token))
        world.recaptcha.set(.cancelledByUser)
        await #expect(throws: PartyError.cancelledByUser) { try await world.recaptcha.present(on: .primary, callbackURL: redirect) }
    }

    @Test("the same seed gives the same randomness")
    func seeded() {
        #expect(World(seed: 7).random.string(length: 16) == World(seed: 7).random.string(length: 16))
        #expect(World(seed: 7).random.digits(6) != World(seed: 8).random.digits(6))
    }

    @Test("base64url round-trips without padding")
    func base64URL() {
        let bytes: [UInt8] = [0xfb, 0xff, 0x01, 0x02]
        #expect(Base64URL.encode(bytes) == "-_8BAg")
        #expect(Base64URL.decode("-_8BAg").map(Array.init) == bytes)
        #expect(Base64URL.decode("a=") == nil)
    }
}
