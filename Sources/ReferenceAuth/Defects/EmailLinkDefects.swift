import ConformanceKit
import Foundation

/// Defects of email-link sign-in: the LINK rules catch them.
extension Defect {
    /// In catalogue order.
    static let emailLinkDefects: [Defect] = [
        .sendsLinksNotHandledInApp, .acceptsUnauthorizedContinueURL, .ignoresDisabledEmailLink,
        .dropsAppIdentifiersFromLink, .alwaysAsksAndroidToInstall, .recognizesAnyActionLink, .readsBadEscapesLeniently,
        .leavesLinkEmailUnverified, .signsInWhateverEmailIsGiven, .burnsLinkOnMismatchedEmail, .linksAreReusable,
        .linksNeverExpire, .linksLastThroughTheirLifetime, .keepsImpostorsPassword, .keepsImpostorsSessions,
        .hidesEmailLinkSignInMethod, .linksAnotherAddress, .takesEmailFromLink, .acceptsAnyLinkDomain,
    ]

    package static let sendsLinksNotHandledInApp = Defect(
        "sendsLinksNotHandledInApp", rules: ["LINK-1"], catches: [.assertion("LINK-1/handle-code-in-app-required")],
        "mails a sign-in link although handleCodeInApp is false"
    ) { $0.emailLink.requiresHandleCodeInApp = false }

    package static let acceptsUnauthorizedContinueURL = Defect(
        "acceptsUnauthorizedContinueURL", rules: ["LINK-2"], catches: [.assertion("LINK-2/bad-continue-url-refused")],
        "accepts a continue URL on any domain"
    ) { $0.emailLink.checksContinueDomain = false }

    package static let ignoresDisabledEmailLink = Defect(
        "ignoresDisabledEmailLink", rules: ["LINK-3"], catches: [.assertion("LINK-3/disabled-not-allowed")],
        "sends and accepts links while email-link or password sign-in is disabled"
    ) { $0.emailLink.requiresEnabledProviders = false }

    package static let dropsAppIdentifiersFromLink = Defect(
        "dropsAppIdentifiersFromLink", rules: ["LINK-4"], catches: [.assertion("LINK-4/one-email-one-link")],
        "leaves the iOS bundle ID and the Android package out of the link"
    ) { $0.emailLink.carriesAppIdentifiers = false }

    package static let alwaysAsksAndroidToInstall = Defect(
        "alwaysAsksAndroidToInstall", rules: ["LINK-4"], catches: [.assertion("LINK-4/android-install-flag")],
        "puts androidInstallApp=true in every link with an Android package, asked for or not"
    ) { $0.emailLink.alwaysAsksToInstall = true }

    package static let recognizesAnyActionLink = Defect(
        "recognizesAnyActionLink", rules: ["LINK-5"],
        catches: [.assertion("LINK-5/other-links-not-sign-in"), .assertion("LINK-5/fixture-cases-agree")],
        "answers isSignIn(withEmailLink:) true for any link with an oobCode, a reset-password link too"
    ) { $0.emailLink.recognizesLink = { EmailSignInLink.parse($0)?.oobCode?.isEmpty == false } }

    package static let readsBadEscapesLeniently = Defect(
        "readsBadEscapesLeniently", rules: ["LINK-5"],
        catches: [.assertion("LINK-5/bad-escape-in-code-not-sign-in"), .assertion("LINK-5/fixture-cases-agree")],
        """
        decodes a link leniently, reading a malformed percent escape as the characters written, so a link whose \
        oobCode holds %ZZ or ends in a lone % is a sign-in link
        """
    ) { $0.emailLink.recognizesLink = { EmailSignInLink.isSignInLink(escapingStrayPercents($0)) } }

    package static let leavesLinkEmailUnverified = Defect(
        "leavesLinkEmailUnverified", rules: ["LINK-6"], catches: [.assertion("LINK-6/new-then-same-user")],
        "signs in with a link but leaves the email unverified"
    ) { $0.emailLink.verifiesEmail = false }

