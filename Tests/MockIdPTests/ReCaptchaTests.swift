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
        let token = try #require(
            URLComponents(url: redirect, resolvingAgainstBaseURL: false)?.queryItems?.first {
                $0.name == "recaptchaToken"
            }?.value)
        #expect(world.recaptcha.verify(token))
        #expect(!world.recaptcha.verify(token))
        world.recaptcha.set(.cancelledByUser)
        await #expect(throws: PartyError.cancelledByUser) {
            try await world.recaptcha.present(on: .primary, callbackURL: redirect)
        }
    }

    @Test(
        """
        each forgery is a URL the party never sent to the app, made from another challenge's redirect and the app's \
        callback
        """)
    func forgeries() {
        let recaptcha = World().recaptcha
        let callback = URL(string: "app://firebaseauth/link?eventId=MINE")!
        let other = URL(string: "app://firebaseauth/link?eventId=THEIRS&recaptchaToken=T")!
        #expect(recaptcha.forge(.anotherChallenge(other), toward: callback) == other)
        #expect(
            recaptcha.forge(.anotherAppsScheme(tokenOf: other), toward: callback) == URL(
                string: "otherapp://firebaseauth/link?eventId=MINE&recaptchaToken=T")!)
        #expect(
            recaptcha.forge(.webPage(of: other), toward: callback) == URL(
                string: "https://example.com/link?eventId=THEIRS&recaptchaToken=T")!)
    }
}
