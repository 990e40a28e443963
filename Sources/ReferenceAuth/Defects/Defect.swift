import ConformanceKit

/// A deliberate deviation of the reference from one documented behaviour, and the rules that must catch it.
/// The suite's own tests run every defect and require one of its rules' checks to fail (or warn, for a SHOULD).
public enum Defect: String, Sendable, Hashable, CaseIterable, Comparable, CustomStringConvertible {
    // PHONE-1
    case acceptsPunctuatedNumbers
    case rejectsNumbersLongerThanNorthAmerican
    case misdeclaresUnassignedNumbers
    case misdeclaresShortNumbers
    // PHONE-2
    case emptyNumberReportedAsInvalid
    // PHONE-3
    case sendsFourDigitCodes
    case sendsSMSToReformattedNumber
    case sendsSMSTwice
    // PHONE-4
    case reportsEveryUserAsNew
    case storesNumberWithoutPlus
    // PHONE-5
    case wrongCodeBurnsVerification
    case acceptsPrefixOfCode
    case ignoresLastDigitOfCode
    case locksOutNumberAfterWrongCodes
    // PHONE-6
    case unknownVerificationIDReportedAsWrongCode
    case emptyInputsReportedAsInvalid
    // PHONE-7
    case codesAreReusable
    // PHONE-8
    case codesNeverExpire
    case codesExpireOneSecondLate
    case wrongAttemptsExtendCodeLifetime
    // PHONE-9
    case verificationBoundToClientInstance
    // PHONE-10
    case ignoresLanguageCode
    // PHONE-11
    case sendsSMSToTestNumbers
    case testNumbersConsumeQuota
    case testNumbersAcceptAnyCode
    // PHONE-12
    case acceptsAnyTestNumberConfiguration
    // PHONE-13
    case testNumberUsersGetUnsignedTokens
    // PHONE-14
    case skipsAppVerification
    case ignoresReCaptchaCancellation
    // PHONE-15
    case disabledVerificationAllowsRealNumbers
    // PHONE-16
    case handlesEveryNotification
    case handlesEveryURL
    case handlesForgedPushWhileWaiting
    case handlesForeignURLWhileWaiting
    // PHONE-17
    case noVerificationRateLimit
    case rateLimitsPerDeviceOnly
    case rateLimitsPerNumberOnly
    // PHONE-18
    case signOutKeepsCurrentUser
    case signOutLeavesUserInKeychain
    case verificationIDEmbedsCode
    case wrongCodeErrorRevealsCode
    // AUTH-1
    case reportsPartyFailuresAsInternalErrors
    // AUTH-2
    case waitsForeverForTheSMSCarrier
    case waitsTwiceTheTimeout
    // AUTH-3
    case signOutNotifiesNobody
    case notifiesOnlyFirstListener
    case acceptsUnsignedIDTokens
    case acceptsExpiredIDTokens
    case acceptsOtherProjectsIDTokens
    case acceptsAnyPassword
    case comparesPasswordsCaseInsensitively
    // MFA-1
    case enrollsWithUnverifiedEmail
    // MFA-2
    case letsPhoneAndAnonymousUsersEnroll
    // MFA-3
    case enrollmentLosesDisplayName
    case sendsEnrollmentSMSToNobody
    case enrollmentVerificationsReusable
    // MFA-4
    case enrollmentAcceptsPunctuatedNumbers
    // MFA-5
    case enrollmentKeepsOldToken
    case enrollmentNotifiesNobody
    // MFA-6
    case signsInWithoutSecondFactor
    // MFA-7
    case masksOnlyMiddleDigits
    case leaksNumberInSecondFactorError
    // MFA-8
    case sendsSecondFactorSMSToFirstFactor
    // MFA-9
    case resolvedSignInReportsPhoneProvider
    // MFA-10
    case resolveAcceptsWrongCode
    // MFA-11
    case acceptsOtherUsersResolverSession
    case pendingSignInNeverExpires
    case resolvesWithFirstFactorVerification
    case resolvesWithEnrollmentVerification
    case pendingSignInReusable
    case pendingSignInLifetimeRestartsAtSMS
    // MFA-12
    case ignoresUnsupportedFactors
    // MFA-13
    case allowsSameNumberTwice
    case checksDuplicateNumberOnlyAtStart
    // MFA-14
    case unenrollKeepsFactor
    case unenrollRemovesFirstFactor
    // MFA-15
    case noRecentSignInCheck
    case judgesRecentSignInAtSessionStart

