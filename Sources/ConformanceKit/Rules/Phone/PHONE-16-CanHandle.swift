import Foundation
import MockIdP
import Synchronization

extension Rule {
    public static let phone16 = Rule(
        "PHONE-16", .must, flow: .phone,
        title: "The client recognizes its own pushes and redirect URLs, and nothing else",
        statement: """
            The client recognizes its own push notifications and redirect URLs (canHandleNotification, canHandle(url)) and \
            rejects anything else, also while it is waiting for its own (a forged push to a freshly launched app, a foreign URL \
            during a pending reCAPTCHA redirect).
            """,
        sources: [.firebasePhoneAuth(section: "Appendix: Using phone sign-in without swizzling: canHandleNotification, canHandle(url)")],
        hint: """
            if this fails, check that canHandleNotification and canHandle(url) accept only the push or redirect the client \
            is itself waiting for, once, and refuse everything else, also before and while it waits
            """,
        checks: [
            Check("a freshly launched app refuses a forged app-verification push") { context in
                let app = try await context.launchApp()
                for userInfo in forgedPushes {
                    let handled = await app.client.canHandleNotification(userInfo)
                    try expect(!handled, "a freshly launched app's canHandleNotification(\(userInfo)) is true")
                }
            },
            Check("while it waits for its push, the app refuses a forged one, then handles its own, then refuses its replay", requires: [.worldParties]) { context in
                let app = try await context.launchApp()
                let forgedAnswers = Mutex<[([String: String], Bool)]>([])
                let push = context.world.push
                push.beforeNextDelivery { device in
                    guard let token = push.deviceToken(for: device) else { return }
                    for userInfo in forgedPushes {
                        try? await push.send(userInfo, toDeviceToken: token)
                        let handled = push.deliveries.last?.handled ?? false
                        forgedAnswers.withLock { $0.append((userInfo, handled)) }
                    }
                }
                _ = try await context.requestCode(PhoneNumbers.us, on: app.client)
                for (userInfo, handled) in forgedAnswers.withLock({ $0 }) {
                    try expect(!handled, "while waiting for its push, the app handled the forged notification \(userInfo)")
                }
                try expect(!forgedAnswers.withLock(\.isEmpty), "no app-verification push was sent, so nothing could be forged before it")
                guard let own = push.deliveries.last else { throw CheckFailure("no silent push reached the device") }
                try expect(own.handled, "the client did not recognize its own app-verification push \(own.userInfo)")
                let replayed = await app.client.canHandleNotification(own.userInfo)
                try expect(!replayed, "canHandleNotification is true for a replay of the push it already handled: \(own.userInfo)")
            },
            Check("while it waits for its reCAPTCHA redirect, the app refuses foreign URLs, then handles its own, then refuses its replay", requires: [.worldParties]) { context in
                context.world.push.set(.unavailable)
                let app = try await context.launchApp()
                let foreignAnswers = Mutex<[(URL, Bool)]>([])
                context.world.recaptcha.beforeNextRedirect { device, callbackURL in
                    for url in foreignURLs(like: callbackURL) {
                        let handled = await context.world.devices.open(url, on: device)
                        foreignAnswers.withLock { $0.append((url, handled)) }
                    }
                }
                _ = try await context.requestCode(PhoneNumbers.us, on: app.client)
                for (url, handled) in foreignAnswers.withLock({ $0 }) {
                    try expect(!handled, "while waiting for its reCAPTCHA redirect, canHandle(\(url)) is true for a foreign URL")
                }
                guard let (redirect, _, handled) = context.world.devices.openedURLs.last else { throw CheckFailure("the reCAPTCHA redirected nothing to the app") }
                try expect(handled, "the client did not recognize its own reCAPTCHA redirect \(redirect)")
                let replayed = await app.client.canHandle(redirect)
                try expect(!replayed, "canHandle is true for a replay of the redirect it already handled: \(redirect)")
            },
        ])
}

/// App-verification pushes nobody sent: empty, another app's, and one shaped like Firebase's with a made-up receipt.
private let forgedPushes: [[String: String]] = [
    [:], ["aps": "{\"content-available\":1}"],
    ["com.google.firebase.auth": "{\"receipt\":\"forged-receipt\",\"secret\":\"forged-secret\"}"],
]

/// URLs nearest to the app's own redirect that are not it: the same link with another event ID, another app's
/// scheme, and a web page.
private func foreignURLs(like callbackURL: URL) -> [URL] {
    var otherEvent = URLComponents(url: callbackURL, resolvingAgainstBaseURL: false) ?? URLComponents()
    otherEvent.queryItems = (otherEvent.queryItems ?? []).map { $0.name == "eventId" ? URLQueryItem(name: "eventId", value: "FORGEDEVENT") : $0 }
        + [URLQueryItem(name: "recaptchaToken", value: "forged")]
    var otherScheme = otherEvent
    otherScheme.scheme = "otherapp"
    return [otherEvent.url, otherScheme.url, URL(string: "https://example.com/callback?recaptchaToken=forged")].compactMap { $0 }
}
