import ConformanceKit
import Foundation
import MockIdP

/// Phone verification: app verification, codes by SMS, phone as the first factor.
extension ReferenceBackend {
    /// Sends the device a silent push carrying a secret and returns the receipt that names it (`verifyClient`).
    func verifyClient(deviceToken: String) async throws -> String {
        let receipt = world.random.string(length: 32)
        let secret = world.random.string(length: 32)
        pushSecrets[receipt] = secret
        let payload = #"{"receipt":"\#(receipt)","secret":"\#(secret)"}"#
        try await world.push.send([pushPayloadKey: payload], toDeviceToken: deviceToken)
        return receipt
    }

    /// Sends a code for phone sign-in and returns the verification ID (`sendVerificationCode`).
    func sendVerificationCode(to phoneNumber: String, proof: AppProof, languageCode: String?, device: Device) async throws -> String {
        guard configuration.phone.isEnabled else { throw AuthError(.operationNotAllowed, "phone sign-in is not enabled") }
        let phoneNumber = try validated(phoneNumber, loosely: defects.contains(.acceptsPunctuatedNumbers))
        return try await sendCode(to: phoneNumber, for: .signIn, proof: proof, languageCode: languageCode, device: device)
    }

    /// Checks the app's proof and the limits, texts a code to `phoneNumber` (test numbers get none) and records
    /// the verification for `purpose`.
    func sendCode(
        to phoneNumber: String, for purpose: PhoneVerification.Purpose, proof: AppProof, languageCode: String?, device: Device
    ) async throws -> String {
        let testCode = testCodes[phoneNumber]
        try verify(proof, forTestNumber: testCode != nil)
        let now = world.clock.now
        let limitKeys = ["number:" + phoneNumber, "device:" + device.id]
        if testCode == nil || defects.contains(.testNumbersConsumeQuota), !defects.contains(.noVerificationRateLimit) {
            guard rateLimiter.allows(limitKeys, at: now) else {
                throw AuthError(.tooManyRequests, "too many verification requests for this number or device; try again later")
            }
            rateLimiter.record(limitKeys, at: now)
        }
        let code = testCode ?? world.random.digits(defects.contains(.sendsFourDigitCodes) ? 4 : 6)
        let silentEnrollment = defects.contains(.sendsEnrollmentSMSToNobody) && purpose != .signIn
        if (testCode == nil || defects.contains(.sendsSMSToTestNumbers)) && !silentEnrollment {
            try await sendSMS(code: code, to: phoneNumber, languageCode: languageCode)
        }
        let verificationID = world.random.string(length: 40)
        let expiresAt = defects.contains(.codesNeverExpire) ? nil : now.advanced(by: configuration.phone.codeLifetime)
        verifications[verificationID] = PhoneVerification(
            phoneNumber: phoneNumber, code: code, expiresAt: expiresAt, isTestNumber: testCode != nil, purpose: purpose)
        return verificationID
    }

    private func verify(_ proof: AppProof, forTestNumber isTestNumber: Bool) throws {
        switch proof {
        case .push(let receipt, let secret):
            guard pushSecrets.removeValue(forKey: receipt) == secret else { throw AuthError(.invalidAppCredential, "the push secret does not match") }
        case .recaptcha(let token):
            guard world.recaptcha.verify(token) else { throw AuthError(.captchaCheckFailed, "the reCAPTCHA token is not valid") }
        case .disabledForTesting:
            guard isTestNumber || defects.contains(.disabledVerificationAllowsRealNumbers) else {
                throw AuthError(.invalidAppCredential, "app verification is disabled for testing; only test phone numbers may be used")
            }
        case .none:
            guard defects.contains(.skipsAppVerification) || defects.contains(.ignoresReCaptchaCancellation) else {
                throw AuthError(.missingAppCredential, "the request carries no app verification")
            }
        }
    }

