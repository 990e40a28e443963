import ConformanceKit

/// Defects of SMS multi-factor authentication: the MFA rules catch them.
extension Defect {
    /// In catalogue order.
    static let multiFactorDefects: [Defect] = [
        .enrollsWithUnverifiedEmail, .letsPhoneAndAnonymousUsersEnroll, .enrollmentLosesDisplayName,
        .sendsEnrollmentSMSToNobody, .enrollmentVerificationsReusable, .enrollsWithAnyVerification,
        .enrollmentAcceptsPunctuatedNumbers, .enrollmentKeepsOldToken, .enrollmentNotifiesNobody,
        .enrollmentNotifiesBeforeEnrolling, .signsInWithoutSecondFactor, .oauthSkipsSecondFactor,
        .appleSkipsSecondFactor, .masksOnlyMiddleDigits, .leaksNumberInSecondFactorError,
        .sendsSecondFactorSMSToFirstFactor, .resolvedSignInReportsPhoneProvider, .resolveAcceptsWrongCode,
        .acceptsOtherUsersResolverSession, .pendingSignInNeverExpires, .resolvesWithFirstFactorVerification,
        .resolvesWithEnrollmentVerification, .pendingSignInReusable, .honoursForgedPendingCredentials,
        .pendingSignInLifetimeRestartsAtSMS, .ignoresUnsupportedFactors, .allowsSameNumberTwice,
        .checksDuplicateNumberOnlyAtStart, .unenrollKeepsFactor, .unenrollRemovesFirstFactor, .noRecentSignInCheck,
        .judgesRecentSignInAtSessionStart,
    ]

    package static let enrollsWithUnverifiedEmail = Defect(
        "enrollsWithUnverifiedEmail", rules: ["MFA-1"], catches: [.assertion("MFA-1/unverified-email-cannot-enroll")],
        "enrolls second factors for users whose email is not verified"
    ) { $0.multiFactor.requiresVerifiedEmail = false }

    package static let letsPhoneAndAnonymousUsersEnroll = Defect(
        "letsPhoneAndAnonymousUsersEnroll", rules: ["MFA-2"],
        catches: [.assertion("MFA-2/phone-user-cannot-enroll"), .assertion("MFA-2/anonymous-cannot-enroll")],
        """
        does not refuse a phone or anonymous first factor, so such a user is refused only for having no verified email \
        (unverifiedEmail)
        """
    ) { $0.multiFactor.ineligibleFirstFactors = [] }

    package static let enrollmentLosesDisplayName = Defect(
        "enrollmentLosesDisplayName", rules: ["MFA-3"], catches: [.assertion("MFA-3/enrolled-factor")],
        "forgets the display name given at enrollment"
    ) { $0.multiFactor.keepsDisplayName = false }

    package static let sendsEnrollmentSMSToNobody = Defect(
        "sendsEnrollmentSMSToNobody", rules: ["MFA-3"], catches: [.assertion("MFA-3/enrolled-factor")],
        "starts an enrollment without texting the number"
    ) { $0.multiFactor.textsCodes = false }

    package static let enrollmentVerificationsReusable = Defect(
        "enrollmentVerificationsReusable", rules: ["MFA-3"], catches: [.assertion("MFA-3/verification-single-use")],
        "lets an enrollment verification enroll again after its factor was unenrolled"
    ) { $0.multiFactor.enrollmentCodesSingleUse = false }

    package static let enrollmentAcceptsPunctuatedNumbers = Defect(
        "enrollmentAcceptsPunctuatedNumbers", rules: ["MFA-4"],
        catches: [.assertion("MFA-4/malformed-numbers-refused")],
        "strips spaces and dashes from enrollment numbers and accepts them"
    ) { $0.multiFactor.ignoredPunctuation = " -.()" }

    package static let enrollmentKeepsOldToken = Defect(
        "enrollmentKeepsOldToken", rules: ["MFA-5"], catches: [.assertion("MFA-5/new-token-verifies")],
        "keeps the old ID token after enrollment (so no listener hears of a new one)"
    ) { $0.multiFactor.enrollmentRenewsSession = false }

    package static let enrollmentNotifiesNobody = Defect(
        "enrollmentNotifiesNobody", rules: ["MFA-5"], catches: [.hang("MFA-5/listener-hears-enrollment")],
        "refreshes the token after enrollment but notifies no listener"
    ) { $0.multiFactor.enrollmentNotifiesListeners = false }

