import Foundation
import MockIdP
import Synchronization

extension Rule {
    public static let phone16 = Rule(
        "PHONE-16", .must, flow: .phone,
        title: "The client recognizes its own pushes and redirect URLs, and nothing else",
        statement: """
            The client recognizes its own push notifications and redirect URLs (canHandleNotification, canHandle(url)) \
            and rejects anything else, also while it is waiting for its own (a forged push to a freshly launched app, \
            a foreign URL during a pending reCAPTCHA redirect).
            """,
        sources: [
            .firebasePhoneAuth(
                section: "Appendix: Using phone sign-in without swizzling: canHandleNotification, canHandle(url)")
        ],
        hint: """
            if this fails, check that canHandleNotification and canHandle(url) accept only the push or redirect the \
            client is itself waiting for, once, and refuse everything else, also before and while it waits
            """,
        checks: [
            Check(id: "forged-push-refused", "a freshly launched app refuses a forged app-verification push") {
                context in
                let app = try await context.launchApp()
                try await expectEveryCase(forgedPushes, "pushes nobody sent") { userInfo in
                    let handled = await app.client.canHandleNotification(userInfo)
                    try expectEqual(
                        handled, false,
                        "the answer of canHandleNotification(\(userInfo)) on a freshly launched app waiting for nothing"
                    )
                }
            },
            Check(
                id: "only-own-push",
                """
                while it waits for its push, the app refuses another device's genuine push, then handles its own, then \
                refuses its replay
                """, requires: [.worldParties]
            ) { context in
                let backend = try await context.makeBackend()
                let push = context.world.push
                let otherPush = try await context.genuinePushOfAnotherDevice(backend)
                let client = try await context.launch(backend)
                let handledFresh = await client.canHandleNotification(otherPush)
                try expectEqual(
                    handledFresh, false,
                    """
                    the answer of canHandleNotification(\(otherPush)), another device's push, on a freshly launched \
                    app
                    """)
                let foreign = forgedPushes + [otherPush]
                let forgedAnswers = Mutex<[([String: String], Bool)]>([])
                push.beforeNextDelivery { device in
                    guard let token = push.deviceToken(for: device) else { return }
                    for userInfo in foreign {
                        try? await push.send(userInfo, toDeviceToken: token)
                        let handled = push.deliveries.last?.handled ?? false
                        forgedAnswers.withLock { $0.append((userInfo, handled)) }
                    }
                }
                // A forged push the app takes can spoil its own request: the forged push is judged first, so the
                // failure names the push the app took, not what went wrong after it.
                let requestError: (any Error)?
                do {
                    _ = try await context.requestCode(PhoneNumbers.us, on: client)
                    requestError = nil
                } catch { requestError = error }
                try await expectEveryCase(
                    forgedAnswers.withLock({ $0 }), "pushes that are not its own (forged, or another device's)"
                ) { userInfo, handled in
                    try expectEqual(
                        handled, false,
                        """
                        the answer of canHandleNotification(\(userInfo)) while the app waits for its app-verification \
                        push
                        """)
                }
                if let requestError { throw requestError }
                try expect(
                    !forgedAnswers.withLock(\.isEmpty),
                    "no app-verification push was sent, so nothing could be forged before it",
                    expected: "an app-verification push", actual: "none")
                guard let own = push.deliveries.last else {
                    throw CheckFailure(
                        "no silent push reached the device", expected: "the app's own app-verification push",
                        actual: "none")
                }
                try expectEqual(
                    own.handled, true,
                    "the answer of canHandleNotification(\(own.userInfo)), its own app-verification push")
                let replayed = await client.canHandleNotification(own.userInfo)
                try expectEqual(
                    replayed, false,
                    "the answer of canHandleNotification(\(own.userInfo)), a replay of the push it already handled")
            },
            Check(
                id: "only-own-redirect",
                """
                while it waits for its reCAPTCHA redirect, the app refuses another device's genuine redirect and other \
                apps' URLs, then handles its own, then refuses its replay
                """, requires: [.worldParties]
            ) { context in
                context.world.push.set(.unavailable)
                let backend = try await context.makeBackend()
                let otherRedirect = try await context.genuineRedirectOfAnotherDevice(backend)
                let client = try await context.launch(backend)
                let foreignAnswers = Mutex<[(ReCaptchaRedirectForgery, URL, Bool)]>([])
                let forgeries: [ReCaptchaRedirectForgery] = [
                    .anotherChallenge(otherRedirect), .anotherAppsScheme(tokenOf: otherRedirect),
                    .webPage(of: otherRedirect),
                ]
                context.world.recaptcha.beforeNextRedirect { device, callbackURL in
                    for forgery in forgeries {
                        let url = context.world.recaptcha.forge(forgery, toward: callbackURL)
                        let handled = await context.world.devices.open(url, on: device)
                        foreignAnswers.withLock { $0.append((forgery, url, handled)) }
                    }
                }
                let requestError: (any Error)?
                do {
                    _ = try await context.requestCode(PhoneNumbers.us, on: client)
                    requestError = nil
                } catch { requestError = error }
                try await expectEveryCase(
                    foreignAnswers.withLock({ $0 }),
                    "URLs that are not its own redirect (another device's, another app's, a web page)"
                ) { forgery, url, handled in
                    try expectEqual(
                        handled, false,
                        "the answer of canHandle(\(url)), \(forgery), while the app waits for its reCAPTCHA redirect")
                }
                if let requestError { throw requestError }
                try expect(
                    !foreignAnswers.withLock(\.isEmpty),
                    "no reCAPTCHA was solved, so nothing could be forged before its redirect",
                    expected: "a solved reCAPTCHA", actual: "none")
                guard let (redirect, _, handled) = context.world.devices.openedURLs.last else {
                    throw CheckFailure(
                        "the reCAPTCHA redirected nothing to the app", expected: "the app's own reCAPTCHA redirect",
                        actual: "none")
                }
                try expectEqual(handled, true, "the answer of canHandle(\(redirect)), its own reCAPTCHA redirect")
                let replayed = await client.canHandle(redirect)
                try expectEqual(
                    replayed, false, "the answer of canHandle(\(redirect)), a replay of the redirect it already handled"
                )
            },
        ])
}

