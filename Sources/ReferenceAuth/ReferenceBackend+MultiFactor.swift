import ConformanceKit
import Foundation
import MockIdP

/// SMS second factors: enrollment, the pending sign-in and its resolution.
extension ReferenceBackend {
    /// The end of a first factor: a session, or for a multi-factor user a pending sign-in with masked hints.
    func firstFactorSucceeded(for user: UserRecord, provider: String) -> SignInOutcome {
        let multiFactor = behaviour.multiFactor
        guard !user.secondFactors.isEmpty, multiFactor.requiresSecondFactor else {
            return .signedIn(startSession(for: user, provider: provider, isNewUser: false))
        }
        let pendingID =
            multiFactor.pendingCredentialsNameTheirUser
            ? SelfDescribingToken.encode(uid: user.uid, provider: provider, nonce: world.random.string(length: 16))
            : world.random.string(length: 64)
        let lifetime = configuration.multiFactor.pendingSignInLifetime
        let expiresAt = multiFactor.pendingSignInsExpire ? world.clock.now.advanced(by: lifetime) : nil
        pendingSignIns[pendingID] = PendingSignIn(uid: user.uid, provider: provider, expiresAt: expiresAt)
        let hints = user.secondFactors.map { $0.info(showing: hint(for: $0.phoneNumber)) }
        let message = multiFactor.secondFactorRequiredMessage(
            user.secondFactors.filter { $0.totpSecret == nil }.map(\.phoneNumber))
        return .secondFactorRequired(pendingID: pendingID, hints: hints, message: message)
    }

    /// MFA-7: the number as a hint shows it.
    private func hint(for phoneNumber: String) -> String {
        guard let number = try? E164Number(phoneNumber) else { return "" }
        return behaviour.multiFactor.hintMask(number)
    }

    // MARK: Enrollment

    /// Checks that the session's user may enroll `phoneNumber` and texts it a code (`mfaEnrollment:start`).
    package func startEnrollment(
        idToken: String, phoneNumber: String, proof: AppProof, languageCode: String?, device: Device
    ) async throws(AuthError) -> String {
        let user = try enrollingUser(idToken, at: .start)
        let phoneNumber = try validated(phoneNumber, ignoring: behaviour.multiFactor.ignoredPunctuation)
        try requireNotEnrolled(phoneNumber, for: user, at: .start)
        return try await sendCode(
            to: phoneNumber, for: .enrollment(uid: user.uid), proof: proof, languageCode: languageCode, device: device)
    }

    /// Enrolls the factor an assertion proves and returns the session's new tokens (`mfaEnrollment:finalize`).
    package func finalizeEnrollment(
        idToken: String, refreshToken: String, assertion: MultiFactorAssertion, displayName: String?
    ) throws(AuthError) -> SessionTokens? {
        let multiFactor = behaviour.multiFactor
        var user = try enrollingUser(idToken, at: .finalize)
        guard case .phone(let verificationID, let code) = assertion else {
            guard multiFactor.rejectsUnsupportedFactors else { return nil }
            throw unsupported(assertion)
        }
        let verification = try consumeCode(verificationID, code: code) {
            $0 == .enrollment(uid: user.uid) || !multiFactor.enrollmentBoundToVerification
        }
        if !multiFactor.enrollmentCodesSingleUse { verifications[verificationID]?.isUsed = false }
        try requireNotEnrolled(verification.phoneNumber, for: user, at: .finalize)
        let name = multiFactor.keepsDisplayName ? displayName : nil
        user.secondFactors.append(
            EnrolledFactor(
                uid: newUID(), displayName: name, phoneNumber: verification.phoneNumber, enrolledAt: stampedNow))
        users[user.uid] = user
        return try renew(refreshToken, secondFactor: MultiFactorID.phone)
    }

    /// Removes a factor and returns the session's new tokens (`mfaEnrollment:withdraw`).
    package func withdraw(idToken: String, refreshToken: String, factorUID: String) throws(AuthError) -> SessionTokens {
        var (_, user) = try session(idToken)
        guard user.secondFactors.contains(where: { $0.uid == factorUID }) else {
            throw AuthError(.multiFactorInfoNotFound, "the user has no second factor \(factorUID)")
        }
        behaviour.multiFactor.unenroll(&user.secondFactors, factorUID)
        users[user.uid] = user
        return try renew(refreshToken, secondFactor: nil)
    }

    /// The user of a session that may enroll at `step`: MFA on (SMS, or with `totp` TOTP), an eligible first factor
    /// (MFA-2), a verified email (MFA-1) and a recent sign-in (MFA-15).
    func enrollingUser(
        _ idToken: String, at step: ReferenceBehaviour.MultiFactor.Step, totp: Bool = false
    ) throws(AuthError) -> UserRecord {
        if totp {
            // Production's refusal where the project does not enable TOTP (the JS SDK shows
            // `auth/operation-not-allowed`).
            guard configuration.multiFactor.totpAdjacentIntervals != nil else {
                throw AuthError(.operationNotAllowed, "TOTP based MFA not enabled.")
            }
        } else {
            guard configuration.multiFactor.isEnabled else {
                throw AuthError(.operationNotAllowed, "SMS multi-factor authentication is not enabled")
            }
        }
        let multiFactor = behaviour.multiFactor
        let (grant, user) = try session(idToken)
        if multiFactor.ineligibleFirstFactors.contains(grant.provider) {
            throw AuthError(
                .unsupportedFirstFactor,
                "multi-factor authentication is not available for the \(grant.provider) first factor")
        }
        guard user.isEmailVerified || !multiFactor.requiresVerifiedEmail else {
            throw AuthError(.unverifiedEmail, "verify the email address before enrolling a second factor")
        }
        let signedInFor = grant.authTime.duration(to: world.clock.now)
        guard
            !multiFactor.recentSignInJudgedAt.contains(step)
                || signedInFor <= configuration.multiFactor.recentSignInWindow
        else {
            throw AuthError(
                .requiresRecentLogin,
                "the sign-in is \(signedInFor) old; sign in again before enrolling a second factor")
        }
        return user
    }