    package static let enrollmentNotifiesBeforeEnrolling = Defect(
        "enrollmentNotifiesBeforeEnrolling", rules: ["MFA-5"], catches: [.hang("MFA-5/listener-hears-enrollment")],
        """
        refreshes the ID token before enrolling, which notifies the listeners of the user without the new factor, \
        and notifies nobody once the factor is enrolled
        """
    ) {
        $0.multiFactor.refreshesBeforeEnrolling = true
        $0.multiFactor.enrollmentNotifiesListeners = false
    }

    package static let signsInWithoutSecondFactor = Defect(
        "signsInWithoutSecondFactor", rules: ["MFA-6"],
        catches: [
            .assertion("MFA-6/password-sign-in-stops"), .assertion("MFA-6/email-link-sign-in-stops"),
            .assertion("MFA-6/github-sign-in-stops"), .assertion("MFA-6/apple-sign-in-stops"),
        ], "signs multi-factor users in with the first factor alone"
    ) { $0.multiFactor.requiresSecondFactor = false }

    package static let masksOnlyMiddleDigits = Defect(
        "masksOnlyMiddleDigits", rules: ["MFA-7"], catches: [.assertion("MFA-7/masked-by-country-code")],
        "masks only the middle three digits in hints (+1650***0101)"
    ) { $0.multiFactor.hintMask = { number in "+" + number.digits.dropLast(7) + "***" + number.digits.suffix(4) } }

    package static let leaksNumberInSecondFactorError = Defect(
        "leaksNumberInSecondFactorError", rules: ["MFA-7"], catches: [.assertion("MFA-7/full-number-nowhere")],
        "names the full enrolled number in the secondFactorRequired message"
    ) {
        let conforming = $0.multiFactor.secondFactorRequiredMessage
        $0.multiFactor.secondFactorRequiredMessage = { numbers in conforming(numbers) + " Codes go to \(numbers[0])." }
    }

    package static let sendsSecondFactorSMSToFirstFactor = Defect(
        "sendsSecondFactorSMSToFirstFactor", rules: ["MFA-8"], catches: [.assertion("MFA-8/two-factors-two-hints")],
        "texts the first enrolled factor whichever hint was chosen"
    ) { $0.multiFactor.textsChosenFactor = false }

    package static let resolvedSignInReportsPhoneProvider = Defect(
        "resolvedSignInReportsPhoneProvider", rules: ["MFA-9"],
        catches: [
            .assertion("MFA-9/after-password"), .assertion("MFA-9/after-email-link"), .assertion("MFA-9/after-github"),
            .assertion("MFA-9/after-apple"),
        ], "reports phone as the sign-in provider after the second factor"
    ) { $0.multiFactor.reportsFirstFactorProvider = false }

    package static let resolveAcceptsWrongCode = Defect(
        "resolveAcceptsWrongCode", rules: ["MFA-10"], catches: [.assertion("MFA-10/wrong-code-refused")],
        "resolves the sign-in whatever code is given"
    ) { $0.multiFactor.resolutionChecksCode = false }

    package static let acceptsOtherUsersResolverSession = Defect(
        "acceptsOtherUsersResolverSession", rules: ["MFA-11"],
        catches: [.assertion("MFA-11/other-users-factor"), .assertion("MFA-11/other-attempts-code")],
        "lets one sign-in's session use another user's factors and codes"
    ) { $0.multiFactor.pendingSignInBoundToUser = false }

    package static let pendingSignInNeverExpires = Defect(
        "pendingSignInNeverExpires", rules: ["MFA-11"],
        catches: [.assertion("MFA-11/expired-session"), .assertion("MFA-11/late-sms-no-extension")],
        "never expires the resolver's session"
    ) { $0.multiFactor.pendingSignInsExpire = false }

    package static let resolvesWithFirstFactorVerification = Defect(
        "resolvesWithFirstFactorVerification", rules: ["MFA-11"], catches: [.assertion("MFA-11/first-factor-code")],
        "completes a second factor with a first-factor phone sign-in code of the same number"
    ) { $0.multiFactor.resolvesWithSignInCodes = true }

    package static let resolvesWithEnrollmentVerification = Defect(
        "resolvesWithEnrollmentVerification", rules: ["MFA-11"],
        catches: [.assertion("MFA-11/other-users-enrollment-code"), .assertion("MFA-11/own-enrollment-code")],
        "completes a second factor with any enrollment code of the same number"
    ) { $0.multiFactor.resolvesWithEnrollmentCodes = true }

    package static let pendingSignInReusable = Defect(
        "pendingSignInReusable", rules: ["MFA-11"], catches: [.assertion("MFA-11/completed-session-reused")],
        "keeps a resolver session usable after it completed a sign-in"
    ) { $0.multiFactor.pendingSignInSingleUse = false }

