import ConformanceKit
import Foundation
import MockIdP

/// A conforming alternative the reference can take where the rules leave room: every variation must pass the
/// whole catalogue. Each is a way real implementations differ that once made the suite fail them falsely, and
/// a change of the ``ReferenceBehaviour`` the reference reads, declared here once.
package struct Variation: Sendable, Hashable, CaseIterable, RawRepresentable, CustomStringConvertible {
    package let name: String
    let effect: @Sendable (inout ReferenceBehaviour) -> Void

    /// `name` is the name of the static property that declares the variation.
    init(_ name: String, effect: @escaping @Sendable (inout ReferenceBehaviour) -> Void) {
        self.name = name
        self.effect = effect
    }

    package init?(rawValue: String) {
        guard let variation = Self.allCases.first(where: { $0.name == rawValue }) else { return nil }
        self = variation
    }

    package static let allCases: [Variation] = [
        .smsWithYearAndAutoFillLine, .htmlEmail, .asynchronousListeners, .realTimeTimestamps, .rejectsShortNumbers,
        .commonE164Pattern, .emailEnumerationProtection, .discardsVerificationAfterThreeWrongCodes,
        .forgetsExpiredVerifications, .otherRedirectEventParameter, .hexOAuthState, .base64URLOAuthState,
        .emailLinkGitHubAppleOnly, .dropsReservedOAuthParameters, .appleFamilyNameFirst, .keepsAppleNonceAfterCallback,
        .appleVerifierOnSystemClock, .idTokenVerifierOnSystemClock, .refusesNonCanonicalBase64URL,
        .acceptsNonCanonicalBase64URL, .refusesLinksOnlyParserQuirksAccept, .readsLastOfDuplicateAppleMembers,
        .browserPageDeadline, .signOutLikeFirebaseSDK, .exchangesOAuthCodeAtSignIn,
    ]

    package var rawValue: String { name }

    package var description: String { name }

    package static func == (lhs: Variation, rhs: Variation) -> Bool { lhs.name == rhs.name }

    package func hash(into hasher: inout Hasher) { hasher.combine(name) }
}

extension Variation {
    /// The SMS names the year and ends with Apple's domain-bound AutoFill line, repeating the code (PHONE-3).
    package static let smsWithYearAndAutoFillLine = Variation("smsWithYearAndAutoFillLine") {
        $0.phone.smsEndsWithAutoFillLine = true
    }

    /// The verification email is HTML: a single-quoted `href`, and the link again in text before a full stop.
    package static let htmlEmail = Variation("htmlEmail") { $0.emailPassword.verificationMailIsHTML = true }

    /// Listeners are called asynchronously, on one serial queue, as Firebase calls them on the main queue. The queue
    /// is an unstructured task of the client's own, so the subject declares that it works outside the check's tasks.
    package static let asynchronousListeners = Variation("asynchronousListeners") {
        $0.session.listenersCalledAsynchronously = true
        $0.capabilities.concurrency = .unstructured
    }

    /// `signOut()` with nobody signed in tells no listener, and a sign-in a sign-out overtook while it was in flight is
    /// dropped, as the Firebase SDK does: after the two, nobody is signed in and the listener has heard nothing
    /// (AUTH-6).
    package static let signOutLikeFirebaseSDK = Variation("signOutLikeFirebaseSDK") {
        $0.session.signOutNotifiesOnlyWhenSignedIn = true
        $0.session.dropsSignInsOvertakenBySignOut = true
    }

    /// Enrollment dates are stamped with real time, as a server reached over HTTP stamps them; the subject
    /// declares that it keeps real time.
    package static let realTimeTimestamps = Variation("realTimeTimestamps") {
        $0.stampsRealTime = true
        $0.capabilities.runsOnWorldClock = false
    }

    /// Numbers shorter than any in service are refused, as libphonenumber refuses them (PHONE-1 lets them go either
    /// way, with no declaration).
    package static let rejectsShortNumbers = Variation("rejectsShortNumbers") {
        $0.phoneNumbers.acceptsShortNumbers = false
    }