/// Pushes nobody sent, in no subject's format (a check never relies on the subject's own wire names): empty, and
/// another app's plain silent push. The nearest forgery, another request's genuine push, is made by the world.
private let forgedPushes: [[String: String]] = [[:], ["aps": "{\"content-available\":1}"]]

extension CheckContext {
    /// The app-verification push of a request made by the same project's app on another device: genuine, but not
    /// for the primary device's request, whatever the subject names its fields.
    fileprivate func genuinePushOfAnotherDevice(
        _ backend: any AuthBackend, filePath: String = #filePath, line: Int = #line
    ) async throws -> [String: String] {
        try await requestCodeOnAnotherDevice(backend, filePath: filePath, line: line)
        guard let push = world.push.deliveries.last(where: { $0.device == .secondary && $0.handled }) else {
            throw CheckFailure(
                "no app-verification push reached the app on \(Device.secondary), which asked for a code",
                expected: "a push the app handled", actual: "none", filePath: filePath, line: line)
        }
        return push.userInfo
    }

    /// The reCAPTCHA redirect of a request made by the same project's app on another device: the nearest URL to the
    /// primary device's own redirect (same app, another event), whatever the subject names its parameters.
    fileprivate func genuineRedirectOfAnotherDevice(
        _ backend: any AuthBackend, filePath: String = #filePath, line: Int = #line
    ) async throws -> URL {
        try await requestCodeOnAnotherDevice(backend, filePath: filePath, line: line)
        guard let redirect = world.devices.openedURLs.last(where: { $0.device == .secondary && $0.handled }) else {
            throw CheckFailure(
                "no reCAPTCHA redirect reached the app on \(Device.secondary), which asked for a code",
                expected: "a redirect the app handled", actual: "none", filePath: filePath, line: line)
        }
        return redirect.url
    }

    /// The same project's app on another device asks for a code, so the world hands it a genuine proof.
    private func requestCodeOnAnotherDevice(_ backend: any AuthBackend, filePath: String, line: Int) async throws {
        let other = try await launch(backend, on: .secondary, filePath: filePath, line: line)
        _ = try await requestCode(PhoneNumbers.usOther, on: other, filePath: filePath, line: line)
    }
}