    package static let pendingSignInLifetimeRestartsAtSMS = Defect(
        "pendingSignInLifetimeRestartsAtSMS", rules: ["MFA-11"], catches: [.assertion("MFA-11/late-sms-no-extension")],
        "restarts the resolver session's lifetime when the second-factor SMS is sent"
    ) { $0.multiFactor.pendingSignInLifetimeFromFirstFactor = false }

    package static let ignoresUnsupportedFactors = Defect(
        "ignoresUnsupportedFactors", rules: ["MFA-12"], catches: [.assertion("MFA-12/totp-enrollment-refused")],
        "returns silently from enrolling a TOTP factor it does not support"
    ) { $0.multiFactor.rejectsUnsupportedFactors = false }

    package static let allowsSameNumberTwice = Defect(
        "allowsSameNumberTwice", rules: ["MFA-13"],
        catches: [.assertion("MFA-13/enrolled-number-again"), .assertion("MFA-13/concurrent-enrollments")],
        "enrolls the same number twice for one user"
    ) { $0.multiFactor.duplicateNumberRefusedAt = [] }

    package static let checksDuplicateNumberOnlyAtStart = Defect(
        "checksDuplicateNumberOnlyAtStart", rules: ["MFA-13"], catches: [.assertion("MFA-13/concurrent-enrollments")],
        "checks for an enrolled number only when the enrollment starts"
    ) { $0.multiFactor.duplicateNumberRefusedAt = [.start] }

    package static let unenrollKeepsFactor = Defect(
        "unenrollKeepsFactor", rules: ["MFA-14"],
        catches: [.assertion("MFA-14/only-factor-unenrolled"), .assertion("MFA-14/middle-factor-unenrolled")],
        "reports unenrollment but keeps the factor"
    ) { $0.multiFactor.unenroll = { _, _ in } }

    package static let unenrollRemovesFirstFactor = Defect(
        "unenrollRemovesFirstFactor", rules: ["MFA-14"], catches: [.assertion("MFA-14/middle-factor-unenrolled")],
        "removes the first enrolled factor whichever one is named"
    ) { $0.multiFactor.unenroll = { factors, _ in factors.removeFirst() } }

    package static let noRecentSignInCheck = Defect(
        "noRecentSignInCheck", rules: ["MFA-15"],
        catches: [.assertion("MFA-15/old-sign-in-cannot-enroll"), .assertion("MFA-15/enroll-after-window")],
        "lets a stale sign-in enroll a second factor"
    ) { $0.multiFactor.recentSignInJudgedAt = [] }

    package static let judgesRecentSignInAtSessionStart = Defect(
        "judgesRecentSignInAtSessionStart", rules: ["MFA-15"], catches: [.assertion("MFA-15/enroll-after-window")],
        "judges the recent sign-in when the enrollment starts, not at enroll"
    ) { $0.multiFactor.recentSignInJudgedAt = [.start] }

    package static let oauthSkipsSecondFactor = Defect(
        "oauthSkipsSecondFactor", rules: ["MFA-6"], catches: [.assertion("MFA-6/github-sign-in-stops")],
        "signs a multi-factor user in with a GitHub first factor alone"
    ) { $0.oauth.asksForSecondFactor = false }

    package static let appleSkipsSecondFactor = Defect(
        "appleSkipsSecondFactor", rules: ["MFA-6"], catches: [.assertion("MFA-6/apple-sign-in-stops")],
        "signs a multi-factor user in with an Apple first factor alone"
    ) { $0.apple.asksForSecondFactor = false }

    /// The Auth Emulator's hole: enrollment takes any pending verification, a first-factor one or another user's.
    package static let enrollsWithAnyVerification = Defect(
        "enrollsWithAnyVerification", rules: ["MFA-3"],
        catches: [.assertion("MFA-3/first-factor-verification"), .assertion("MFA-3/other-users-verification")],
        "enrolls with any verification and code, not only one started for that enrollment of that user"
    ) { $0.multiFactor.enrollmentBoundToVerification = false }

    /// The Auth Emulator's hole: its pending credential is the user ID written out, and any such one is honoured.
    package static let honoursForgedPendingCredentials = Defect(
        "honoursForgedPendingCredentials", rules: ["MFA-11"], catches: [.assertion("MFA-11/forged-pending-credential")],
        """
        issues pending credentials that are base64 JSON of the user ID and completes a second factor for any such \
        credential
        """
    ) { $0.multiFactor.pendingCredentialsNameTheirUser = true }
}
