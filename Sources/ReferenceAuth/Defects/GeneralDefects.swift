import ConformanceKit

/// Defects across flows: typed errors, timeouts, listeners, ID tokens, passwords. The AUTH rules catch them.
extension Defect {
    /// In catalogue order.
    static let generalDefects: [Defect] = [
        .reportsPartyFailuresAsInternalErrors, .waitsForeverForTheSMSCarrier, .waitsTwiceTheTimeout,
        .secondVerificationStrandsFirst, .signOutNotifiesNobody, .notifiesOnlyFirstListener, .acceptsUnsignedIDTokens,
        .acceptsExpiredIDTokens, .acceptsOtherProjectsIDTokens, .accountCallsTrustUnverifiedTokens, .acceptsAnyPassword,
        .comparesPasswordsCaseInsensitively, .forcedRefreshNotifiesNobody, .refreshSurvivesPasswordChange,
        .resetKeepsOldPassword, .honoursRefreshTokensBuiltFromUserID, .refreshDropsSecondFactor,
        .handsOutExpiredIDToken, .createsSecondAccountForAddressInUse, .comparesSignUpEmailsByLetterCase,
        .acceptsPasswordOneUnderMinimum, .createsAccountBeforeJudgingPassword, .acceptsEmailWithTwoAts,
        .refreshBringsSignedOutUserBack, .refreshAnsweredBeforeSignOutBringsUserBack, .notifiesOvertakenChange,
        .listenerCallsOvertake, .signInNotifiesListenersAtStart, .unenrollmentNotifiesNobody,
        .callsListenersConcurrently, .notifiesSignInTwice,
    ]

    package static let reportsPartyFailuresAsInternalErrors = Defect(
        "reportsPartyFailuresAsInternalErrors", rules: ["AUTH-1"],
        catches: [.assertion("AUTH-1/phone-errors"), .assertion("AUTH-1/multi-factor-errors")],
        "reports an outside party's failure as internalError with no message"
    ) { $0.outsideParties.failure = { _ in AuthError(.internalError) } }

    package static let waitsForeverForTheSMSCarrier = Defect(
        "waitsForeverForTheSMSCarrier", rules: ["AUTH-2"], catches: [.hang("AUTH-2/stalled-sms-carrier")],
        "waits for the SMS carrier without a timeout"
    ) { $0.outsideParties.timed.remove(.smsCarrier) }

    package static let waitsTwiceTheTimeout = Defect(
        "waitsTwiceTheTimeout", rules: ["AUTH-2"],
        catches: [
            .assertion("AUTH-2/stalled-sms-carrier"), .assertion("AUTH-2/stalled-mail-server"),
            .assertion("AUTH-2/stalled-github-token-endpoint"), .assertion("AUTH-2/stalled-apple"),
        ], "gives up on an outside party after twice the configured timeout"
    ) { $0.outsideParties.timeoutMultiplier = 2 }

    package static let secondVerificationStrandsFirst = Defect(
        "secondVerificationStrandsFirst", rules: ["AUTH-2"], catches: [.hang("AUTH-2/second-verification-completes")],
        """
        keeps one slot for the verification in flight: a verifyPhoneNumber started while another waits for its SMS \
        leaves the first waiting for ever
        """
    ) { $0.phone.oneVerificationInFlight = true }

    package static let signOutNotifiesNobody = Defect(
        "signOutNotifiesNobody", rules: ["AUTH-3"], catches: [.hang("AUTH-3/three-listeners")],
        "does not notify listeners of a sign-out"
    ) { $0.session.signOutNotifiesListeners = false }

    package static let notifiesOnlyFirstListener = Defect(
        "notifiesOnlyFirstListener", rules: ["AUTH-3"], catches: [.hang("AUTH-3/three-listeners")],
        "notifies only the first registered listener"
    ) { $0.session.listenersNotified = 1 }

    package static let acceptsUnsignedIDTokens = Defect(
        "acceptsUnsignedIDTokens", rules: ["AUTH-4"],
        catches: [.assertion("AUTH-4/tampered-tokens-refused"), .assertion("AUTH-4/account-calls-forged")],
        "accepts ID tokens with alg none or no signature"
    ) { $0.tokens.checks.signature = false }

    package static let acceptsExpiredIDTokens = Defect(
        "acceptsExpiredIDTokens", rules: ["AUTH-4"],
        catches: [.assertion("AUTH-4/expired-token-refused"), .assertion("AUTH-4/account-calls-expired")],
        "accepts expired ID tokens"
    ) { $0.tokens.checks.expiry = false }

