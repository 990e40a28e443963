import ConformanceKit
import Foundation
import MockIdP

/// Phone verification: app verification, codes by SMS, phone as the first factor.
extension ReferenceBackend {
    /// Starts verifying the app on a device: records a secret and returns the receipt that names it (`verifyClient`).
    func verifyClient(deviceToken: String) -> String {
        let receipt = world.random.string(length: 32)
        pushSecrets[receipt] = (secret: world.random.string(length: 32), deviceToken: deviceToken)
        return receipt
    }

    /// Sends the silent push that carries a receipt's secret. Production sends it after answering `verifyClient`,
    /// so the app knows the receipt before the push arrives; the reference's client asks for it then.
    func sendVerificationPush(receipt: String) async throws(AuthError) {
        guard let (secret, deviceToken) = pushSecrets[receipt] else { return }
        let payload = #"{"receipt":"\#(receipt)","secret":"\#(secret)"}"#
        do { try await world.push.send([pushPayloadKey: payload], toDeviceToken: deviceToken) } catch {
            throw AuthError(.notificationNotForwarded, "the app-verification push could not be sent: \(error)")
        }
    }

    /// Sends a code for phone sign-in and returns the verification ID (`sendVerificationCode`).
    package func sendVerificationCode(
        to phoneNumber: String, proof: AppProof, languageCode: String?, device: Device
    ) async throws(AuthError) -> String {
        guard configuration.phone.isEnabled else {
            throw AuthError(.operationNotAllowed, "phone sign-in is not enabled")
        }
        let phoneNumber = try validated(phoneNumber, ignoring: behaviour.phone.ignoredPunctuation)
        return try await sendCode(
            to: phoneNumber, for: .signIn, proof: proof, languageCode: languageCode, device: device)
    }

    /// Checks the app's proof and the limits, texts a code to `phoneNumber` (test numbers get none) and records
    /// the verification for `purpose`.
    func sendCode(
        to phoneNumber: String, for purpose: PhoneVerification.Purpose, proof: AppProof, languageCode: String?,
        device: Device
    ) async throws(AuthError) -> String {
        let testCode = testCodes[phoneNumber]
        try verify(proof, forTestNumber: testCode != nil)
        let now = world.clock.now
        let limitKeys = rateLimiter.keys(phoneNumber: phoneNumber, device: device)
        if testCode == nil || behaviour.testNumbers.countAgainstRateLimit {
            guard rateLimiter.allows(limitKeys, at: now) else {
                throw AuthError(
                    .tooManyRequests, "too many verification requests for this number or device; try again later")
            }
            if behaviour.phone.countsRequestBeforeSending { rateLimiter.record(limitKeys, at: now) }
        }
        let code = testCode ?? world.random.digits(behaviour.phone.codeLength)
        let texted = purpose == .signIn || behaviour.multiFactor.textsCodes
        if (testCode == nil || behaviour.testNumbers.receiveSMS) && texted {
            try await sendSMS(code: code, to: phoneNumber, languageCode: languageCode)
        }
        if !behaviour.phone.countsRequestBeforeSending, testCode == nil || behaviour.testNumbers.countAgainstRateLimit {
            rateLimiter.record(limitKeys, at: now)
        }
        let verificationID = behaviour.phone.verificationID(world.random.string(length: 40), code)
        let expiresAt = behaviour.codes.expire ? now.advanced(by: configuration.phone.codeLifetime) : nil
        verifications[verificationID] = PhoneVerification(
            phoneNumber: phoneNumber, code: code, expiresAt: expiresAt, isTestNumber: testCode != nil, purpose: purpose)
        return verificationID
    }

    private func verify(_ proof: AppProof, forTestNumber isTestNumber: Bool) throws(AuthError) {
        switch proof {
        case .push(let receipt, let secret):
            let sent = pushSecrets.removeValue(forKey: receipt)
            guard sent?.secret == secret || !behaviour.appVerification.backendComparesPushSecret else {
                throw AuthError(.invalidAppCredential, "the push secret does not match")
            }
        case .recaptcha(let token):
            guard world.recaptcha.verify(token) else {
                throw AuthError(.captchaCheckFailed, "the reCAPTCHA token is not valid")
            }
        case .disabledForTesting:
            guard isTestNumber || !behaviour.appVerification.disabledOnlyForTestNumbers else {
                throw AuthError(
                    .invalidAppCredential,
                    "app verification is disabled for testing; only test phone numbers may be used")
            }
        case .none:
            guard !behaviour.appVerification.backendRequiresProof else {
                throw AuthError(.missingAppCredential, "the request carries no app verification")
            }
        }
    }

