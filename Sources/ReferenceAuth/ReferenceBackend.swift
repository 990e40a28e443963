import ConformanceKit
import Crypto
import Foundation
import MockIdP

/// The reference backend: the project's users, verifications and tokens, reaching the world only through its parties.
actor ReferenceBackend: AuthBackend {
    let configuration: ProjectConfiguration
    let world: World
    let defects: Set<Defect>
    private let signer: IDTokenSigner
    private var users: [String: UserRecord] = [:]
    private var verifications: [String: PhoneVerification] = [:]
    private var pushSecrets: [String: String] = [:]
    private var rateLimiter: RateLimiter
    private let testCodes: [String: String]

    init(configuration: ProjectConfiguration, world: World, defects: Set<Defect>) {
        self.configuration = configuration
        self.world = world
        self.defects = defects
        signer = IDTokenSigner(projectID: configuration.projectID, key: SymmetricKey(data: world.random.bytes(32)))
        rateLimiter = RateLimiter(configuration.phone.verificationLimit)
        testCodes = Dictionary(configuration.phone.testPhoneNumbers.map { ($0.phoneNumber, $0.verificationCode) }) { first, _ in first }
    }

    func makeClient(on device: Device) async throws -> any AuthClient {
        ReferenceClient(backend: self, device: device)
    }

    func verifyIDToken(_ idToken: String) async throws -> IDTokenClaims {
        try signer.verify(idToken, at: world.clock.date)
    }

    func user(_ uid: String) -> AuthUser? { users[uid]?.snapshot }

    // MARK: App verification

    /// Sends the device a silent push carrying a secret and returns the receipt that names it (`verifyClient`).
    func verifyClient(deviceToken: String) async throws -> String {
        let receipt = world.random.string(length: 32)
        let secret = world.random.string(length: 32)
        pushSecrets[receipt] = secret
        let payload = #"{"receipt":"\#(receipt)","secret":"\#(secret)"}"#
        try await world.push.send([pushPayloadKey: payload], toDeviceToken: deviceToken)
        return receipt
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

    // MARK: Phone

    /// Validates the number, checks the app's proof and the limits, sends the SMS and returns the verification ID.
    func sendVerificationCode(to phoneNumber: String, proof: AppProof, languageCode: String?, device: Device) async throws -> String {
        guard configuration.phone.isEnabled else { throw AuthError(.operationNotAllowed, "phone sign-in is not enabled") }
        let phoneNumber = try validated(phoneNumber)
        let testCode = testCodes[phoneNumber]
        try verify(proof, forTestNumber: testCode != nil)
        let now = world.clock.now
        let limitKeys = ["number:" + phoneNumber, "device:" + device.id]
        let countsAgainstLimit = testCode == nil || defects.contains(.testNumbersConsumeQuota)
        if countsAgainstLimit, !defects.contains(.noVerificationRateLimit) {
            guard rateLimiter.allows(limitKeys, at: now) else {
                throw AuthError(.tooManyRequests, "too many verification requests for this number or device; try again later")
            }
            rateLimiter.record(limitKeys, at: now)
        }
        let code = testCode ?? world.random.digits(defects.contains(.sendsFourDigitCodes) ? 4 : 6)
        if testCode == nil || defects.contains(.sendsSMSToTestNumbers) {
            try await sendSMS(code: code, to: phoneNumber, languageCode: languageCode)
        }
        let verificationID = world.random.string(length: 40)
        let lifetime = defects.contains(.codesNeverExpire) ? nil : now.advanced(by: configuration.phone.codeLifetime)
        verifications[verificationID] = PhoneVerification(phoneNumber: phoneNumber, code: code, expiresAt: lifetime, isTestNumber: testCode != nil)
        return verificationID
    }

    /// PHONE-1 and PHONE-2: the number as it will be stored, or the error for it.
    private func validated(_ phoneNumber: String) throws -> String {
        if phoneNumber.isEmpty, !defects.contains(.emptyNumberReportedAsInvalid) {
            throw AuthError(.missingPhoneNumber, "to send verification codes, provide a phone number for the recipient")
        }
        let candidate = defects.contains(.acceptsPunctuatedNumbers) ? phoneNumber.filter { !" -.()".contains($0) } : phoneNumber
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
            try await callOutsideParty { () async throws(PartyError) in try await sms.send(to: recipient, text: text, language: language) }
        }
    }

    /// Calls a party of the world within the network timeout, turning its failures into `networkError` (AUTH-1, AUTH-2).
    private func callOutsideParty(_ call: @escaping @Sendable () async throws(PartyError) -> Void) async throws {
        if defects.contains(.leaksPartyErrors) || defects.contains(.waitsForeverForTheSMSCarrier) {
            do { return try await call() } catch {
                if defects.contains(.leaksPartyErrors) { throw error }
                throw AuthError(.networkError, "the SMS carrier failed: \(error)")
            }
        }
        let clock = world.clock
        let deadline = clock.now.advanced(by: configuration.networkTimeout)
        let timeout = configuration.networkTimeout
        let outcome = await withTaskGroup(of: AuthError??.self) { group in
            group.addTask {
                do { try await call(); return .some(nil) } catch { return .some(AuthError(.networkError, "the SMS carrier failed: \(error)")) }
            }
            group.addTask {
                do { try await clock.sleep(until: deadline) } catch { return nil }
                return .some(AuthError(.networkError, "the SMS carrier did not answer within \(timeout)"))
            }
            defer { group.cancelAll() }
            while let next = await group.next() {
                if let finished = next { return finished }
            }
            return AuthError(.networkError, "the call to the SMS carrier was cancelled")
        }
        if let error = outcome { throw error }
    }

    /// Checks the code of a verification and signs its phone user in, creating the user on first sign-in.
    func signInWithPhoneNumber(verificationID: String, code: String) throws -> SignInResponse {
        guard var verification = verifications[verificationID] else {
            let wrongError = defects.contains(.unknownVerificationIDReportedAsWrongCode)
            throw AuthError(wrongError ? .invalidVerificationCode : .invalidVerificationID, "the verification ID is not known")
        }
        let now = world.clock.now
        guard !verification.isUsed || defects.contains(.codesAreReusable) else {
            throw AuthError(.sessionExpired, "the code has already been used; request a new one")
        }
        if let expiresAt = verification.expiresAt, now >= expiresAt {
            throw AuthError(.sessionExpired, "the SMS code has expired; re-send the verification code to try again")
        }
        guard verification.code == code else {
            if defects.contains(.wrongCodeBurnsVerification) { verifications[verificationID] = nil }
            throw AuthError(.invalidVerificationCode, "the SMS verification code is invalid")
        }
        verification.isUsed = true
        verifications[verificationID] = verification
        let storedNumber = defects.contains(.storesNumberWithoutPlus) ? String(verification.phoneNumber.dropFirst()) : verification.phoneNumber
        let existing = users.values.first { $0.phoneNumber == storedNumber }
        var user = existing ?? UserRecord(uid: newUID(), phoneNumber: storedNumber, createdAt: world.clock.date, lastSignInAt: world.clock.date)
        user.lastSignInAt = world.clock.date
        users[user.uid] = user
        let claims = signer.claims(uid: user.uid, signInProvider: ProviderID.phone, phoneNumber: user.phoneNumber, email: user.email, at: world.clock.date)
        let unsigned = verification.isTestNumber && defects.contains(.testNumberUsersGetUnsignedTokens)
        return SignInResponse(
            user: user.snapshot, idToken: unsigned ? signer.unsigned(claims) : signer.sign(claims),
            isNewUser: existing == nil || defects.contains(.reportsEveryUserAsNew), providerID: ProviderID.phone)
    }

    // MARK: Email and password

    func signUp(email: String, password: String) throws -> SignInResponse {
        guard configuration.passwordSignInEnabled else { throw AuthError(.operationNotAllowed, "password sign-in is not enabled") }
        guard email.split(separator: "@").count == 2, !email.contains(" ") else { throw AuthError(.invalidEmail, "\"\(email)\" is not an email address") }
        guard password.count >= 6 else { throw AuthError(.weakPassword, "the password must be 6 characters long or more") }
        let email = email.lowercased()
        guard !users.values.contains(where: { $0.email == email }) else { throw AuthError(.emailAlreadyInUse, "the email address is already in use") }
        let user = UserRecord(
            uid: newUID(), email: email, password: PasswordHash(password, salt: world.random.bytes(16)),
            createdAt: world.clock.date, lastSignInAt: world.clock.date)
        users[user.uid] = user
        return response(for: user, provider: ProviderID.password, isNewUser: true)
    }

    func signIn(email: String, password: String) throws -> SignInResponse {
        guard configuration.passwordSignInEnabled else { throw AuthError(.operationNotAllowed, "password sign-in is not enabled") }
        guard var user = users.values.first(where: { $0.email == email.lowercased() }) else {
            throw AuthError(.userNotFound, "there is no user with this email address")
        }
        guard user.password?.matches(password) == true else { throw AuthError(.wrongPassword, "the password is invalid") }
        user.lastSignInAt = world.clock.date
        users[user.uid] = user
        return response(for: user, provider: ProviderID.password, isNewUser: false)
    }

    private func response(for user: UserRecord, provider: String, isNewUser: Bool) -> SignInResponse {
        let claims = signer.claims(uid: user.uid, signInProvider: provider, phoneNumber: user.phoneNumber, email: user.email, at: world.clock.date)
        return SignInResponse(user: user.snapshot, idToken: signer.sign(claims), isNewUser: isNewUser, providerID: provider)
    }

    private func newUID() -> String { world.random.string(length: 28, alphabet: RandomSource.alphanumerics) }
}

/// What a successful first-factor sign-in returns to the client.
struct SignInResponse: Sendable {
    let user: AuthUser
    let idToken: String
    let isNewUser: Bool
    let providerID: String
}
