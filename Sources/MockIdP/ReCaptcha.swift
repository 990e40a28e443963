import Foundation
import Synchronization

/// What the reCAPTCHA party showed, and how it ended.
package enum ReCaptchaEvent: Sendable, Hashable, CustomStringConvertible {
    case presented(on: Device, outcome: ReCaptcha.Outcome)

    public var description: String {
        switch self {
        case .presented(let device, let outcome): "reCAPTCHA presented on \(device): \(outcome)"
        }
    }
}

/// The reCAPTCHA party: presents a challenge on a device and, once solved, redirects to the app with a token.
public final class ReCaptcha: Sendable {
    public enum Mode: Sendable, Hashable {
        case solvedByUser
        case unavailable
        case cancelledByUser
    }

    public enum Outcome: Sendable, Hashable, CustomStringConvertible {
        case solved
        case unavailable
        case cancelledByUser

        public var description: String {
            switch self {
            case .solved: "solved"
            case .unavailable: "unavailable"
            case .cancelledByUser: "cancelled by the user"
            }
        }
    }

    /// The query parameter of the redirect that carries the solved token: the world's name, not the app's.
    public static let tokenParameter = "recaptchaToken"

    private struct State {
        var mode = Mode.solvedByUser
        var issuedTokens: Set<String> = []
        var interjection: (@Sendable (Device, URL) async -> Void)?
    }

    private let state = Mutex(State())
    private let transcript: Transcript
    private let random: RandomSource
    private let devices: Devices

    init(transcript: Transcript, random: RandomSource, devices: Devices) {
        self.transcript = transcript
        self.random = random
        self.devices = devices
    }

    package func set(_ mode: Mode) { state.withLock { $0.mode = mode } }

    /// Runs `action` once, after the next challenge is solved and before its redirect opens the app, with the
    /// device and the callback URL the app asked for: a check's way to act while the app waits (PHONE-16).
    package func beforeNextRedirect(_ action: @escaping @Sendable (Device, URL) async -> Void) {
        state.withLock { $0.interjection = action }
    }

    /// Shows a challenge on `device`. When the user solves it, opens `callbackURL` with a `recaptchaToken`
    /// query item on the device, as the web view's redirect back to the app does.
    public func present(on device: Device, callbackURL: URL) async throws(PartyError) {
        switch state.withLock({ $0.mode }) {
        case .unavailable:
            transcript.record(.recaptcha(.presented(on: device, outcome: .unavailable)))
            throw .unavailable
        case .cancelledByUser:
            transcript.record(.recaptcha(.presented(on: device, outcome: .cancelledByUser)))
            throw .cancelledByUser
        case .solvedByUser:
            let token = "recaptcha-" + random.string(length: 24)
            state.withLock { _ = $0.issuedTokens.insert(token) }
            transcript.record(.recaptcha(.presented(on: device, outcome: .solved)))
            if let interjection = state.withLock({ $0.interjection.take() }) { await interjection(device, callbackURL) }
            var redirect = URLComponents(url: callbackURL, resolvingAgainstBaseURL: false) ?? URLComponents()
            redirect.queryItems = (redirect.queryItems ?? []) + [URLQueryItem(name: Self.tokenParameter, value: token)]
            await devices.open(redirect.url ?? callbackURL, on: device)
        }
    }

    /// Verifies a token the party issued; each token verifies once.
    public func verify(_ token: String) -> Bool { state.withLock { $0.issuedTokens.remove(token) != nil } }

    /// A URL the party never sent to the app that asked for `callbackURL`, made as `forgery` says.
    package func forge(_ forgery: ReCaptchaRedirectForgery, toward callbackURL: URL) -> URL {
        switch forgery {
        case .anotherChallenge(let redirect):
            precondition(
                redirect != callbackURL, "a forgery that changes nothing: another challenge's redirect is the callback")
            return redirect
        case .anotherAppsScheme(let redirect):
            let items = URLComponents(url: redirect, resolvingAgainstBaseURL: false)?.queryItems ?? []
            let token = items.filter { $0.name == Self.tokenParameter }
            var otherApp = URLComponents(url: callbackURL, resolvingAgainstBaseURL: false) ?? URLComponents()
            otherApp.scheme = callbackURL.scheme == "otherapp" ? "anotherapp" : "otherapp"
            otherApp.queryItems = (otherApp.queryItems ?? []) + token
            let forged = otherApp.url ?? callbackURL
            precondition(
                forged.scheme != callbackURL.scheme, "a forgery that changes nothing: the scheme is the app's own")
            return forged
        case .webPage(let redirect):
            var webPage = URLComponents(url: redirect, resolvingAgainstBaseURL: false) ?? URLComponents()
            webPage.scheme = "https"
            webPage.host = redirect.host == "example.com" ? "example.net" : "example.com"
            let forged = webPage.url ?? redirect
            precondition(
                forged.scheme != redirect.scheme || forged.host != redirect.host,
                "a forgery that changes nothing: the web page is the redirect itself")
            return forged
        }
    }

    package var presentations: [(device: Device, outcome: Outcome)] {
        transcript.events {
            if case .recaptcha(.presented(let device, let outcome)) = $0 { (device, outcome) } else { nil }
        }
    }
}
