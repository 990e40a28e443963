import ConformanceKit
import MockIdP

/// Defects of phone sign-in: the PHONE rules catch them.
extension Defect {
    /// In catalogue order.
    static let phoneDefects: [Defect] = [
        .acceptsPunctuatedNumbers, .rejectsNumbersLongerThanNorthAmerican, .emptyNumberReportedAsInvalid,
        .sendsFourDigitCodes, .sendsSMSToReformattedNumber, .sendsSMSTwice, .reportsEveryUserAsNew,
        .storesNumberWithoutPlus, .wrongCodeBurnsVerification, .secondWrongCodeBurnsVerification, .acceptsPrefixOfCode,
        .ignoresLastDigitOfCode, .locksOutNumberAfterWrongCodes, .unknownVerificationIDReportedAsWrongCode,
        .emptyInputsReportedAsInvalid, .codesAreReusable, .codesNeverExpire, .codesExpireOneSecondLate,
        .expiredCodeLaterReportedAsWrong, .wrongAttemptsExtendCodeLifetime, .judgesCodeExpiryAtClientStart,
        .verificationBoundToClientInstance, .ignoresLanguageCode, .sendsSMSToTestNumbers, .testNumbersConsumeQuota,
        .testNumbersAcceptAnyCode, .acceptsAnyTestNumberConfiguration, .testNumberUsersGetUnsignedTokens,
        .skipsAppVerification, .ignoresReCaptchaCancellation, .ignoresPushSecret,
        .disabledVerificationAllowsRealNumbers, .handlesEveryNotification, .handlesEveryURL,
        .handlesForgedPushWhileWaiting, .handlesForeignURLWhileWaiting, .noVerificationRateLimit,
        .rateLimitsPerDeviceOnly, .rateLimitsPerNumberOnly, .countsRequestsAfterSending, .signOutKeepsCurrentUser,
        .signOutLeavesUserInKeychain, .writesKeychainAfterReturning, .writesKeychainOnListenerQueue,
        .verificationIDEmbedsCode, .wrongCodeErrorRevealsCode, .checksCodeBeforeSigningIn, .checksCodeThenAwaitsStore,
        .waitsForOnePushAtATime,
    ]

    package static let acceptsPunctuatedNumbers = Defect(
        "acceptsPunctuatedNumbers", rules: ["PHONE-1"], catches: [.assertion("PHONE-1/malformed-numbers")],
        "strips spaces, dashes, dots and parentheses and accepts `+1 650-555-0101`"
    ) { $0.phone.ignoredPunctuation = " -.()" }

    package static let rejectsNumbersLongerThanNorthAmerican = Defect(
        "rejectsNumbersLongerThanNorthAmerican", rules: ["PHONE-1"], catches: [.assertion("PHONE-1/valid-numbers")],
        "rejects every number with more than 11 digits (Brazilian mobiles, German numbers …)"
    ) { $0.phoneNumbers.maximumDigits = 11 }

    package static let emptyNumberReportedAsInvalid = Defect(
        "emptyNumberReportedAsInvalid", rules: ["PHONE-2"], catches: [.assertion("PHONE-2/empty-number")],
        "reports an empty number as invalidPhoneNumber instead of missingPhoneNumber"
    ) { $0.phoneNumbers.reportsEmptyNumberAsMissing = false }

    package static let sendsFourDigitCodes = Defect(
        "sendsFourDigitCodes", rules: ["PHONE-3"],
        catches: [.assertion("PHONE-3/one-sms-us-number"), .assertion("PHONE-3/one-sms-brazil-number")],
        "sends 4-digit codes"
    ) { $0.phone.codeLength = 4 }

    package static let sendsSMSToReformattedNumber = Defect(
        "sendsSMSToReformattedNumber", rules: ["PHONE-3"],
        catches: [.assertion("PHONE-3/one-sms-us-number"), .assertion("PHONE-3/one-sms-brazil-number")],
        "sends the SMS to the number without its +"
    ) { $0.phone.smsRecipient = { number in String(number.dropFirst()) } }