    /// The rules whose checks must catch this defect.
    public var rules: [RuleID] {
        switch self {
        case .acceptsPunctuatedNumbers, .rejectsNumbersLongerThanNorthAmerican, .misdeclaresUnassignedNumbers, .misdeclaresShortNumbers: ["PHONE-1"]
        case .emptyNumberReportedAsInvalid: ["PHONE-2"]
        case .sendsFourDigitCodes, .sendsSMSToReformattedNumber, .sendsSMSTwice: ["PHONE-3"]
        case .reportsEveryUserAsNew, .storesNumberWithoutPlus: ["PHONE-4"]
        case .wrongCodeBurnsVerification: ["PHONE-5"]
        case .unknownVerificationIDReportedAsWrongCode, .emptyInputsReportedAsInvalid: ["PHONE-6"]
        case .codesAreReusable: ["PHONE-7"]
        case .codesNeverExpire: ["PHONE-8"]
        case .verificationBoundToClientInstance: ["PHONE-9"]
        case .ignoresLanguageCode: ["PHONE-10"]
        case .sendsSMSToTestNumbers, .testNumbersConsumeQuota: ["PHONE-11"]
        case .acceptsAnyTestNumberConfiguration: ["PHONE-12"]
        case .testNumberUsersGetUnsignedTokens: ["PHONE-13"]
        case .skipsAppVerification, .ignoresReCaptchaCancellation: ["PHONE-14"]
        case .disabledVerificationAllowsRealNumbers: ["PHONE-15"]
        case .handlesEveryNotification, .handlesEveryURL: ["PHONE-16"]
        case .noVerificationRateLimit: ["PHONE-17"]
        case .signOutKeepsCurrentUser: ["PHONE-18", "AUTH-3"]
        case .reportsPartyFailuresAsInternalErrors: ["AUTH-1"]
        case .waitsForeverForTheSMSCarrier: ["AUTH-2"]
        case .signOutNotifiesNobody: ["AUTH-3"]
        case .enrollsWithUnverifiedEmail: ["MFA-1"]
        case .letsPhoneAndAnonymousUsersEnroll: ["MFA-2"]
        case .enrollmentLosesDisplayName, .sendsEnrollmentSMSToNobody: ["MFA-3"]
        case .enrollmentAcceptsPunctuatedNumbers: ["MFA-4"]
        case .enrollmentKeepsOldToken: ["MFA-5"]
        case .signsInWithoutSecondFactor: ["MFA-6"]
        case .masksOnlyMiddleDigits, .leaksNumberInSecondFactorError: ["MFA-7"]
        case .sendsSecondFactorSMSToFirstFactor: ["MFA-8"]
        case .resolvedSignInReportsPhoneProvider: ["MFA-9"]
        case .resolveAcceptsWrongCode: ["MFA-10"]
        case .acceptsOtherUsersResolverSession, .pendingSignInNeverExpires: ["MFA-11"]
        case .ignoresUnsupportedFactors: ["MFA-12"]
        case .allowsSameNumberTwice: ["MFA-13"]
        case .unenrollKeepsFactor: ["MFA-14"]
        case .noRecentSignInCheck: ["MFA-15"]
        case .acceptsPrefixOfCode: ["PHONE-5"]
        case .ignoresLastDigitOfCode: ["PHONE-5"]
        case .locksOutNumberAfterWrongCodes: ["PHONE-5"]
        case .codesExpireOneSecondLate: ["PHONE-8"]
        case .wrongAttemptsExtendCodeLifetime: ["PHONE-8"]
        case .testNumbersAcceptAnyCode: ["PHONE-11"]
        case .handlesForgedPushWhileWaiting: ["PHONE-16"]
        case .handlesForeignURLWhileWaiting: ["PHONE-16"]
        case .rateLimitsPerDeviceOnly: ["PHONE-17"]
        case .rateLimitsPerNumberOnly: ["PHONE-17"]
        case .signOutLeavesUserInKeychain: ["PHONE-18"]
        case .verificationIDEmbedsCode: ["PHONE-19"]
        case .wrongCodeErrorRevealsCode: ["PHONE-19"]
        case .waitsTwiceTheTimeout: ["AUTH-2"]
        case .notifiesOnlyFirstListener: ["AUTH-3"]
        case .acceptsUnsignedIDTokens: ["AUTH-4"]
        case .acceptsExpiredIDTokens: ["AUTH-4"]
        case .acceptsOtherProjectsIDTokens: ["AUTH-4"]
        case .acceptsAnyPassword: ["AUTH-5"]
        case .comparesPasswordsCaseInsensitively: ["AUTH-5"]
        case .enrollmentVerificationsReusable: ["MFA-3"]
        case .enrollmentNotifiesNobody: ["MFA-5"]
        case .resolvesWithFirstFactorVerification: ["MFA-11"]
        case .resolvesWithEnrollmentVerification: ["MFA-11"]
        case .pendingSignInReusable: ["MFA-11"]
        case .pendingSignInLifetimeRestartsAtSMS: ["MFA-11"]
        case .checksDuplicateNumberOnlyAtStart: ["MFA-13"]
        case .unenrollRemovesFirstFactor: ["MFA-14"]
        case .judgesRecentSignInAtSessionStart: ["MFA-15"]
        }
    }

