import ConformanceKit
import Foundation

/// Defects of email-link sign-in: the LINK rules catch them.
extension Defect {
    /// In catalogue order.
    static let emailLinkDefects: [Defect] = [
        .sendsLinksNotHandledInApp, .acceptsUnauthorizedContinueURL, .ignoresDisabledEmailLink,
        .dropsAppIdentifiersFromLink, .alwaysAsksAndroidToInstall, .recognizesAnyActionLink, .leavesLinkEmailUnverified,
        .signsInWhateverEmailIsGiven, .burnsLinkOnMismatchedEmail, .linksAreReusable, .linksNeverExpire,
        .linksLastThroughTheirLifetime, .keepsImpostorsPassword, .keepsImpostorsSessions, .hidesEmailLinkSignInMethod,
        .linksAnotherAddress, .takesEmailFromLink, .acceptsAnyLinkDomain,
    ]

    public static let sendsLinksNotHandledInApp = Defect(
        "sendsLinksNotHandledInApp", rules: ["LINK-1"],
        catches: [.assertion("LINK-1", "handleCodeInApp false fails with an AuthError and mails nothing")],
        "mails a sign-in link although handleCodeInApp is false"
    ) { $0.emailLink.requiresHandleCodeInApp = false }

    public static let acceptsUnauthorizedContinueURL = Defect(
        "acceptsUnauthorizedContinueURL", rules: ["LINK-2"],
        catches: [
            .assertion(
                "LINK-2",
                "a missing, relative, malformed or unauthorized continue URL fails with its own error and mails nothing"
            )
        ], "accepts a continue URL on any domain"
    ) { $0.emailLink.checksContinueDomain = false }

    public static let ignoresDisabledEmailLink = Defect(
        "ignoresDisabledEmailLink", rules: ["LINK-3"],
        catches: [
            .assertion(
                "LINK-3",
                """
                with email-link sign-in disabled, or password sign-in disabled, the flow fails with \
                operationNotAllowed
                """)
        ], "sends and accepts links while email-link or password sign-in is disabled"
    ) { $0.emailLink.requiresEnabledProviders = false }

    public static let dropsAppIdentifiersFromLink = Defect(
        "dropsAppIdentifiersFromLink", rules: ["LINK-4"],
        catches: [
            .assertion(
                "LINK-4",
                """
                exactly one email reaches the address, with one link carrying mode, oobCode, continue URL and the app \
                identifiers
                """)
        ], "leaves the iOS bundle ID and the Android package out of the link"
    ) { $0.emailLink.carriesAppIdentifiers = false }

    public static let alwaysAsksAndroidToInstall = Defect(
        "alwaysAsksAndroidToInstall", rules: ["LINK-4"],
        catches: [.assertion("LINK-4", "the Android install flag is in the link only when the settings ask for it")],
        "puts androidInstallApp=true in every link with an Android package, asked for or not"
    ) { $0.emailLink.alwaysAsksToInstall = true }

    public static let recognizesAnyActionLink = Defect(
        "recognizesAnyActionLink", rules: ["LINK-5"],
        catches: [
            .assertion(
                "LINK-5", "other action links, a link without its oobCode and unrelated URLs are not sign-in links"),
            .assertion(
                "LINK-5",
                "isSignIn(withEmailLink:) agrees with every case of Fixtures/email-link/links.json where the SDKs agree"
            ),
        ], "answers isSignIn(withEmailLink:) true for any link with an oobCode, a reset-password link too"
    ) { $0.emailLink.recognizesLink = { EmailSignInLink.parse($0)?.oobCode?.isEmpty == false } }

    public static let leavesLinkEmailUnverified = Defect(
        "leavesLinkEmailUnverified", rules: ["LINK-6"],
        catches: [
            .assertion(
                "LINK-6", "the link signs the address in, verified, as a new user; a later link signs the same user in")
        ], "signs in with a link but leaves the email unverified"
    ) { $0.emailLink.verifiesEmail = false }