    /// PHONE-1 and PHONE-2: the number as it will be stored, or the error for it, once the `ignoring`
    /// characters are dropped.
    func validated(_ phoneNumber: String, ignoring punctuation: String) throws(AuthError) -> String {
        let numbers = behaviour.phoneNumbers
        if phoneNumber.isEmpty, numbers.reportsEmptyNumberAsMissing {
            throw AuthError(.missingPhoneNumber, "to send verification codes, provide a phone number for the recipient")
        }
        let candidate = phoneNumber.filter { !punctuation.contains($0) }
        if let validator = numbers.validator {
            guard validator(candidate) else {
                throw AuthError(.invalidPhoneNumber, "the format of the phone number \"\(phoneNumber)\" is incorrect")
            }
            return candidate
        }
        guard let number = try? E164Number(candidate), number.digits.count <= numbers.maximumDigits,
            numbers.acceptsShortNumbers || !number.isShorterThanAnyInService
        else {
            let reason = E164Number.problem(in: candidate).map { " (\($0))" } ?? ""
            throw AuthError(
                .invalidPhoneNumber,
                "the format of the phone number \"\(phoneNumber)\" is incorrect\(reason); use E.164")
        }
        return number.rawValue
    }

    private func sendSMS(code: String, to phoneNumber: String, languageCode: String?) async throws(AuthError) {
        let languageCode = behaviour.phone.smsInUserLanguage ? languageCode : nil
        var (text, language) = SMSTemplate.text(code: code, appName: configuration.appName, language: languageCode)
        if behaviour.phone.smsEndsWithAutoFillLine {
            let year = Calendar(identifier: .gregorian).component(.year, from: world.clock.date)
            text += " © \(year)\n\n@\(configuration.projectID).firebaseapp.com #\(code)"
        }
        let recipient = behaviour.phone.smsRecipient(phoneNumber)
        let sms = world.sms
        for _ in 0..<behaviour.phone.smsCopies {
            try await callOutsideParty(.smsCarrier) { [text, language] () async throws(PartyError) in
                try await sms.send(to: recipient, text: text, language: language)
            }
        }
    }

    /// Checks a code against its verification (unless not `checkingCode`) and marks it used; `matches` says
    /// whether the verification belongs to the flow that presents it. Its expiry is judged now, or at `judgedAt`
    /// (the defect `judgesCodeExpiryAtClientStart`).
    func consumeCode(
        _ verificationID: String, code: String, checkingCode: Bool = true, checkingUse: Bool = true,
        judgedAt: VirtualClock.Instant? = nil, matches: (PhoneVerification.Purpose) -> Bool
    ) throws(AuthError) -> PhoneVerification {
        let codes = behaviour.codes
        guard var verification = verifications[verificationID], matches(verification.purpose) else {
            throw AuthError(codes.unknownVerificationIDError, "the verification ID is not known")
        }
        guard !verification.isUsed || !codes.singleUse || !checkingUse else {
            throw AuthError(.sessionExpired, "the code has already been used; request a new one")
        }
        if let lockout = codes.wrongCodesBeforeNumberLockout,
            wrongCodes[verification.phoneNumber, default: 0] >= lockout
        {
            throw AuthError(.tooManyRequests, "too many wrong codes for this number")
        }
        guard !isExpired(verification.expiresAt, atDeadline: codes.expireAtDeadline, at: judgedAt) else {
            if verification.answeredExpired, codes.expiredAgainError != .sessionExpired {
                throw AuthError(codes.expiredAgainError, "the SMS verification code is invalid")
            }
            verification.answeredExpired = true
            verifications[verificationID] = codes.forgetsExpiredVerification ? nil : verification
            throw AuthError(.sessionExpired, "the SMS code has expired; re-send the verification code to try again")
        }
        guard !checkingCode || isCode(code, of: verification) else {
            verification.wrongAttempts += 1
            if codes.wrongAttemptsRestartLifetime {
                verification.expiresAt = world.clock.now.advanced(by: configuration.phone.codeLifetime)
            }
            let discarded = codes.wrongCodesBeforeDiscard.map { verification.wrongAttempts >= $0 } ?? false
            verifications[verificationID] = discarded ? nil : verification
            wrongCodes[verification.phoneNumber, default: 0] += 1
            throw AuthError(.invalidVerificationCode, codes.wrongCodeMessage(verification.code))
        }
        verification.isUsed = true
        let beforeAnswer =
            switch verification.purpose {
            case .signIn: behaviour.consumption.phoneCodeBeforeAnswer
            case .secondFactor: behaviour.consumption.secondFactorBeforeAnswer
            case .enrollment: true
            }
        consume(beforeAnswer: beforeAnswer) { [verification] in $0.verifications[verificationID] = verification }
        return verification
    }