    /// What the defect does, in one sentence.
    public var summary: String {
        switch self {
        case .acceptsPunctuatedNumbers: "strips spaces, dashes, dots and parentheses and accepts `+1 650-555-0101`"
        case .rejectsNumbersLongerThanNorthAmerican: "rejects every number with more than 11 digits (Brazilian mobiles, German numbers …)"
        case .misdeclaresUnassignedNumbers: "declares that it rejects well-formed unassigned numbers, then accepts them"
        case .misdeclaresShortNumbers: "declares that it rejects numbers shorter than any in service, then accepts them"
        case .emptyNumberReportedAsInvalid: "reports an empty number as invalidPhoneNumber instead of missingPhoneNumber"
        case .sendsFourDigitCodes: "sends 4-digit codes"
        case .sendsSMSToReformattedNumber: "sends the SMS to the number without its +"
        case .sendsSMSTwice: "sends every SMS twice"
        case .reportsEveryUserAsNew: "reports isNewUser true on every sign-in"
        case .storesNumberWithoutPlus: "stores the user's phone number without its +"
        case .wrongCodeBurnsVerification: "discards the verification after one wrong code"
        case .unknownVerificationIDReportedAsWrongCode: "reports an unknown verification ID as invalidVerificationCode"
        case .emptyInputsReportedAsInvalid: "reports an empty verification ID or code as invalid instead of missing"
        case .codesAreReusable: "lets a code sign in again and again"
        case .codesNeverExpire: "never expires codes"
        case .verificationBoundToClientInstance: "keeps verifications in the client instance, so a restarted app cannot sign in"
        case .ignoresLanguageCode: "sends every SMS in the default language"
        case .sendsSMSToTestNumbers: "sends a real SMS to test numbers"
        case .testNumbersConsumeQuota: "counts test-number requests against the verification limit"
        case .acceptsAnyTestNumberConfiguration: "accepts any test number configuration"
        case .testNumberUsersGetUnsignedTokens: "gives test-number users unsigned ID tokens"
        case .skipsAppVerification: "sends the SMS without verifying the app"
        case .ignoresReCaptchaCancellation: "sends the SMS when the user cancels the reCAPTCHA"
        case .disabledVerificationAllowsRealNumbers: "lets real numbers through while app verification is disabled for testing"
        case .handlesEveryNotification: "claims every push notification as its own"
        case .handlesEveryURL: "claims every URL as its own"
        case .noVerificationRateLimit: "has no verification rate limit"
        case .signOutKeepsCurrentUser: "keeps the current user after sign-out"
        case .reportsPartyFailuresAsInternalErrors: "reports an outside party's failure as internalError with no message"
        case .waitsForeverForTheSMSCarrier: "waits for the SMS carrier without a timeout"
        case .signOutNotifiesNobody: "does not notify listeners of a sign-out"
        case .enrollsWithUnverifiedEmail: "enrolls second factors for users whose email is not verified"
        case .letsPhoneAndAnonymousUsersEnroll: "lets phone and anonymous users enroll a second factor"
        case .enrollmentLosesDisplayName: "forgets the display name given at enrollment"
        case .sendsEnrollmentSMSToNobody: "starts an enrollment without texting the number"
        case .enrollmentAcceptsPunctuatedNumbers: "strips spaces and dashes from enrollment numbers and accepts them"
        case .enrollmentKeepsOldToken: "does not refresh the ID token or notify listeners after enrollment"
        case .signsInWithoutSecondFactor: "signs multi-factor users in with the first factor alone"
        case .masksOnlyMiddleDigits: "masks only the middle three digits in hints (+1650***0101)"
        case .leaksNumberInSecondFactorError: "names the full enrolled number in the secondFactorRequired message"
        case .sendsSecondFactorSMSToFirstFactor: "texts the first enrolled factor whichever hint was chosen"
        case .resolvedSignInReportsPhoneProvider: "reports phone as the sign-in provider after the second factor"
        case .resolveAcceptsWrongCode: "resolves the sign-in whatever code is given"
        case .acceptsOtherUsersResolverSession: "lets one sign-in's session use another user's factors and codes"
        case .pendingSignInNeverExpires: "never expires the resolver's session"
        case .ignoresUnsupportedFactors: "returns silently from enrolling a TOTP factor it does not support"
        case .allowsSameNumberTwice: "enrolls the same number twice for one user"
        case .unenrollKeepsFactor: "reports unenrollment but keeps the factor"
        case .noRecentSignInCheck: "lets a stale sign-in enroll a second factor"
        case .acceptsPrefixOfCode: "accepts any prefix of the right code"
        case .ignoresLastDigitOfCode: "compares only the first five digits of a code"
        case .locksOutNumberAfterWrongCodes: "refuses every sign-in of a number after three wrong codes"
        case .codesExpireOneSecondLate: "still accepts a code at exactly its lifetime"
        case .wrongAttemptsExtendCodeLifetime: "restarts a code's lifetime on every wrong attempt"
        case .testNumbersAcceptAnyCode: "signs test numbers in with any code"
        case .handlesForgedPushWhileWaiting: "claims any push shaped like its own while it waits for one"
        case .handlesForeignURLWhileWaiting: "claims any URL with its callback scheme while it waits for a redirect"
        case .rateLimitsPerDeviceOnly: "limits requests per device only, so many devices can text one number"
        case .rateLimitsPerNumberOnly: "limits requests per number only, so one device can text many numbers"
        case .signOutLeavesUserInKeychain: "signs out in memory but leaves the user in the keychain, signed in at the next launch"
        case .verificationIDEmbedsCode: "puts the code, base64url-encoded, in the verification ID"
        case .wrongCodeErrorRevealsCode: "names the right code in the error of a wrong attempt"
        case .waitsTwiceTheTimeout: "gives up on an outside party after twice the configured timeout"
        case .notifiesOnlyFirstListener: "notifies only the first registered listener"
        case .acceptsUnsignedIDTokens: "accepts ID tokens with alg none or no signature"
        case .acceptsExpiredIDTokens: "accepts expired ID tokens"
        case .acceptsOtherProjectsIDTokens: "signs every project's ID tokens with one key and checks no audience"
        case .acceptsAnyPassword: "signs a password user in whatever password is given"
        case .comparesPasswordsCaseInsensitively: "compares passwords without regard to letter case"
        case .enrollmentVerificationsReusable: "lets an enrollment verification enroll again after its factor was unenrolled"
        case .enrollmentNotifiesNobody: "refreshes the token after enrollment but notifies no listener"
        case .resolvesWithFirstFactorVerification: "completes a second factor with a first-factor phone sign-in code of the same number"
        case .resolvesWithEnrollmentVerification: "completes a second factor with any enrollment code of the same number"
        case .pendingSignInReusable: "keeps a resolver session usable after it completed a sign-in"
        case .pendingSignInLifetimeRestartsAtSMS: "restarts the resolver session's lifetime when the second-factor SMS is sent"
        case .checksDuplicateNumberOnlyAtStart: "checks for an enrolled number only when the enrollment starts"
        case .unenrollRemovesFirstFactor: "removes the first enrolled factor whichever one is named"
        case .judgesRecentSignInAtSessionStart: "judges the recent sign-in when the enrollment starts, not at enroll"
        }
    }

    public var description: String { rawValue }

    public static func < (lhs: Defect, rhs: Defect) -> Bool { lhs.rawValue < rhs.rawValue }
}

extension Defect {
    /// The flows of the rules that must catch the defect.
    public var flows: Set<Flow> { Set(RuleCatalogue.rules(rules).map(\.flow)) }
}