    package static let sendsSMSTwice = Defect(
        "sendsSMSTwice", rules: ["PHONE-3"],
        catches: [.assertion("PHONE-3/one-sms-us-number"), .assertion("PHONE-3/one-sms-brazil-number")],
        "sends every SMS twice"
    ) { $0.phone.smsCopies = 2 }

    package static let reportsEveryUserAsNew = Defect(
        "reportsEveryUserAsNew", rules: ["PHONE-4"], catches: [.assertion("PHONE-4/new-then-same-user")],
        "reports isNewUser true on every sign-in"
    ) { $0.phone.reportsNewUserOnlyOnFirstSignIn = false }

    package static let storesNumberWithoutPlus = Defect(
        "storesNumberWithoutPlus", rules: ["PHONE-4"], catches: [.assertion("PHONE-4/new-then-same-user")],
        "stores the user's phone number without its +"
    ) { $0.phone.storedNumber = { number in String(number.dropFirst()) } }

    package static let wrongCodeBurnsVerification = Defect(
        "wrongCodeBurnsVerification", rules: ["PHONE-5"], catches: [.assertion("PHONE-5/wrong-then-right")],
        "discards the verification after one wrong code"
    ) { $0.codes.wrongCodesBeforeDiscard = 1 }

    package static let secondWrongCodeBurnsVerification = Defect(
        "secondWrongCodeBurnsVerification", rules: ["PHONE-5"], catches: [.assertion("PHONE-5/two-wrong-then-right")],
        "discards the verification after two wrong codes (3 is the least PHONE-5 allows)"
    ) { $0.codes.wrongCodesBeforeDiscard = 2 }

    package static let acceptsPrefixOfCode = Defect(
        "acceptsPrefixOfCode", rules: ["PHONE-5"], catches: [.assertion("PHONE-5/near-misses-wrong")],
        "accepts any prefix of the right code"
    ) { $0.codes.matches = { given, sent in given == sent || !given.isEmpty && sent.hasPrefix(given) } }

    package static let ignoresLastDigitOfCode = Defect(
        "ignoresLastDigitOfCode", rules: ["PHONE-5"], catches: [.assertion("PHONE-5/near-misses-wrong")],
        "compares only the first five digits of a code"
    ) {
        $0.codes.matches = { given, sent in
            given == sent || given.count == sent.count && given.dropLast() == sent.dropLast()
        }
    }

    package static let locksOutNumberAfterWrongCodes = Defect(
        "locksOutNumberAfterWrongCodes", rules: ["PHONE-5"], catches: [.assertion("PHONE-5/no-lockout")],
        "refuses every sign-in of a number after three wrong codes"
    ) { $0.codes.wrongCodesBeforeNumberLockout = 3 }

    package static let unknownVerificationIDReportedAsWrongCode = Defect(
        "unknownVerificationIDReportedAsWrongCode", rules: ["PHONE-6"],
        catches: [.assertion("PHONE-6/unknown-or-tampered-id")],
        "reports an unknown verification ID as invalidVerificationCode"
    ) { $0.codes.unknownVerificationIDError = .invalidVerificationCode }

    package static let emptyInputsReportedAsInvalid = Defect(
        "emptyInputsReportedAsInvalid", rules: ["PHONE-6"],
        catches: [.assertion("PHONE-6/empty-verification-id"), .assertion("PHONE-6/empty-code")],
        "reports an empty verification ID or code as invalid instead of missing"
    ) { $0.phone.reportsEmptyCredentialInputsAsMissing = false }

    package static let codesAreReusable = Defect(
        "codesAreReusable", rules: ["PHONE-7"], catches: [.assertion("PHONE-7/used-code-refused")],
        "lets a code sign in again and again"
    ) { $0.codes.singleUse = false }

    package static let codesNeverExpire = Defect(
        "codesNeverExpire", rules: ["PHONE-8"], catches: [.assertion("PHONE-8/exact-lifetime")], "never expires codes"
    ) { $0.codes.expire = false }

