import Foundation

/// How ``ReCaptcha/forge(_:toward:)`` turns the redirect the reCAPTCHA party is about to send an app into a URL it
/// never sent that app: one fault each that the app must refuse while it waits for its own redirect (PHONE-16), built
/// from genuine artifacts (another challenge's redirect, the app's own callback) and the party's own parameter names,
/// never from the app's.
package enum ReCaptchaRedirectForgery: Sendable, Hashable, CustomStringConvertible {
    /// `redirect`, the genuine redirect the party sent for another challenge (the same app on another device).
    case anotherChallenge(URL)
    /// The app's own callback opened under another app's URL scheme, carrying the solved token of `redirect`.
    case anotherAppsScheme(tokenOf: URL)
    /// `redirect` opened as a web page: its path and query on an https host that is not the app.
    case webPage(of: URL)

    package var description: String {
        switch self {
        case .anotherChallenge: "another challenge's redirect"
        case .anotherAppsScheme: "the app's callback under another app's scheme, with another challenge's token"
        case .webPage: "another challenge's redirect as a web page"
        }
    }
}