    package static let acceptsOtherProjectsIDTokens = Defect(
        "acceptsOtherProjectsIDTokens", rules: ["AUTH-4"], catches: [.assertion("AUTH-4/other-project-refused")],
        "signs every project's ID tokens with one key and checks no audience"
    ) {
        $0.tokens.keyPerProject = false
        $0.tokens.checks.audience = false
    }

    /// The Auth Emulator's hole: its account calls take an unsigned token edited to name another user.
    package static let accountCallsTrustUnverifiedTokens = Defect(
        "accountCallsTrustUnverifiedTokens", rules: ["AUTH-4"],
        catches: [.assertion("AUTH-4/account-calls-forged"), .assertion("AUTH-4/account-calls-expired")],
        """
        reads the user of accounts:lookup, accounts:update and enrollment from the ID token's payload without \
        verifying it
        """
    ) { $0.tokens.accountCallsVerifyTokens = false }

    package static let acceptsAnyPassword = Defect(
        "acceptsAnyPassword", rules: ["AUTH-5"], catches: [.assertion("AUTH-5/nearest-passwords-refused")],
        "signs a password user in whatever password is given"
    ) { $0.emailPassword.checksPassword = false }

    package static let comparesPasswordsCaseInsensitively = Defect(
        "comparesPasswordsCaseInsensitively", rules: ["AUTH-5"],
        catches: [.assertion("AUTH-5/nearest-passwords-refused")], "compares passwords without regard to letter case"
    ) { $0.emailPassword.comparablePassword = { password in password.lowercased() } }

    package static let forcedRefreshNotifiesNobody = Defect(
        "forcedRefreshNotifiesNobody", rules: ["AUTH-6"],
        catches: [
            .hang("AUTH-6/every-offered-sign-in"), .hang("AUTH-6/email-link-sign-in"), .hang("AUTH-6/github-sign-in"),
            .hang("AUTH-6/apple-sign-in"), .hang("AUTH-6/second-factor-sign-in"),
        ], "tells no ID-token listener of a forced token refresh"
    ) { $0.session.forcedRefreshNotifiesListeners = false }

    /// The Auth Emulator's hole: a refresh token outlives a password change.
    package static let refreshSurvivesPasswordChange = Defect(
        "refreshSurvivesPasswordChange", rules: ["AUTH-7"],
        catches: [.assertion("AUTH-7/password-changed"), .assertion("AUTH-7/password-reset")],
        "keeps the user's other refresh tokens working after a password change"
    ) { $0.session.passwordChangeEndsSessions = false }

    package static let resetKeepsOldPassword = Defect(
        "resetKeepsOldPassword", rules: ["AUTH-7"], catches: [.assertion("AUTH-7/only-new-password-signs-in")],
        "ends the user's sessions on a password reset but keeps the old password: the new one does not sign in"
    ) { $0.session.resetStoresNewPassword = false }

    /// The Auth Emulator's hole: its refresh token is the user ID written out, so anyone can write one.
    package static let honoursRefreshTokensBuiltFromUserID = Defect(
        "honoursRefreshTokensBuiltFromUserID", rules: ["AUTH-7"], catches: [.assertion("AUTH-7/forged-refresh-token")],
        "issues refresh tokens that are base64 JSON of the user ID and mints ID tokens for any such token"
    ) { $0.session.refreshTokensNameTheirUser = true }

    package static let refreshDropsSecondFactor = Defect(
        "refreshDropsSecondFactor", rules: ["AUTH-7"], catches: [.assertion("AUTH-7/refresh-keeps-factors")],
        "drops the second-factor claim from ID tokens minted by a refresh"
    ) { $0.session.refreshKeepsSecondFactor = false }

    package static let handsOutExpiredIDToken = Defect(
        "handsOutExpiredIDToken", rules: ["AUTH-7"], catches: [.assertion("AUTH-7/renewed-at-expiry")],
        "hands out the cached ID token at its expiry instant, renewing it only a second later"
    ) { $0.session.renewsBeforeExpiry = false }

    package static let createsSecondAccountForAddressInUse = Defect(
        "createsSecondAccountForAddressInUse", rules: ["AUTH-8"], catches: [.assertion("AUTH-8/email-in-use")],
        "signs up a second account with an address that is already in use"
    ) { $0.emailPassword.refusesAddressInUse = false }

