import ConformanceKit

/// Defects across flows: typed errors, timeouts, listeners, ID tokens, passwords. The AUTH rules catch them.
extension Defect {
    /// In catalogue order.
    static let generalDefects: [Defect] = [
        .reportsPartyFailuresAsInternalErrors, .waitsForeverForTheSMSCarrier, .waitsTwiceTheTimeout, .signOutNotifiesNobody,
        .notifiesOnlyFirstListener, .acceptsUnsignedIDTokens, .acceptsExpiredIDTokens, .acceptsOtherProjectsIDTokens, .acceptsAnyPassword,
        .comparesPasswordsCaseInsensitively, .createsSecondAccountForAddressInUse, .comparesSignUpEmailsByLetterCase, .acceptsPasswordOneUnderMinimum,
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

    public static let acceptsAnyPassword = Defect("acceptsAnyPassword", rules: ["AUTH-5"], "signs a password user in whatever password is given") {
        $0.emailPassword.checksPassword = false
    }

    public static let comparesPasswordsCaseInsensitively = Defect(
        "comparesPasswordsCaseInsensitively", rules: ["AUTH-5"], "compares passwords without regard to letter case"
    ) {
        $0.emailPassword.comparablePassword = { password in password.lowercased() }
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