    package static let codesExpireOneSecondLate = Defect(
        "codesExpireOneSecondLate", rules: ["PHONE-8"], catches: [.assertion("PHONE-8/exact-lifetime")],
        "still accepts a code at exactly its lifetime"
    ) { $0.codes.expireAtDeadline = false }

    package static let expiredCodeLaterReportedAsWrong = Defect(
        "expiredCodeLaterReportedAsWrong", rules: ["PHONE-8"], catches: [.assertion("PHONE-8/exact-lifetime")],
        "answers invalidVerificationCode to attempts after the first sessionExpired"
    ) { $0.codes.expiredAgainError = .invalidVerificationCode }

    package static let wrongAttemptsExtendCodeLifetime = Defect(
        "wrongAttemptsExtendCodeLifetime", rules: ["PHONE-8"],
        catches: [.assertion("PHONE-8/wrong-attempt-no-extension")], "restarts a code's lifetime on every wrong attempt"
    ) { $0.codes.wrongAttemptsRestartLifetime = true }

    package static let judgesCodeExpiryAtClientStart = Defect(
        "judgesCodeExpiryAtClientStart", rules: ["PHONE-8"],
        catches: [.assertion("PHONE-8/expiry-judged-when-handled")],
        """
        judges a code's expiry at the instant the client started the sign-in, so a sign-in in flight when the \
        lifetime passes still signs in
        """
    ) { $0.codes.expiryJudgedAtClientStart = true }

    package static let verificationBoundToClientInstance = Defect(
        "verificationBoundToClientInstance", rules: ["PHONE-9"],
        catches: [.assertion("PHONE-9/restarted-app-signs-in")],
        "keeps verifications in the client instance, so a restarted app cannot sign in"
    ) { $0.phone.verificationsOutliveClient = false }

    package static let ignoresLanguageCode = Defect(
        "ignoresLanguageCode", rules: ["PHONE-10"],
        catches: [.assertion("PHONE-10/french-sms"), .assertion("PHONE-10/german-sms")],
        "sends every SMS in the default language"
    ) { $0.phone.smsInUserLanguage = false }

    package static let sendsSMSToTestNumbers = Defect(
        "sendsSMSToTestNumbers", rules: ["PHONE-11"], catches: [.assertion("PHONE-11/fixed-code-no-sms")],
        "sends a real SMS to test numbers"
    ) { $0.testNumbers.receiveSMS = true }

    package static let testNumbersConsumeQuota = Defect(
        "testNumbersConsumeQuota", rules: ["PHONE-11"],
        catches: [.assertion("PHONE-11/no-verification-limit"), .assertion("PHONE-11/no-device-quota")],
        "counts test-number requests against the verification limit"
    ) { $0.testNumbers.countAgainstRateLimit = true }

    package static let testNumbersAcceptAnyCode = Defect(
        "testNumbersAcceptAnyCode", rules: ["PHONE-11"], catches: [.assertion("PHONE-11/other-code-refused")],
        "signs test numbers in with any code"
    ) { $0.testNumbers.codeChecked = false }

    package static let acceptsAnyTestNumberConfiguration = Defect(
        "acceptsAnyTestNumberConfiguration", rules: ["PHONE-12"],
        catches: [
            .assertion("PHONE-12/non-e164-numbers-refused"), .assertion("PHONE-12/non-6-digit-codes-refused"),
            .assertion("PHONE-12/at-most-ten-numbers"),
        ], "accepts any test number configuration"
    ) { $0.testNumbers.configurationValidated = false }

    package static let testNumberUsersGetUnsignedTokens = Defect(
        "testNumberUsersGetUnsignedTokens", rules: ["PHONE-13"],
        catches: [.assertion("PHONE-13/same-shape-as-real-users")], "gives test-number users unsigned ID tokens"
    ) { $0.testNumbers.usersGetSignedTokens = false }

