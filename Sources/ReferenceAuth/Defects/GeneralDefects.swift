import ConformanceKit

/// Defects across flows: typed errors, timeouts, listeners, ID tokens, passwords. The AUTH rules catch them.
extension Defect {
    /// In catalogue order.
    static let generalDefects: [Defect] = [
        .reportsPartyFailuresAsInternalErrors, .waitsForeverForTheSMSCarrier, .waitsTwiceTheTimeout, .signOutNotifiesNobody,
        .notifiesOnlyFirstListener, .acceptsUnsignedIDTokens, .acceptsExpiredIDTokens, .acceptsOtherProjectsIDTokens, .acceptsAnyPassword,
        .comparesPasswordsCaseInsensitively,
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
}