    package static let signsInWhateverEmailIsGiven = Defect(
        "signsInWhateverEmailIsGiven", rules: ["LINK-7"], catches: [.assertion("LINK-7/nearest-addresses-refused")],
        "signs in with a link whatever email is given with it"
    ) { $0.emailLink.matchesEmail = false }

    package static let burnsLinkOnMismatchedEmail = Defect(
        "burnsLinkOnMismatchedEmail", rules: ["LINK-7"], catches: [.assertion("LINK-7/nearest-addresses-refused")],
        "uses the link up when the wrong email is given, locking its owner out"
    ) { $0.emailLink.keepsCodeOnMismatch = false }

    package static let linksAreReusable = Defect(
        "linksAreReusable", rules: ["LINK-8"], catches: [.assertion("LINK-8/used-link-refused")],
        "lets a link sign in again and again"
    ) { $0.emailLink.linksAreSingleUse = false }

    package static let linksNeverExpire = Defect(
        "linksNeverExpire", rules: ["LINK-9"], catches: [.assertion("LINK-9/exact-lifetime")],
        "never expires a sign-in link"
    ) { $0.emailLink.linksExpire = false }

    package static let linksLastThroughTheirLifetime = Defect(
        "linksLastThroughTheirLifetime", rules: ["LINK-9"], catches: [.assertion("LINK-9/exact-lifetime")],
        "still signs in with a link at exactly its lifetime, expiring it only after"
    ) { $0.emailLink.expiresAtLifetime = false }

    package static let keepsImpostorsPassword = Defect(
        "keepsImpostorsPassword", rules: ["LINK-10"], catches: [.assertion("LINK-10/impostor-password-dropped")],
        "keeps the password an impostor set on an unverified account after the owner's link sign-in"
    ) { $0.emailLink.removesUnverifiedPassword = false }

    package static let keepsImpostorsSessions = Defect(
        "keepsImpostorsSessions", rules: ["LINK-10"], catches: [.assertion("LINK-10/impostor-session-ended")],
        "keeps an impostor's sessions alive after the owner's link sign-in"
    ) { $0.emailLink.endsUnverifiedSessions = false }

    package static let hidesEmailLinkSignInMethod = Defect(
        "hidesEmailLinkSignInMethod", rules: ["LINK-11"], catches: [.assertion("LINK-11/methods-per-user")],
        "reports only password from fetchSignInMethods, never emailLink"
    ) { $0.emailLink.reportsEmailLinkMethod = false }

    package static let linksAnotherAddress = Defect(
        "linksAnotherAddress", rules: ["LINK-12"], catches: [.assertion("LINK-12/other-address-links-nothing")],
        "links an email-link credential whatever address comes with the link"
    ) { $0.emailLink.linkChecksEmail = false }

    package static let takesEmailFromLink = Defect(
        "takesEmailFromLink", rules: ["LINK-13"], catches: [.assertion("LINK-13/email-required-other-device")],
        "completes a link sign-in without the email, taking the address from the link's code"
    ) { $0.emailLink.requiresEmail = false }

    package static let acceptsAnyLinkDomain = Defect(
        "acceptsAnyLinkDomain", rules: ["LINK-14"], catches: [.assertion("LINK-14/unknown-domain-refused")],
        "builds links on any link domain the settings name"
    ) { $0.emailLink.checksLinkDomain = false }
}

/// `link` with each `%` that does not begin an escape (two hex digits) written `%25`: the string a lenient decoder
/// reads, keeping `%ZZ` or a lone `%` as written.
private func escapingStrayPercents(_ link: String) -> String {
    let characters = Array(link)
    var result = ""
    for (index, character) in characters.enumerated() {
        let beginsEscape =
            index + 2 < characters.count && characters[index + 1].isHexDigit && characters[index + 2].isHexDigit
        result += character == "%" && !beginsEscape ? "%25" : String(character)
    }
    return result
}
