import Foundation

/// How ``GitHubServer/forge(_:from:)`` turns a redirect GitHub sent into one it never sent: one fault each that the app
/// must refuse, built from genuine artifacts (another request's state, another app's code) and GitHub's own
/// parameter names, never from the app's.
package enum GitHubRedirectForgery: Sendable, Hashable, CustomStringConvertible {
    /// The genuine redirect once more, after it was used: its state and its code replayed.
    case replayed
    /// The state with its last character changed (``Forgery/changingCharacter(at:of:)``: a base64url state's bytes
    /// change too).
    case stateOffByOne
    /// No state at all.
    case stateMissing
    /// The state of `redirect`, one GitHub sent for another request.
    case state(of: URL)
    /// The code of `redirect`, one GitHub sent for another request.
    case code(of: URL)
    /// A genuine code GitHub issued to another OAuth app (``GitHubServer/attackerApp``) for the same person.
    case codeOfAnotherApp
    /// The genuine redirect's query, sent to `uri`, an attacker's redirect URI, instead of the app's callback.
    case redirectedTo(URL)

    /// Whether the fault is in the state (else in the code, or where the redirect goes).
    var isAboutState: Bool {
        switch self {
        case .stateOffByOne, .stateMissing, .state: true
        case .replayed, .code, .codeOfAnotherApp, .redirectedTo: false
        }
    }

    package var description: String {
        switch self {
        case .replayed: "the redirect replayed"
        case .stateOffByOne: "the state one character off"
        case .stateMissing: "the state missing"
        case .state: "another request's state"
        case .code: "another request's code"
        case .codeOfAnotherApp: "another app's code"
        case .redirectedTo(let uri): "the redirect sent to \(uri.absoluteString)"
        }
    }
}