    package static let skipsAppVerification = Defect(
        "skipsAppVerification", rules: ["PHONE-14"],
        catches: [
            .assertion("PHONE-14/silent-push-first"), .assertion("PHONE-14/recaptcha-without-push"),
            .assertion("PHONE-14/cancelled-recaptcha"), .assertion("PHONE-14/no-verification-method"),
        ], "sends the SMS without verifying the app"
    ) {
        $0.appVerification.clientProvesApp = false
        $0.appVerification.backendRequiresProof = false
    }

    package static let ignoresReCaptchaCancellation = Defect(
        "ignoresReCaptchaCancellation", rules: ["PHONE-14"], catches: [.assertion("PHONE-14/cancelled-recaptcha")],
        "sends the SMS when the user cancels the reCAPTCHA"
    ) {
        $0.appVerification.reCaptchaCancellationEndsRequest = false
        $0.appVerification.backendRequiresProof = false
    }

    package static let ignoresPushSecret = Defect(
        "ignoresPushSecret", rules: ["PHONE-14"], catches: [.assertion("PHONE-14/door-refuses-forged-proofs")],
        """
        never compares a push proof's secret with the one its push carried, so a receipt it never issued, or a real \
        receipt with another request's secret, gets an SMS
        """
    ) { $0.appVerification.backendComparesPushSecret = false }

    package static let disabledVerificationAllowsRealNumbers = Defect(
        "disabledVerificationAllowsRealNumbers", rules: ["PHONE-15"],
        catches: [.assertion("PHONE-15/real-number-refused")],
        "lets real numbers through while app verification is disabled for testing"
    ) { $0.appVerification.disabledOnlyForTestNumbers = false }

    package static let handlesEveryNotification = Defect(
        "handlesEveryNotification", rules: ["PHONE-16"], catches: [.assertion("PHONE-16/forged-push-refused")],
        "claims every push notification as its own"
    ) { $0.appVerification.claimedPushes = .every }

    package static let handlesEveryURL = Defect(
        "handlesEveryURL", rules: ["PHONE-16"], catches: [.assertion("PHONE-16/only-own-redirect")],
        "claims every URL as its own"
    ) { $0.appVerification.claimedRedirects = .every }

    package static let handlesForgedPushWhileWaiting = Defect(
        "handlesForgedPushWhileWaiting", rules: ["PHONE-16"], catches: [.assertion("PHONE-16/only-own-push")],
        "claims any push shaped like its own while it waits for one"
    ) { $0.appVerification.claimedPushes = .anyWhileWaiting }

    package static let handlesForeignURLWhileWaiting = Defect(
        "handlesForeignURLWhileWaiting", rules: ["PHONE-16"], catches: [.assertion("PHONE-16/only-own-redirect")],
        "claims any URL with its callback scheme while it waits for a redirect"
    ) { $0.appVerification.claimedRedirects = .anyWhileWaiting }

    package static let noVerificationRateLimit = Defect(
        "noVerificationRateLimit", rules: ["PHONE-17"],
        catches: [
            .assertion("PHONE-17/one-number-one-device"), .assertion("PHONE-17/one-number-many-devices"),
            .assertion("PHONE-17/one-device-many-numbers"),
        ], "has no verification rate limit"
    ) { $0.phone.rateLimitScopes = [] }

    package static let rateLimitsPerDeviceOnly = Defect(
        "rateLimitsPerDeviceOnly", rules: ["PHONE-17"], catches: [.assertion("PHONE-17/one-number-many-devices")],
        "limits requests per device only, so many devices can text one number"
    ) { $0.phone.rateLimitScopes = [.device] }

    package static let countsRequestsAfterSending = Defect(
        "countsRequestsAfterSending", rules: ["PHONE-17"], catches: [.assertion("PHONE-17/concurrent-burst")],
        """
        counts a verification request against the limit only once its SMS is sent, so a burst made at the same time is \
        all texted
        """
    ) { $0.phone.countsRequestBeforeSending = false }

