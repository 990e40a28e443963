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

@Suite("The virtual clock")
struct VirtualClockTests {
    @Test("a waiter wakes only when time is advanced past its deadline")
    func sleeper() async throws {
        let clock = VirtualClock(epoch: World.defaultEpoch)
        let woke = Mutex(false)
        let waiter = Task {
            try await clock.wait(for: .seconds(10))
            woke.withLock { $0 = true }
        }
        for _ in 0..<50 { await Task.yield() }
        clock.advance(by: .seconds(9))
        for _ in 0..<50 { await Task.yield() }
        #expect(woke.withLock { $0 } == false)
        clock.advance(by: .seconds(1))
        try await waiter.value
        #expect(woke.withLock { $0 })
        #expect(clock.date == World.defaultEpoch.addingTimeInterval(10))
    }

    @Test("a deadline in the past wakes at once; a cancelled waiter throws")
    func pastAndCancelled() async throws {
        let clock = VirtualClock(epoch: World.defaultEpoch)
        clock.advance(by: .seconds(5))
        try await clock.wait(until: VirtualClock.Instant(offset: .seconds(1)))
        let waiter = Task { try await clock.wait(for: .seconds(60)) }
        waiter.cancel()
        await #expect(throws: CancellationError.self) { try await waiter.value }
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

    @Test("a stalling carrier lets virtual time pass until its caller gives up")
    func stallAbandoned() async throws {
        let world = World()
        world.sms.set(.stalling)
        let call = Task { try await world.sms.send(to: "+16505550101", text: "x", language: nil) }
        try await world.clock.wait(for: .seconds(30))
        call.cancel()
        await #expect(throws: PartyError.abandoned) { try await call.value }
        #expect(world.clock.now.offset >= .seconds(30))
    }

    @Test("a stalling carrier reports a caller that never gives up")
    func stallExhausted() async {
        let world = World(stallBudget: .seconds(5))
        world.sms.set(.stalling)
        let call = Task { try await world.sms.send(to: "+16505550101", text: "x", language: nil) }
        await world.stalls.waitForExhaustion()
        #expect(world.transcript.all.last?.description.contains("kept the caller waiting for 5s") == true)
        call.cancel()
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
