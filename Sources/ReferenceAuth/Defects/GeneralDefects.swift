import ConformanceKit

/// Defects across flows: typed errors, timeouts, listeners, ID tokens, passwords. The AUTH rules catch them.
extension Defect {
    /// In catalogue order.
    static let generalDefects: [Defect] = [
        .reportsPartyFailuresAsInternalErrors, .waitsForeverForTheSMSCarrier, .waitsTwiceTheTimeout, .secondVerificationStrandsFirst, .signOutNotifiesNobody,
        .notifiesOnlyFirstListener, .acceptsUnsignedIDTokens, .acceptsExpiredIDTokens, .acceptsOtherProjectsIDTokens,
        .accountCallsTrustUnverifiedTokens, .acceptsAnyPassword, .comparesPasswordsCaseInsensitively, .forcedRefreshNotifiesNobody,
        .refreshSurvivesPasswordChange, .honoursRefreshTokensBuiltFromUserID, .refreshDropsSecondFactor, .handsOutExpiredIDToken,
        .createsSecondAccountForAddressInUse, .comparesSignUpEmailsByLetterCase, .acceptsPasswordOneUnderMinimum,
        .createsAccountBeforeJudgingPassword, .acceptsEmailWithTwoAts,
    ]

    public static let reportsPartyFailuresAsInternalErrors = Defect(
        "reportsPartyFailuresAsInternalErrors", rules: ["AUTH-1"], "reports an outside party's failure as internalError with no message"
    ) {
        $0.outsideParties.timed = []
        $0.outsideParties.failure = { _ in AuthError(.internalError) }
    }

    public static let waitsForeverForTheSMSCarrier = Defect(
        "waitsForeverForTheSMSCarrier", rules: ["AUTH-2"], "waits for the SMS carrier without a timeout"
    ) {
        $0.outsideParties.timed = [.mailServer]
    }

    public static let waitsTwiceTheTimeout = Defect(
        "waitsTwiceTheTimeout", rules: ["AUTH-2"], "gives up on an outside party after twice the configured timeout"
    ) {
        $0.outsideParties.timeoutMultiplier = 2
    }

    public static let secondVerificationStrandsFirst = Defect(
        "secondVerificationStrandsFirst", rules: ["AUTH-2"],
        "keeps one slot for the verification in flight: a verifyPhoneNumber started while another waits for its SMS leaves the first waiting for ever"
    ) {
        $0.phone.oneVerificationInFlight = true
    }

    public static let signOutNotifiesNobody = Defect("signOutNotifiesNobody", rules: ["AUTH-3"], "does not notify listeners of a sign-out") {
        $0.session.signOutNotifiesListeners = false
    }

    public static let notifiesOnlyFirstListener = Defect(
        "notifiesOnlyFirstListener", rules: ["AUTH-3"], "notifies only the first registered listener"
    ) {
        $0.session.listenersNotified = 1
    }

    public static let acceptsUnsignedIDTokens = Defect(
        "acceptsUnsignedIDTokens", rules: ["AUTH-4"], "accepts ID tokens with alg none or no signature"
    ) {
        $0.tokens.checks.signature = false
    }

    public static let acceptsExpiredIDTokens = Defect("acceptsExpiredIDTokens", rules: ["AUTH-4"], "accepts expired ID tokens") {
        $0.tokens.checks.expiry = false
    }

    public static let acceptsOtherProjectsIDTokens = Defect(
        "acceptsOtherProjectsIDTokens", rules: ["AUTH-4"], "signs every project's ID tokens with one key and checks no audience"
    ) {
        $0.tokens.keyPerProject = false
        $0.tokens.checks.audience = false
    }

    /// The Auth Emulator's hole: its account calls take an unsigned token edited to name another user.
    public static let accountCallsTrustUnverifiedTokens = Defect(
        "accountCallsTrustUnverifiedTokens", rules: ["AUTH-4"],
        "reads the user of accounts:lookup, accounts:update and enrollment from the ID token's payload without verifying it"
    ) {
        $0.tokens.accountCallsVerifyTokens = false
    }

    public static let acceptsAnyPassword = Defect("acceptsAnyPassword", rules: ["AUTH-5"], "signs a password user in whatever password is given") {
        $0.emailPassword.checksPassword = false
    }

    public static let comparesPasswordsCaseInsensitively = Defect(
        "comparesPasswordsCaseInsensitively", rules: ["AUTH-5"], "compares passwords without regard to letter case"
    ) {
        $0.emailPassword.comparablePassword = { password in password.lowercased() }
    }

    public static let forcedRefreshNotifiesNobody = Defect(
        "forcedRefreshNotifiesNobody", rules: ["AUTH-6"], "tells no ID-token listener of a forced token refresh"
    ) {
        $0.session.forcedRefreshNotifiesListeners = false
    }

    /// The Auth Emulator's hole: a refresh token outlives a password change.
    public static let refreshSurvivesPasswordChange = Defect(
        "refreshSurvivesPasswordChange", rules: ["AUTH-7"], "keeps the user's other refresh tokens working after a password change"
    ) {
        $0.session.passwordChangeEndsSessions = false
    }

    /// The Auth Emulator's hole: its refresh token is the user ID written out, so anyone can write one.
    public static let honoursRefreshTokensBuiltFromUserID = Defect(
        "honoursRefreshTokensBuiltFromUserID", rules: ["AUTH-7"],
        "issues refresh tokens that are base64 JSON of the user ID and mints ID tokens for any such token"
    ) {
        $0.session.refreshTokensNameTheirUser = true
    }

    public static let refreshDropsSecondFactor = Defect(
        "refreshDropsSecondFactor", rules: ["AUTH-7"], "drops the second-factor claim from ID tokens minted by a refresh"
    ) {
        $0.session.refreshKeepsSecondFactor = false
    }

    public static let handsOutExpiredIDToken = Defect(
        "handsOutExpiredIDToken", rules: ["AUTH-7"], "hands out the cached ID token at its expiry instant, renewing it only a second later"
    ) {
        $0.session.renewsBeforeExpiry = false
    }

    public static let createsSecondAccountForAddressInUse = Defect(
        "createsSecondAccountForAddressInUse", rules: ["AUTH-8"], "signs up a second account with an address that is already in use"
    ) {
        $0.emailPassword.refusesAddressInUse = false
    }

    public static let comparesSignUpEmailsByLetterCase = Defect(
        "comparesSignUpEmailsByLetterCase", rules: ["AUTH-8"], "finds an address in use only when it is typed in the same letter case"
    ) {
        $0.emailPassword.comparableSignUpEmail = { $0 }
    }

    public static let acceptsPasswordOneUnderMinimum = Defect(
        "acceptsPasswordOneUnderMinimum", rules: ["AUTH-8"], "signs up with a password one character shorter than the project's minimum"
    ) {
        $0.emailPassword.passwordMinimumSlack = 1
    }

    public static let createsAccountBeforeJudgingPassword = Defect(
        "createsAccountBeforeJudgingPassword", rules: ["AUTH-8"], "stores the new account, then refuses its weak password with weakPassword"
    ) {
        $0.emailPassword.createsAfterChecks = false
    }

    public static let acceptsEmailWithTwoAts = Defect(
        "acceptsEmailWithTwoAts", rules: ["AUTH-8"], "takes ada@@example.com for an address, counting only the non-empty parts around @"
    ) {
        $0.emailPassword.isWellFormedEmail = { $0.split(separator: "@").count == 2 && !$0.contains(" ") }
    }
}
