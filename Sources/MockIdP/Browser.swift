import Foundation
import Synchronization

/// What the person at the browser does on the next authorization page, scripted by the check beforehand.
package enum BrowserAction: Sendable, Hashable, CustomStringConvertible {
    /// Signed in as `login` already, the person approves the app.
    case approve(as: String)
    /// The person denies the app: GitHub redirects with `error=access_denied`.
    case deny
    /// The person closes the window: nothing comes back to the app.
    case closeWindow
    /// The person picks `login` in the account picker, then approves.
    case pickAccount(String)

    public var description: String {
        switch self {
        case .approve(let login): "approve as \(login)"
        case .deny: "deny"
        case .closeWindow: "close the window"
        case .pickAccount(let login): "pick account \(login) and approve"
        }
    }
}

/// What the browser did.
package enum BrowserEvent: Sendable, Hashable, CustomStringConvertible {
    case opened(URL, on: Device)
    case acted(BrowserAction, on: Device)
    /// Nothing was scripted for this page: the window stays open and nothing comes back.
    case unscripted(on: Device)
    case windowClosed(on: Device)
    case redirected(to: URL, on: Device)
    case errorPage(status: Int, message: String, on: Device)

    public var description: String {
        switch self {
        case .opened(let url, let device): "browser on \(device) opened \(url.absoluteString)"
        case .acted(let action, let device): "browser on \(device): the user chose to \(action)"
        case .unscripted(let device): "browser on \(device): nothing scripted, the page stays open"
        case .windowClosed(let device): "browser on \(device): the window was closed, nothing came back"
        case .redirected(let url, let device):
            "browser on \(device) handed \(GitHubEvent.masked(url.absoluteString)) to the app"
        case .errorPage(let status, let message, let device):
            "browser on \(device) shows an error page (\(status)): \(message)"
        }
    }
}

/// How an `open` ended, for the check that drives it.
public enum BrowserOutcome: Sendable, Hashable {
    /// The provider redirected, and the URL was opened on the device; `handled` says whether the app took it.
    case redirected(URL, handled: Bool)
    /// The user closed the window, or the page never loaded and the caller gave up.
    case windowClosed
    case unscripted
    case errorPage(status: Int, message: String)
}

/// The device's system browser (an `ASWebAuthenticationSession` or a Custom Tab): it shows a provider's
/// authorization page, acts as the user the check scripted, and hands the provider's redirect to the app.
public final class Browser: Sendable {
    private let script = Mutex<[BrowserAction]>([])
    private let interjection = Mutex<(@Sendable (Device) async -> Void)?>(nil)
    private let afterRedirect = Mutex<(@Sendable (Device) async -> Void)?>(nil)
    private let carrier = Mutex<(@Sendable (URL) async -> Void)?>(nil)
    private let transcript: Transcript
    private let devices: Devices
    private let github: GitHubServer

    init(transcript: Transcript, devices: Devices, github: GitHubServer) {
        self.transcript = transcript
        self.devices = devices
        self.github = github
    }

    /// Queues what the user does on the next authorization page; pages take the actions in order.
    package func script(_ action: BrowserAction) { script.withLock { $0.append(action) } }

    /// Runs `action` once, while the next provider page is open and before the user acts on it: a check's way
    /// to act while the app waits for its redirect (a forged redirect arriving first, OAUTH-4).
    package func whileNextPageIsOpen(_ action: @escaping @Sendable (Device) async -> Void) {
        interjection.withLock { $0 = action }
    }

    /// Runs `action` once, after the provider redirected the next page and before the app gets the redirect: a
    /// check's way to change the world between the authorization and the code exchange (a stalled token endpoint,
    /// AUTH-2).
    package func afterNextRedirect(_ action: @escaping @Sendable (Device) async -> Void) {
        afterRedirect.withLock { $0 = action }
    }

    /// Runs `action` with the next provider redirect instead of handing it to the app: the person carries the redirect
    /// elsewhere (opens it on another device, OAUTH-4) and closes the app's window, so nothing comes back to the app.
    package func carryNextRedirect(_ action: @escaping @Sendable (URL) async -> Void) {
        carrier.withLock { $0 = action }
    }

    @discardableResult
    public func open(_ url: URL, on device: Device) async -> BrowserOutcome {
        transcript.record(.browser(.opened(url, on: device)))
        guard url.host?.lowercased() == "github.com", url.path == "/login/oauth/authorize" else {
            return page(404, "no provider page at \(url.absoluteString)", on: device)
        }
        if let interjection = interjection.withLock({ $0.take() }) { await interjection(device) }
        guard let action = script.withLock({ $0.isEmpty ? nil : $0.removeFirst() }) else {
            transcript.record(.browser(.unscripted(on: device)))
            return .unscripted
        }
        transcript.record(.browser(.acted(action, on: device)))
        let decision: GitHubServer.Decision
        switch action {
        case .closeWindow:
            transcript.record(.browser(.windowClosed(on: device)))
            return .windowClosed
        case .deny: decision = .deny
        case .approve(let login), .pickAccount(let login): decision = .approve(as: login)
        }
        guard let outcome = await github.load(url, decision: decision) else {
            transcript.record(.browser(.windowClosed(on: device)))
            return .windowClosed
        }
        switch outcome {
        case .page(let status, let message): return page(status, message, on: device)
        case .redirect(let redirect):
            transcript.record(.browser(.redirected(to: redirect, on: device)))
            if let action = afterRedirect.withLock({ $0.take() }) { await action(device) }
            if let carry = carrier.withLock({ $0.take() }) {
                await carry(redirect)
                transcript.record(.browser(.windowClosed(on: device)))
                return .windowClosed
            }
            let handled = await devices.open(redirect, on: device)
            return .redirected(redirect, handled: handled)
        }
    }

    private func page(_ status: Int, _ message: String, on device: Device) -> BrowserOutcome {
        transcript.record(.browser(.errorPage(status: status, message: message, on: device)))
        return .errorPage(status: status, message: message)
    }
}