    package static let comparesSignUpEmailsByLetterCase = Defect(
        "comparesSignUpEmailsByLetterCase", rules: ["AUTH-8"], catches: [.assertion("AUTH-8/email-in-use")],
        "finds an address in use only when it is typed in the same letter case"
    ) { $0.emailPassword.comparableSignUpEmail = { $0 } }

    package static let acceptsPasswordOneUnderMinimum = Defect(
        "acceptsPasswordOneUnderMinimum", rules: ["AUTH-8"], catches: [.assertion("AUTH-8/weak-password")],
        "signs up with a password one character shorter than the project's minimum"
    ) { $0.emailPassword.passwordMinimumSlack = 1 }

    package static let createsAccountBeforeJudgingPassword = Defect(
        "createsAccountBeforeJudgingPassword", rules: ["AUTH-8"], catches: [.assertion("AUTH-8/weak-password")],
        "stores the new account, then refuses its weak password with weakPassword"
    ) { $0.emailPassword.createsAfterChecks = false }

    package static let acceptsEmailWithTwoAts = Defect(
        "acceptsEmailWithTwoAts", rules: ["AUTH-8"], catches: [.assertion("AUTH-8/malformed-emails")],
        "takes ada@@example.com for an address, counting only the non-empty parts around @"
    ) { $0.emailPassword.isWellFormedEmail = { $0.split(separator: "@").count == 2 && !$0.contains(" ") } }

    package static let refreshBringsSignedOutUserBack = Defect(
        "refreshBringsSignedOutUserBack", rules: ["AUTH-3"], catches: [.assertion("AUTH-3/sign-out-during-refresh")],
        """
        makes the refreshed session current when the refresh returns, even if the user signed out while it was in \
        flight
        """
    ) { $0.session.refreshYieldsToLaterChange = false }

    package static let refreshAnsweredBeforeSignOutBringsUserBack = Defect(
        "refreshAnsweredBeforeSignOutBringsUserBack", rules: ["AUTH-3"],
        catches: [.assertion("AUTH-3/sign-out-refresh-answer-held")],
        """
        ends the session at the backend when signing out, yet makes current a refresh the backend answered before \
        the sign-out and that returned after it
        """
    ) {
        $0.session.signOutEndsServerSession = true
        $0.session.refreshYieldsToLaterChange = false
    }

    package static let notifiesOvertakenChange = Defect(
        "notifiesOvertakenChange", rules: ["AUTH-6"], catches: [.assertion("AUTH-6/sign-out-during-sign-in")],
        """
        tells the listeners of a sign-in once it has looked the user up, even when a sign-out came in the meantime, so \
        the last call names a signed-out user
        """
    ) { $0.session.dropsOvertakenNotifications = false }

    package static let listenerCallsOvertake = Defect(
        "listenerCallsOvertake", rules: ["AUTH-6"], catches: [.assertion("AUTH-6/burst-of-changes")],
        """
        calls the listeners from a concurrent queue: of changes made in a burst, the older change's call arrives \
        after the current user's
        """
    ) { $0.session.listenerCallsOvertake = true }

    package static let callsListenersConcurrently = Defect(
        "callsListenersConcurrently", rules: ["AUTH-6"], catches: [.assertion("AUTH-6/one-call-at-a-time")],
        """
        calls its listeners from a concurrent queue: a listener's next call begins while its previous call is still \
        running
        """
    ) {
        $0.session.listenersCalledConcurrently = true
        $0.capabilities.concurrency = .unstructured
    }

    package static let notifiesSignInTwice = Defect(
        "notifiesSignInTwice", rules: ["AUTH-9"], catches: [.assertion("AUTH-9/each-change-heard-once")],
        "tells the listeners of a sign-in twice, from the sign-in and again from the token change it makes"
    ) { $0.session.signInNotifiesTwice = true }

    package static let signInNotifiesListenersAtStart = Defect(
        "signInNotifiesListenersAtStart", rules: ["AUTH-6"],
        catches: [.assertion("AUTH-6/listener-added-during-sign-in")],
        "tells a sign-in only to the listeners registered when it started, not to one added while it was in flight"
    ) { $0.session.signInNotifiesListenersAtStart = true }

    package static let unenrollmentNotifiesNobody = Defect(
        "unenrollmentNotifiesNobody", rules: ["AUTH-6"], catches: [.hang("AUTH-6/enrollment-and-unenrollment")],
        "installs the new ID token an unenrollment returns without telling the listeners"
    ) { $0.multiFactor.unenrollmentNotifiesListeners = false }
}
