import ConformanceKit

/// Defects of email-link sign-in: the LINK rules catch them.
extension Defect {
    /// In catalogue order.
    static let emailLinkDefects: [Defect] = [
        .sendsLinksNotHandledInApp, .acceptsUnauthorizedContinueURL, .ignoresDisabledEmailLink, .dropsAppIdentifiersFromLink, .alwaysAsksAndroidToInstall,
        .recognizesAnyActionLink, .leavesLinkEmailUnverified, .signsInWhateverEmailIsGiven, .burnsLinkOnMismatchedEmail, .linksAreReusable,
        .linksNeverExpire, .linksLastThroughTheirLifetime, .keepsImpostorsPassword, .keepsImpostorsSessions, .hidesEmailLinkSignInMethod, .linksAnotherAddress,
        .takesEmailFromLink, .acceptsAnyLinkDomain,
    ]

    public static let sendsLinksNotHandledInApp = Defect(
        "sendsLinksNotHandledInApp", rules: ["LINK-1"], "mails a sign-in link although handleCodeInApp is false"
    ) { $0.emailLink.requiresHandleCodeInApp = false }

    public static let acceptsUnauthorizedContinueURL = Defect(
        "acceptsUnauthorizedContinueURL", rules: ["LINK-2"], "accepts a continue URL on any domain"
    ) { $0.emailLink.checksContinueDomain = false }

    public static let ignoresDisabledEmailLink = Defect(
        "ignoresDisabledEmailLink", rules: ["LINK-3"], "sends and accepts links while email-link or password sign-in is disabled"
    ) { $0.emailLink.requiresEnabledProviders = false }

    public static let dropsAppIdentifiersFromLink = Defect(
        "dropsAppIdentifiersFromLink", rules: ["LINK-4"], "leaves the iOS bundle ID and the Android package out of the link"
    ) { $0.emailLink.carriesAppIdentifiers = false }

    public static let alwaysAsksAndroidToInstall = Defect(
        "alwaysAsksAndroidToInstall", rules: ["LINK-4"], "puts androidInstallApp=true in every link with an Android package, asked for or not"
    ) { $0.emailLink.alwaysAsksToInstall = true }

    public static let recognizesAnyActionLink = Defect(
        "recognizesAnyActionLink", rules: ["LINK-5"], "answers isSignIn(withEmailLink:) true for any link with an oobCode, a reset-password link too"
    ) { $0.emailLink.recognizesLink = { EmailSignInLink.parse($0)?.oobCode?.isEmpty == false } }

    public static let leavesLinkEmailUnverified = Defect(
        "leavesLinkEmailUnverified", rules: ["LINK-6"], "signs in with a link but leaves the email unverified"
    ) { $0.emailLink.verifiesEmail = false }

    public static let signsInWhateverEmailIsGiven = Defect(
        "signsInWhateverEmailIsGiven", rules: ["LINK-7"], "signs in with a link whatever email is given with it"
    ) { $0.emailLink.matchesEmail = false }

    public static let burnsLinkOnMismatchedEmail = Defect(
        "burnsLinkOnMismatchedEmail", rules: ["LINK-7"], "uses the link up when the wrong email is given, locking its owner out"
    ) { $0.emailLink.keepsCodeOnMismatch = false }

    public static let linksAreReusable = Defect(
        "linksAreReusable", rules: ["LINK-8"], "lets a link sign in again and again"
    ) { $0.emailLink.linksAreSingleUse = false }

    public static let linksNeverExpire = Defect(
        "linksNeverExpire", rules: ["LINK-9"], "never expires a sign-in link"
    ) { $0.emailLink.linksExpire = false }

    public static let linksLastThroughTheirLifetime = Defect(
        "linksLastThroughTheirLifetime", rules: ["LINK-9"], "still signs in with a link at exactly its lifetime, expiring it only after"
    ) { $0.emailLink.expiresAtLifetime = false }

    public static let keepsImpostorsPassword = Defect(
        "keepsImpostorsPassword", rules: ["LINK-10"], "keeps the password an impostor set on an unverified account after the owner's link sign-in"
    ) { $0.emailLink.removesUnverifiedPassword = false }

    public static let keepsImpostorsSessions = Defect(
        "keepsImpostorsSessions", rules: ["LINK-10"], "keeps an impostor's sessions alive after the owner's link sign-in"
    ) { $0.emailLink.endsUnverifiedSessions = false }

    public static let hidesEmailLinkSignInMethod = Defect(
        "hidesEmailLinkSignInMethod", rules: ["LINK-11"], "reports only password from fetchSignInMethods, never emailLink"
    ) { $0.emailLink.reportsEmailLinkMethod = false }

    public static let linksAnotherAddress = Defect(
        "linksAnotherAddress", rules: ["LINK-12"], "links an email-link credential whatever address comes with the link"
    ) { $0.emailLink.linkChecksEmail = false }

    public static let takesEmailFromLink = Defect(
        "takesEmailFromLink", rules: ["LINK-13"], "completes a link sign-in without the email, taking the address from the link's code"
    ) { $0.emailLink.requiresEmail = false }

    public static let acceptsAnyLinkDomain = Defect(
        "acceptsAnyLinkDomain", rules: ["LINK-14"], "builds links on any link domain the settings name"
    ) { $0.emailLink.checksLinkDomain = false }
}
