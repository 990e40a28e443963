import Foundation
import MockIdP
import Synchronization
import Testing

@Suite("The reCAPTCHA party")
struct ReCaptchaTests {
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
}
