import ConformanceKit

extension ReferenceBehaviour {
    /// Email-link sign-in (LINK-1…14).
    struct EmailLink: Sendable {
        var requiresEnabledProviders = true
        var requiresHandleCodeInApp = true
        var checksContinueDomain = true
        var checksLinkDomain = true
        /// The link carries the iOS bundle ID and the Android package, install flag and minimum version.
        var carriesAppIdentifiers = true
        /// The link asks Android to install the app whatever the settings say.
        var alwaysAsksToInstall = false
        /// What `isSignIn(withEmailLink:)` answers.
        var recognizesLink: @Sendable (String) -> Bool = EmailSignInLink.isSignInLink
        var verifiesEmail = true
        /// Signing in needs the email the link was sent to; a link alone does not do.
        var requiresEmail = true
        var matchesEmail = true
        /// A mismatched email leaves the link usable by its owner.
        var keepsCodeOnMismatch = true
        var linksAreSingleUse = true
        /// A sign-in at the door checks a link's code and uses it up in one actor turn; otherwise it reads the code,
        /// awaits, and writes it back as read before using it (a lost update), so a second sign-in with the link at
        /// once finds it unused too (LINK-8).
        var doorRedeemsAtOnce = true
        var linksExpire = true
        /// A link is expired at exactly its lifetime, not only after it.
        var expiresAtLifetime = true
        var removesUnverifiedPassword = true
        var endsUnverifiedSessions = true
        var reportsEmailLinkMethod = true
        /// Linking an email-link credential checks the email against the link's.
        var linkChecksEmail = true
    }
}