    func requireNotEnrolled(
        _ phoneNumber: String, for user: UserRecord, at step: ReferenceBehaviour.MultiFactor.Step
    ) throws(AuthError) {
        let enrolled = user.secondFactors.contains { $0.phoneNumber == phoneNumber }
        guard !enrolled || !behaviour.multiFactor.duplicateNumberRefusedAt.contains(step) else {
            throw AuthError(
                .secondFactorAlreadyEnrolled, "this number is already enrolled as a second factor of the user")
        }
    }

    // MARK: Sign-in with a second factor

    /// Texts a code to the chosen factor of a pending sign-in (`mfaSignIn:start`).
    package func startSecondFactor(
        pendingID: String, factorUID: String, proof: AppProof, languageCode: String?, device: Device
    ) async throws(AuthError) -> String {
        let multiFactor = behaviour.multiFactor
        let pending = try pendingSignIn(pendingID)
        let owners = multiFactor.pendingSignInBoundToUser ? users[pending.uid].map { [$0] } ?? [] : Array(users.values)
        let isSMS = { (factor: EnrolledFactor) in factor.uid == factorUID && factor.totpSecret == nil }
        guard let user = owners.first(where: { $0.secondFactors.contains(where: isSMS) }),
            let factor = user.secondFactors.first(where: isSMS)
        else { throw AuthError(.multiFactorInfoNotFound, "the user signing in has no SMS second factor \(factorUID)") }
        let recipient =
            multiFactor.textsChosenFactor
            ? factor.phoneNumber : user.secondFactors.first { $0.totpSecret == nil }?.phoneNumber ?? factor.phoneNumber
        if !multiFactor.pendingSignInLifetimeFromFirstFactor {
            pendingSignIns[pendingID]?.expiresAt = world.clock.now.advanced(
                by: configuration.multiFactor.pendingSignInLifetime)
        }
        return try await sendCode(
            to: recipient, for: .secondFactor(pendingID: pendingID, factorUID: factorUID), proof: proof,
            languageCode: languageCode, device: device)
    }

    /// Finishes a pending sign-in with a second factor (`mfaSignIn:finalize`).
    package func resolveSignIn(pendingID: String, assertion: MultiFactorAssertion) throws(AuthError) -> SignInResponse {
        let pending = try pendingSignIn(pendingID)
        guard case .phone(let verificationID, let code) = assertion else { throw unsupported(assertion) }
        let multiFactor = behaviour.multiFactor
        _ = try consumeCode(verificationID, code: code, checkingCode: multiFactor.resolutionChecksCode) { purpose in
            switch purpose {
            case .secondFactor(let owner, _): owner == pendingID || !multiFactor.pendingSignInBoundToUser
            case .signIn: multiFactor.resolvesWithSignInCodes
            case .enrollment: multiFactor.resolvesWithEnrollmentCodes
            }
        }
        if multiFactor.pendingSignInSingleUse {
            consume(beforeAnswer: behaviour.consumption.secondFactorBeforeAnswer) { $0.pendingSignIns[pendingID] = nil }
        }
        guard let user = users[pending.uid] else { throw AuthError(.userNotFound, "the user no longer exists") }
        let provider = multiFactor.reportsFirstFactorProvider ? pending.provider : ProviderID.phone
        return startSession(for: user, provider: provider, isNewUser: false, secondFactor: MultiFactorID.phone)
    }

    /// MFA-12: the error for a factor type the reference does not support.
    private func unsupported(_ assertion: MultiFactorAssertion) -> AuthError {
        AuthError(
            .operationNotAllowed, "\(assertion.factorID) second factors are not enabled for this project; only SMS is")
    }

    /// With a defect, the pending sign-in a credential names by itself.
    private func selfDescribedPendingSignIn(_ pendingID: String) -> PendingSignIn? {
        guard behaviour.multiFactor.pendingCredentialsNameTheirUser, let named = SelfDescribingToken.decode(pendingID)
        else { return nil }
        return PendingSignIn(uid: named.uid, provider: named.provider, expiresAt: nil)
    }

    func pendingSignIn(_ pendingID: String) throws(AuthError) -> PendingSignIn {
        guard let pending = pendingSignIns[pendingID] ?? selfDescribedPendingSignIn(pendingID) else {
            throw AuthError(
                .invalidMultiFactorSession, "the multi-factor session does not belong to a sign-in in progress")
        }
        guard !isExpired(pending.expiresAt) else {
            pendingSignIns[pendingID] = nil
            throw AuthError(.sessionExpired, "the multi-factor session has expired; sign in again")
        }
        return pending
    }
}