    /// Whether a sign-in with `code` would pass (by default; `matches` says which flow's verification it must be),
    /// without using the code (only the defects that check and use a code in two steps ask).
    func checkCode(
        verificationID: String, code: String, matches: (PhoneVerification.Purpose) -> Bool = { $0 == .signIn }
    ) throws(AuthError) {
        let kept = verifications[verificationID]
        _ = try consumeCode(verificationID, code: code, matches: matches)
        verifications[verificationID] = kept
    }

    private func isCode(_ code: String, of verification: PhoneVerification) -> Bool {
        (verification.isTestNumber && !behaviour.testNumbers.codeChecked)
            || behaviour.codes.matches(code, verification.code)
    }

    /// Checks the code of a verification and signs its phone user in, creating the user on first sign-in
    /// unless the sign-in only re-authenticates (`REAUTH` does not create users).
    /// `checked`: the defect `checksCodeBeforeSigningIn`, whose client asked ``checkCode(verificationID:code:)`` first,
    /// so this request trusts that answer and does not look at the code again. `clientStartedAt`: the defect
    /// `judgesCodeExpiryAtClientStart`, whose client sends the instant it started the sign-in, at which this request
    /// judges the code's expiry.
    package func signInWithPhoneNumber(
        verificationID: String, code: String, creatingUser: Bool = true, checked: Bool = false,
        clientStartedAt: VirtualClock.Instant? = nil
    ) throws(AuthError) -> SignInResponse {
        let verification = try consumeCode(
            verificationID, code: code, checkingCode: !checked, checkingUse: !checked, judgedAt: clientStartedAt
        ) { $0 == .signIn }
        let storedNumber = behaviour.phone.storedNumber(verification.phoneNumber)
        let existing = users.values.first { $0.phoneNumber == storedNumber }
        guard existing != nil || creatingUser else { throw AuthError(.userMismatch, "no user has this phone number") }
        guard existing?.secondFactors.isEmpty ?? true else {
            throw AuthError(
                .unsupportedFirstFactor, "a phone number cannot be the first factor of a user with SMS multi-factor")
        }
        let user =
            existing
            ?? UserRecord(
                uid: newUID(), phoneNumber: storedNumber, createdAt: world.clock.date, lastSignInAt: world.clock.date)
        return startSession(
            for: user, provider: ProviderID.phone,
            isNewUser: existing == nil || !behaviour.phone.reportsNewUserOnlyOnFirstSignIn)
    }

    /// The defect `checksCodeThenAwaitsStore`: one `signInWithPhoneNumber` that checks the code, awaits its store, and
    /// only then marks the code used and signs in, trusting its check. The store answers once every other task of the
    /// check has moved as far as it can (`CheckExecutor.untilIdle()`), so a second sign-in with the code started
    /// together always passes the check too, whatever the scheduling; outside a check it answers at once.
    func signInWithPhoneNumberAwaitingStore(
        verificationID: String, code: String, creatingUser: Bool
    ) async throws(AuthError) -> SignInResponse {
        try checkCode(verificationID: verificationID, code: code)
        await CheckExecutor.current?.untilIdle()
        return try signInWithPhoneNumber(
            verificationID: verificationID, code: code, creatingUser: creatingUser, checked: true)
    }
}