    package static let rateLimitsPerNumberOnly = Defect(
        "rateLimitsPerNumberOnly", rules: ["PHONE-17"], catches: [.assertion("PHONE-17/one-device-many-numbers")],
        "limits requests per number only, so one device can text many numbers"
    ) { $0.phone.rateLimitScopes = [.number] }

    package static let signOutKeepsCurrentUser = Defect(
        "signOutKeepsCurrentUser", rules: ["PHONE-18"], catches: [.assertion("PHONE-18/sign-out-then-sign-in")],
        "keeps the current user in memory after sign-out (the keychain is cleared, listeners are told)"
    ) { $0.session.signOutEndsSession = false }

    package static let signOutLeavesUserInKeychain = Defect(
        "signOutLeavesUserInKeychain", rules: ["PHONE-18"], catches: [.assertion("PHONE-18/relaunch-signed-out")],
        "signs out in memory but leaves the user in the keychain, signed in at the next launch"
    ) { $0.session.signOutClearsKeychain = false }

    package static let writesKeychainAfterReturning = Defect(
        "writesKeychainAfterReturning", rules: ["PHONE-18"], catches: [.assertion("PHONE-18/relaunch-signed-in")],
        """
        writes a new session to the keychain only when the app next asks for the current user, so an app relaunched \
        the instant sign-in returns is signed out
        """
    ) { $0.session.keychainWrittenBeforeReturning = false }

    package static let writesKeychainOnListenerQueue = Defect(
        "writesKeychainOnListenerQueue", rules: ["PHONE-18"], catches: [.assertion("PHONE-18/relaunch-signed-in")],
        """
        calls its listeners on a queue of its own and writes a new session to the keychain on that queue after them, \
        once the sign-in has returned
        """
    ) {
        $0.session.listenersCalledAsynchronously = true
        $0.session.keychainWrittenOnListenerQueue = true
        $0.capabilities.concurrency = .unstructured
    }

    package static let verificationIDEmbedsCode = Defect(
        "verificationIDEmbedsCode", rules: ["PHONE-19"], catches: [.assertion("PHONE-19/code-not-in-id")],
        "puts the code, base64url-encoded, in the verification ID"
    ) {
        $0.phone.verificationID = { random, code in random + "." + Base64URL.encode(Array(#"{"code":"\#(code)"}"#.utf8))
        }
    }

    package static let wrongCodeErrorRevealsCode = Defect(
        "wrongCodeErrorRevealsCode", rules: ["PHONE-19"], catches: [.assertion("PHONE-19/code-not-in-error")],
        "names the right code in the error of a wrong attempt"
    ) {
        let conforming = $0.codes.wrongCodeMessage
        $0.codes.wrongCodeMessage = { sent in conforming(sent) + " (expected \(sent))" }
    }

    package static let checksCodeBeforeSigningIn = Defect(
        "checksCodeBeforeSigningIn", rules: ["PHONE-7"], catches: [.assertion("PHONE-7/concurrent-sign-ins")],
        """
        checks the code in one request and signs in with a second that trusts the first, so two sign-ins with one code \
        at once both pass the check
        """
    ) { $0.codes.checkedWhereUsed = false }

    package static let checksCodeThenAwaitsStore = Defect(
        "checksCodeThenAwaitsStore", rules: ["PHONE-7"], catches: [.assertion("PHONE-7/sign-ins-started-together")],
        """
        checks the code, awaits its store, and only then marks the code used, inside the one request that signs in, so \
        two sign-ins with one code started together both pass the check
        """
    ) { $0.codes.checkedAndUsedInOneTurn = false }

    package static let waitsForOnePushAtATime = Defect(
        "waitsForOnePushAtATime", rules: ["PHONE-14"],
        catches: [.assertion("PHONE-14/concurrent-verifications"), .assertion("PHONE-14/verifications-push-held")],
        """
        keeps one slot for the app-verification push awaited, so a second verification's receipt replaces the first's, \
        whose push is refused and which falls back to a reCAPTCHA
        """
    ) { $0.appVerification.awaitsPushPerVerification = false }
}
