import Foundation
import MockIdP

extension Rule {
    public static let phone16 = Rule(
        "PHONE-16", .must, flow: .phone,
        title: "The client recognizes its own pushes and redirect URLs, and nothing else",
        statement: """
            The client recognizes its own push notifications and redirect URLs (canHandleNotification, canHandle(url)) and \
            rejects anything else.
            """,
        source: "000 appendix (canHandleNotification, canHandle(url))",
        checks: [
            Check("the app-verification push is recognized; foreign and replayed pushes are not") { context in
                let app = try await context.launchApp()
                _ = try await context.requestCode(PhoneNumbers.us, on: app.client)
                guard let push = context.world.push.deliveries.first else { throw CheckFailure("no silent push reached the device") }
                try expect(push.handled, "the client did not recognize its own app-verification push \(push.userInfo)")
                let foreign: [[String: String]] = [[:], ["aps": "{\"content-available\":1}"], ["com.google.firebase.auth": "{\"receipt\":\"forged\",\"secret\":\"forged\"}"]]
                for userInfo in foreign + [push.userInfo] {
                    let handled = await app.client.canHandleNotification(userInfo)
                    try expect(!handled, "canHandleNotification(\(userInfo)) is true for a notification the client is not waiting for")
                }
            },
            Check("the reCAPTCHA redirect is recognized; foreign and replayed URLs are not") { context in
                context.world.push.set(.unavailable)
                let app = try await context.launchApp()
                _ = try await context.requestCode(PhoneNumbers.us, on: app.client)
                let redirects = context.world.transcript.events { event -> (URL, Bool)? in
                    if case .urlOpened(let url, _, let handled) = event { (url, handled) } else { nil }
                }
                guard let (redirect, handled) = redirects.first else { throw CheckFailure("the reCAPTCHA redirected nothing to the app") }
                try expect(handled, "the client did not recognize its own reCAPTCHA redirect \(redirect)")
                let foreign = [URL(string: "https://example.com/callback?recaptchaToken=x")!, URL(string: "otherapp://firebaseauth/link?recaptchaToken=x")!]
                for url in foreign + [redirect] {
                    let handled = await app.client.canHandle(url)
                    try expect(!handled, "canHandle(\(url)) is true for a URL the client is not waiting for")
                }
            },
        ])
}