    public static let signsInWhateverEmailIsGiven = Defect(
        "signsInWhateverEmailIsGiven", rules: ["LINK-7"],
        catches: [
            .assertion(
                "LINK-7",
                """
                the nearest other addresses fail with invalidEmail and sign nobody in; then the owner signs in with \
                the link
                """)
        ], "signs in with a link whatever email is given with it"
    ) { $0.emailLink.matchesEmail = false }

    public static let burnsLinkOnMismatchedEmail = Defect(
        "burnsLinkOnMismatchedEmail", rules: ["LINK-7"],
        catches: [
            .assertion(
                "LINK-7",
                """
                the nearest other addresses fail with invalidEmail and sign nobody in; then the owner signs in with \
                the link
                """)
        ], "uses the link up when the wrong email is given, locking its owner out"
    ) { $0.emailLink.keepsCodeOnMismatch = false }

    public static let linksAreReusable = Defect(
        "linksAreReusable", rules: ["LINK-8"],
        catches: [.assertion("LINK-8", "a used link fails with invalidActionCode, on the same device and on another")],
        "lets a link sign in again and again"
    ) { $0.emailLink.linksAreSingleUse = false }

    public static let linksNeverExpire = Defect(
        "linksNeverExpire", rules: ["LINK-9"],
        catches: [
            .assertion(
                "LINK-9",
                "a link works a millisecond before its lifetime, and fails at exactly the lifetime and a second after")
        ], "never expires a sign-in link"
    ) { $0.emailLink.linksExpire = false }

    public static let linksLastThroughTheirLifetime = Defect(
        "linksLastThroughTheirLifetime", rules: ["LINK-9"],
        catches: [
            .assertion(
                "LINK-9",
                "a link works a millisecond before its lifetime, and fails at exactly the lifetime and a second after")
        ], "still signs in with a link at exactly its lifetime, expiring it only after"
    ) { $0.emailLink.expiresAtLifetime = false }

    public static let keepsImpostorsPassword = Defect(
        "keepsImpostorsPassword", rules: ["LINK-10"],
        catches: [
            .assertion(
                "LINK-10", "after the owner signs in with a link, the password the impostor set no longer signs in")
        ], "keeps the password an impostor set on an unverified account after the owner's link sign-in"
    ) { $0.emailLink.removesUnverifiedPassword = false }

    public static let keepsImpostorsSessions = Defect(
        "keepsImpostorsSessions", rules: ["LINK-10"],
        catches: [
            .assertion("LINK-10", "after the owner signs in with a link, the impostor's existing session stops working")
        ], "keeps an impostor's sessions alive after the owner's link sign-in"
    ) { $0.emailLink.endsUnverifiedSessions = false }

    public static let hidesEmailLinkSignInMethod = Defect(
        "hidesEmailLinkSignInMethod", rules: ["LINK-11"],
        catches: [
            .assertion(
                "LINK-11",
                "a password user has password, a link user emailLink, a verified password user who used a link both")
        ], "reports only password from fetchSignInMethods, never emailLink"
    ) { $0.emailLink.reportsEmailLinkMethod = false }

    public static let linksAnotherAddress = Defect(
        "linksAnotherAddress", rules: ["LINK-12"],
        catches: [
            .assertion(
                "LINK-12", "linking a link with another address than the one it was sent to fails and links nothing")
        ], "links an email-link credential whatever address comes with the link"
    ) { $0.emailLink.linkChecksEmail = false }

    public static let takesEmailFromLink = Defect(
        "takesEmailFromLink", rules: ["LINK-13"],
        catches: [
            .assertion(
                "LINK-13", "on another device, no email fails and signs nobody in; the right email then signs in")
        ], "completes a link sign-in without the email, taking the address from the link's code"
    ) { $0.emailLink.requiresEmail = false }

    public static let acceptsAnyLinkDomain = Defect(
        "acceptsAnyLinkDomain", rules: ["LINK-14"],
        catches: [
            .assertion(
                "LINK-14", "an unknown link domain is refused and mails nothing; a configured one carries the link")
        ], "builds links on any link domain the settings name"
    ) { $0.emailLink.checksLinkDomain = false }
}
