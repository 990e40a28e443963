import ConformanceKit
import MockIdP

extension Defect {
    /// What the defect changes in the conforming behaviour.
    var effect: @Sendable (inout ReferenceBehaviour) -> Void {
        switch self {
        case .acceptsPunctuatedNumbers:
            return {
                $0.phone.ignoredPunctuation = " -.()"
            }
        case .rejectsNumbersLongerThanNorthAmerican:
            return {
                $0.phoneNumbers.maximumDigits = 11
            }
        case .misdeclaresUnassignedNumbers:
            return {
                $0.capabilities.acceptsUnassignedPhoneNumbers = false
            }
        case .misdeclaresShortNumbers:
            return {
                $0.capabilities.acceptsShortPhoneNumbers = false
            }
        case .emptyNumberReportedAsInvalid:
            return {
                $0.phoneNumbers.reportsEmptyNumberAsMissing = false
            }
        case .sendsFourDigitCodes:
            return {
                $0.phone.codeLength = 4
            }
        case .sendsSMSToReformattedNumber:
            return {
                $0.phone.smsRecipient = { number in String(number.dropFirst()) }
            }
        case .sendsSMSTwice:
            return {
                $0.phone.smsCopies = 2
            }
        case .reportsEveryUserAsNew:
            return {
                $0.phone.reportsNewUserOnlyOnFirstSignIn = false
            }
        case .storesNumberWithoutPlus:
            return {
                $0.phone.storedNumber = { number in String(number.dropFirst()) }
            }
        case .wrongCodeBurnsVerification:
            return {
                $0.codes.wrongCodeKeepsVerification = false
            }
        case .acceptsPrefixOfCode:
            return {
                $0.codes.matches = { given, sent in given == sent || !given.isEmpty && sent.hasPrefix(given) }
            }
        case .ignoresLastDigitOfCode:
            return {
                $0.codes.matches = { given, sent in given == sent || given.count == sent.count && given.dropLast() == sent.dropLast() }
            }
        case .locksOutNumberAfterWrongCodes:
            return {
                $0.codes.wrongCodesBeforeNumberLockout = 3
            }
        case .unknownVerificationIDReportedAsWrongCode:
            return {
                $0.codes.unknownVerificationIDError = .invalidVerificationCode
            }
        case .emptyInputsReportedAsInvalid:
            return {
                $0.phone.reportsEmptyCredentialInputsAsMissing = false
            }
        case .codesAreReusable:
            return {
                $0.codes.singleUse = false
            }
        case .codesNeverExpire:
            return {
                $0.codes.expire = false
            }
        case .codesExpireOneSecondLate:
            return {
                $0.codes.expireAtDeadline = false
            }
        case .wrongAttemptsExtendCodeLifetime:
            return {
                $0.codes.wrongAttemptsRestartLifetime = true
            }
        case .verificationBoundToClientInstance:
            return {
                $0.phone.verificationsOutliveClient = false
            }
        case .ignoresLanguageCode:
            return {
                $0.phone.smsInUserLanguage = false
            }
        case .sendsSMSToTestNumbers:
            return {
                $0.testNumbers.receiveSMS = true
            }
        case .testNumbersConsumeQuota:
            return {
                $0.testNumbers.countAgainstRateLimit = true
            }
        case .testNumbersAcceptAnyCode:
            return {
                $0.testNumbers.codeChecked = false
            }
        case .acceptsAnyTestNumberConfiguration:
            return {
                $0.testNumbers.configurationValidated = false
            }
        case .testNumberUsersGetUnsignedTokens:
            return {
                $0.testNumbers.usersGetSignedTokens = false
            }
        case .skipsAppVerification:
            return {
                $0.appVerification.clientProvesApp = false
                $0.appVerification.backendRequiresProof = false
            }
        case .ignoresReCaptchaCancellation:
            return {
                $0.appVerification.reCaptchaCancellationEndsRequest = false
                $0.appVerification.backendRequiresProof = false
            }
        case .disabledVerificationAllowsRealNumbers:
            return {
                $0.appVerification.disabledOnlyForTestNumbers = false
            }
        case .handlesEveryNotification:
            return {
                $0.appVerification.claimedPushes = .every
            }
        case .handlesEveryURL:
            return {
                $0.appVerification.claimedRedirects = .every
            }
        case .handlesForgedPushWhileWaiting:
            return {
                $0.appVerification.claimedPushes = .anyWhileWaiting
            }
        case .handlesForeignURLWhileWaiting:
            return {
                $0.appVerification.claimedRedirects = .anyWhileWaiting
            }
        case .noVerificationRateLimit:
            return {
                $0.phone.rateLimitScopes = []
            }
        case .rateLimitsPerDeviceOnly:
            return {
                $0.phone.rateLimitScopes = [.device]
            }
        case .rateLimitsPerNumberOnly:
            return {
                $0.phone.rateLimitScopes = [.number]
            }
        case .signOutKeepsCurrentUser:
            return {
                $0.session.signOutEndsSession = false
                $0.session.signOutClearsKeychain = false
                $0.session.signOutNotifiesListeners = false
            }
        case .signOutLeavesUserInKeychain:
            return {
                $0.session.signOutClearsKeychain = false
            }
        case .verificationIDEmbedsCode:
            return {
                $0.phone.verificationID = { random, code in random + "." + Base64URL.encode(Array(#"{"code":"\#(code)"}"#.utf8)) }
            }
        case .wrongCodeErrorRevealsCode:
            return {
                let conforming = $0.codes.wrongCodeMessage
                $0.codes.wrongCodeMessage = { sent in conforming(sent) + " (expected \(sent))" }
            }
        case .reportsPartyFailuresAsInternalErrors:
            return {
                $0.outsideParties.timed = []
                $0.outsideParties.failure = { _ in AuthError(.internalError) }
            }
        case .waitsForeverForTheSMSCarrier:
            return {
                $0.outsideParties.timed = [.mailServer]
            }
        case .waitsTwiceTheTimeout:
            return {
                $0.outsideParties.timeoutMultiplier = 2
            }
        case .signOutNotifiesNobody:
            return {
                $0.session.signOutNotifiesListeners = false
            }
        case .notifiesOnlyFirstListener:
            return {
                $0.session.listenersNotified = 1
            }
        case .acceptsUnsignedIDTokens:
            return {
                $0.tokens.checks.signature = false
            }
        case .acceptsExpiredIDTokens:
            return {
                $0.tokens.checks.expiry = false
            }
        case .acceptsOtherProjectsIDTokens:
            return {
                $0.tokens.keyPerProject = false
                $0.tokens.checks.audience = false
            }
        case .acceptsAnyPassword:
            return {
                $0.emailPassword.checksPassword = false
            }
        case .comparesPasswordsCaseInsensitively:
            return {
                $0.emailPassword.comparablePassword = { password in password.lowercased() }
            }
        case .enrollsWithUnverifiedEmail:
            return {
                $0.multiFactor.requiresVerifiedEmail = false
            }
        case .letsPhoneAndAnonymousUsersEnroll:
            return {
                $0.multiFactor.ineligibleFirstFactors = []
                $0.multiFactor.requiresVerifiedEmail = false
            }
        case .enrollmentLosesDisplayName:
            return {
                $0.multiFactor.keepsDisplayName = false
            }
        case .sendsEnrollmentSMSToNobody:
            return {
                $0.multiFactor.textsCodes = false
            }
        case .enrollmentVerificationsReusable:
            return {
                $0.multiFactor.enrollmentCodesSingleUse = false
            }
        case .enrollmentAcceptsPunctuatedNumbers:
            return {
                $0.multiFactor.ignoredPunctuation = " -.()"
            }
        case .enrollmentKeepsOldToken:
            return {
                $0.multiFactor.enrollmentRenewsSession = false
            }
        case .enrollmentNotifiesNobody:
            return {
                $0.multiFactor.enrollmentNotifiesListeners = false
            }
        case .signsInWithoutSecondFactor:
            return {
                $0.multiFactor.requiresSecondFactor = false
            }
        case .masksOnlyMiddleDigits:
            return {
                $0.multiFactor.hintMask = { number in "+" + number.digits.dropLast(7) + "***" + number.digits.suffix(4) }
            }
        case .leaksNumberInSecondFactorError:
            return {
                let conforming = $0.multiFactor.secondFactorRequiredMessage
                $0.multiFactor.secondFactorRequiredMessage = { numbers in conforming(numbers) + " Codes go to \(numbers[0])." }
            }
        case .sendsSecondFactorSMSToFirstFactor:
            return {
                $0.multiFactor.textsChosenFactor = false
            }
        case .resolvedSignInReportsPhoneProvider:
            return {
                $0.multiFactor.reportsFirstFactorProvider = false
            }
        case .resolveAcceptsWrongCode:
            return {
                $0.multiFactor.resolutionChecksCode = false
            }
        case .acceptsOtherUsersResolverSession:
            return {
                $0.multiFactor.pendingSignInBoundToUser = false
            }
        case .pendingSignInNeverExpires:
            return {
                $0.multiFactor.pendingSignInsExpire = false
            }
        case .resolvesWithFirstFactorVerification:
            return {
                $0.multiFactor.resolvesWithSignInCodes = true
            }
        case .resolvesWithEnrollmentVerification:
            return {
                $0.multiFactor.resolvesWithEnrollmentCodes = true
            }
        case .pendingSignInReusable:
            return {
                $0.multiFactor.pendingSignInSingleUse = false
            }
        case .pendingSignInLifetimeRestartsAtSMS:
            return {
                $0.multiFactor.pendingSignInLifetimeFromFirstFactor = false
            }
        case .ignoresUnsupportedFactors:
            return {
                $0.multiFactor.rejectsUnsupportedFactors = false
            }
        case .allowsSameNumberTwice:
            return {
                $0.multiFactor.duplicateNumberRefusedAt = []
            }
        case .checksDuplicateNumberOnlyAtStart:
            return {
                $0.multiFactor.duplicateNumberRefusedAt = [.start]
            }
        case .unenrollKeepsFactor:
            return {
                $0.multiFactor.unenroll = { _, _ in }
            }
        case .unenrollRemovesFirstFactor:
            return {
                $0.multiFactor.unenroll = { factors, _ in factors.removeFirst() }
            }
        case .noRecentSignInCheck:
            return {
                $0.multiFactor.recentSignInJudgedAt = []
            }
        case .judgesRecentSignInAtSessionStart:
            return {
                $0.multiFactor.recentSignInJudgedAt = [.start]
            }
        }
    }
}

extension Variation {
    /// What the variation changes in the conforming behaviour.
    var effect: @Sendable (inout ReferenceBehaviour) -> Void {
        switch self {
        case .smsWithYearAndAutoFillLine: return { $0.phone.smsEndsWithAutoFillLine = true }
        case .htmlEmail: return { $0.emailPassword.verificationMailIsHTML = true }
        case .asynchronousListeners: return { $0.session.listenersCalledAsynchronously = true }
        case .realTimeTimestamps:
            return {
                $0.stampsRealTime = true
                $0.capabilities.runsOnWorldClock = false
            }
        case .rejectsShortNumbers:
            return {
                $0.phoneNumbers.acceptsShortNumbers = false
                $0.capabilities.acceptsShortPhoneNumbers = false
            }
        case .emailEnumerationProtection:
            return {
                $0.emailPassword.enumerationProtection = true
                $0.capabilities.emailEnumerationProtection = true
            }
        }
    }
}