    /// Numbers are validated by the most common E.164 pattern alone, `^\+[1-9]\d{1,14}$`, read as JavaScript's
    /// `RegExp.test` reads it (`\d` is an ASCII digit, `$` only the end): it accepts `+44` and refuses `+1`, both too
    /// short to be in service, which PHONE-1 lets go either way, number by number (PHONE-1, MFA-4, PHONE-12).
    package static let commonE164Pattern = Variation("commonE164Pattern") {
        $0.phoneNumbers.validator = { number in
            (try? Regex(#"^\+[1-9]\d{1,14}$"#).asciiOnlyDigits().firstMatch(in: number)) != nil
        }
    }

    /// A verification is discarded after its third wrong code, as PHONE-5 allows; a fresh one then works.
    package static let discardsVerificationAfterThreeWrongCodes = Variation("discardsVerificationAfterThreeWrongCodes")
    { $0.codes.wrongCodesBeforeDiscard = 3 }

    /// An expired verification answers `sessionExpired` once and is then forgotten: later attempts answer
    /// `invalidVerificationID`, as PHONE-8 allows.
    package static let forgetsExpiredVerifications = Variation("forgetsExpiredVerifications") {
        $0.codes.forgetsExpiredVerification = true
    }

    /// The reCAPTCHA redirect names its event otherwise (`authEvent`, not `eventId`): PHONE-16 must not rely on the
    /// subject's parameter names.
    package static let otherRedirectEventParameter = Variation("otherRedirectEventParameter") {
        $0.appVerification.redirectEventParameter = "authEvent"
    }

    /// Email enumeration protection: wrong password and unknown email both answer `invalidCredential`.
    package static let emailEnumerationProtection = Variation("emailEnumerationProtection") {
        $0.emailPassword.enumerationProtection = true
        $0.capabilities.emailEnumerationProtection = true
    }

    /// Only email link, GitHub and Apple are declared and offered (no phone, no multi-factor): every rule about users
    /// still applies, from a user of one of those flows.
    package static let emailLinkGitHubAppleOnly = Variation("emailLinkGitHubAppleOnly") {
        $0.capabilities.flows = [.emailLink, .oauth, .apple]
    }

    /// OAUTH-1's other conformant answer: custom parameters naming reserved keys are dropped, not rejected.
    /// The OAuth `state` is 32 random hex digits: exactly 128 bits, though one state shows at most 16 distinct
    /// characters (OAUTH-4).
    package static let hexOAuthState = Variation("hexOAuthState") {
        $0.oauth.stateLength = 32
        $0.oauth.stateAlphabet = Array("0123456789abcdef")
    }

    /// The OAuth `state` is 22 base64url characters (16 random bytes, unpadded): 132 bits (OAUTH-4).
    package static let base64URLOAuthState = Variation("base64URLOAuthState") {
        $0.oauth.stateLength = 22
        $0.oauth.stateAlphabet = RandomSource.base64URL
    }

    /// The provider's page has a deadline of its own, five minutes, shorter than GitHub's ten for a code: a redirect
    /// that comes back later is not taken (webContextCancelled). OAUTH-6's expired code must be late at the exchange,
    /// not at the page.
    package static let browserPageDeadline = Variation("browserPageDeadline") {
        $0.oauth.browserPageDeadline = .seconds(300)
    }

    package static let dropsReservedOAuthParameters = Variation("dropsReservedOAuthParameters") {
        $0.capabilities.reservedOAuthParameters = .dropped
    }

    /// `credential(with:)` returns the provider's redirect and the session, and the code is exchanged at the
    /// credential's first use (sign-in, link, re-authentication), as the iOS SDK's credential carries the redirect to
    /// `signInWithIdp`, where the server exchanges it (OAUTH-4, OAUTH-6, OAUTH-11 judge the exchange at either point).
    package static let exchangesOAuthCodeAtSignIn = Variation("exchangesOAuthCodeAtSignIn") {
        $0.oauth.exchangesAtSignIn = true
    }
}

extension Variation {
    /// The display name from Apple's name puts the family name first ("Appleseed Alice"), as name formatting does in
    /// some locales (APPLE-7 asks for the name, not an order).
    package static let appleFamilyNameFirst = Variation("appleFamilyNameFirst") { $0.apple.familyNameFirst = true }

    /// An identity token whose header or payload names a member twice is read with the last value of each, as RFC
    /// 7515 §4 allows a JWS parser to, instead of refused (APPLE-5 allows either; reading the first does not
    /// conform).
    package static let readsLastOfDuplicateAppleMembers = Variation("readsLastOfDuplicateAppleMembers") {
        $0.apple.duplicateMembers = .lastRead
    }

    /// The pending request's raw nonce outlives its callback, as the guide's sample keeps `currentNonce` (APPLE-6
    /// refuses only callbacks to an app that sent no request).
    package static let keepsAppleNonceAfterCallback = Variation("keepsAppleNonceAfterCallback") {
        $0.apple.forgetsNonceAfterCallback = false
    }
}

extension Variation {
    /// Apple's identity tokens are verified, and the client secret signed, on the system clock, as vapor/jwt-kit's
    /// `AppleIdentityToken` does, and declared so: every Apple rule that does not need Apple's time to move applies.
    package static let appleVerifierOnSystemClock = Variation("appleVerifierOnSystemClock") {
        $0.apple.usesSystemClock = true
        $0.capabilities.verifiesAppleTokensOnSystemClock = true
    }
}

extension Variation {
    /// The backend stamps and verifies its own ID tokens on the system clock, as Firebase Admin's `verifyIdToken`
    /// reads it, and declares so: only the check of an expired ID token, which needs their time to move, does not
    /// apply.
    package static let idTokenVerifierOnSystemClock = Variation("idTokenVerifierOnSystemClock") {
        $0.tokens.onSystemClock = true
        $0.capabilities.verifiesIDTokensOnSystemClock = true
    }
}

extension Variation {
    /// The ID-token verifier refuses a token any of whose segments is not canonical base64url (unused bits of a last
    /// character set), before it decodes anything (AUTH-4: a non-canonical spelling is no forgery, refusing it
    /// conforms).
    package static let refusesNonCanonicalBase64URL = Variation("refusesNonCanonicalBase64URL") {
        $0.tokens.checks.nonCanonicalBase64URL = .refusedInEverySegment
    }

    /// The ID-token verifier reads base64url leniently, as Foundation's decoder does: a segment whose last character
    /// has unused bits set reads as the genuine bytes, and the genuine token spelt so verifies (AUTH-4: accepting it
    /// conforms, and a forgery must change the bytes it names).
    package static let acceptsNonCanonicalBase64URL = Variation("acceptsNonCanonicalBase64URL") {
        $0.tokens.checks.nonCanonicalBase64URL = .accepted
    }
}

extension Variation {
    /// `isSignIn(withEmailLink:)` refuses the links both Firebase SDKs accept only through quirks of their parsers
    /// (LINK-5 makes them implementation-defined): a wrapped link is read only as a URL Foundation reads, so one whose
    /// own query comes after a `#`, or whose host has a space, is not a sign-in link; parameter names are compared as
    /// written, so `%6Dode=signIn` names no mode.
    package static let refusesLinksOnlyParserQuirksAccept = Variation("refusesLinksOnlyParserQuirksAccept") {
        $0.emailLink.recognizesLink = { link in
            guard let action = EmailSignInLink.parse(link), action.isSignIn else { return false }
            let names = [link, action.url].flatMap { url -> [Substring] in
                guard let start = url.firstIndex(of: "?") else { return [] }
                return url[url.index(after: start)...].prefix { $0 != "#" }.split(separator: "&").map {
                    $0.prefix { $0 != "=" }
                }
            }
            let readsAsURL = URLComponents(string: action.url)?.queryItems?.contains { $0.name == "mode" } == true
            return (!action.isWrapped || readsAsURL) && !names.contains { $0.contains("%") }
        }
    }
}