    /// PHONE-1 and PHONE-2: the number as it will be stored, or the error for it. `loosely` is a defect's
    /// way of dropping punctuation first.
    func validated(_ phoneNumber: String, loosely: Bool) throws -> String {
        if phoneNumber.isEmpty, !defects.contains(.emptyNumberReportedAsInvalid) {
            throw AuthError(.missingPhoneNumber, "to send verification codes, provide a phone number for the recipient")
        }
        let candidate = loosely ? phoneNumber.filter { !" -.()".contains($0) } : phoneNumber
        guard let number = try? E164Number(candidate), !(defects.contains(.rejectsNumbersLongerThanNorthAmerican) && number.digits.count > 11)
        else {
            let reason = E164Number.problem(in: candidate).map { " (\($0))" } ?? ""
            throw AuthError(.invalidPhoneNumber, "the format of the phone number \"\(phoneNumber)\" is incorrect\(reason); use E.164")
        }
        return number.rawValue
    }

    private func sendSMS(code: String, to phoneNumber: String, languageCode: String?) async throws {
        let languageCode = defects.contains(.ignoresLanguageCode) ? nil : languageCode
        let (text, language) = SMSTemplate.text(code: code, appName: configuration.appName, language: languageCode)
        let recipient = defects.contains(.sendsSMSToReformattedNumber) ? String(phoneNumber.dropFirst()) : phoneNumber
        let sms = world.sms
        for _ in 0..<(defects.contains(.sendsSMSTwice) ? 2 : 1) {
            try await callOutsideParty("SMS carrier") { () async throws(PartyError) in try await sms.send(to: recipient, text: text, language: language) }
        }
    }

    /// Checks a code against its verification and marks it used; `matches` says whether the verification
    /// belongs to the flow that presents it; `anyCode` is a defect's way of skipping the code.
    func consumeCode(
        _ verificationID: String, code: String, anyCode: Bool = false, matches: (PhoneVerification.Purpose) -> Bool
    ) throws -> PhoneVerification {
        guard var verification = verifications[verificationID], matches(verification.purpose) else {
            let wrongError = defects.contains(.unknownVerificationIDReportedAsWrongCode)
            throw AuthError(wrongError ? .invalidVerificationCode : .invalidVerificationID, "the verification ID is not known")
        }
        guard !verification.isUsed || defects.contains(.codesAreReusable) else {
            throw AuthError(.sessionExpired, "the code has already been used; request a new one")
        }
        guard !isExpired(verification.expiresAt) else {
            throw AuthError(.sessionExpired, "the SMS code has expired; re-send the verification code to try again")
        }
        guard verification.code == code || anyCode else {
            if defects.contains(.wrongCodeBurnsVerification) { verifications[verificationID] = nil }
            throw AuthError(.invalidVerificationCode, "the SMS verification code is invalid")
        }
        verification.isUsed = true
        verifications[verificationID] = verification
        return verification
    }

    /// Checks the code of a verification and signs its phone user in, creating the user on first sign-in
    /// unless the sign-in only re-authenticates (`REAUTH` does not create users).
    func signInWithPhoneNumber(verificationID: String, code: String, creatingUser: Bool = true) throws -> SignInResponse {
        let verification = try consumeCode(verificationID, code: code) { $0 == .signIn }
        let storedNumber = defects.contains(.storesNumberWithoutPlus) ? String(verification.phoneNumber.dropFirst()) : verification.phoneNumber
        let existing = users.values.first { $0.phoneNumber == storedNumber }
        guard existing != nil || creatingUser else { throw AuthError(.userMismatch, "no user has this phone number") }
        guard existing?.secondFactors.isEmpty ?? true else {
            throw AuthError(.unsupportedFirstFactor, "a phone number cannot be the first factor of a user with SMS multi-factor")
        }
        let user = existing ?? UserRecord(uid: newUID(), phoneNumber: storedNumber, createdAt: world.clock.date, lastSignInAt: world.clock.date)
        return startSession(for: user, provider: ProviderID.phone, isNewUser: existing == nil || defects.contains(.reportsEveryUserAsNew))
    }
}
