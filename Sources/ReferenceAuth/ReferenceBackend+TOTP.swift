import ConformanceKit
import Foundation
import MockIdP

/// TOTP second factors, as Identity Platform serves them where the project enables them
/// (`mfa.providerConfigs[].totpProviderConfig`,
/// https://cloud.google.com/identity-platform/docs/admin/enabling-totp-mfa) and the JS SDK's
/// `TotpMultiFactorGenerator` calls them (firebase-js-sdk `packages/auth/src/mfa/assertions/totp.ts`):
/// `mfaEnrollment:start` with `totpEnrollmentInfo` hands out a shared secret, `mfaEnrollment:finalize` with
/// `totpVerificationInfo` enrolls it with a code the authenticator app made from it, `mfaSignIn:finalize` with
/// `mfaEnrollmentId` and `totpVerificationInfo` resolves a pending sign-in with one. Codes are checked on the world's
/// clock (the served server's time control moves them), within the project's adjacent intervals; a wrong code is
/// `INVALID_CODE` (`auth/invalid-verification-code`, as the SDK's integration tests
/// `test/integration/flows/totp.test.ts` expect of production). The factor is kept in the user's record like an SMS
/// factor.
extension ReferenceBackend {
    /// Starts a TOTP enrollment for the session's user: a new secret, valid until the multi-factor session's lifetime
    /// (``MultiFactorSettings/pendingSignInLifetime``) has passed.
    package func startTOTPEnrollment(idToken: String) throws(AuthError) -> TOTPEnrollmentSession {
        let user = try enrollingUser(idToken, at: .start, totp: true)
        let secret = world.random.bytes(TOTP.secretLength)
        let sessionInfo = world.random.string(length: 64)
        let finalizeBy = world.clock.date.addingTimeInterval(
            Double(configuration.multiFactor.pendingSignInLifetime.components.seconds))
        totpEnrollments[sessionInfo] = PendingTOTPEnrollment(uid: user.uid, secret: secret, finalizeBy: finalizeBy)
        return TOTPEnrollmentSession(
            sharedSecretKey: TOTP.base32(secret), sessionInfo: sessionInfo, finalizeEnrollmentTime: finalizeBy)
    }

    /// Enrolls the secret of the enrollment `sessionInfo` names when `code` is its code now, and returns the
    /// session's new tokens; nil where a defect returns silently from enrolling a factor the project does not enable
    /// (MFA-12).
    package func finalizeTOTPEnrollment(
        idToken: String, refreshToken: String, sessionInfo: String, code: String, displayName: String?
    ) throws(AuthError) -> SessionTokens? {
        if configuration.multiFactor.totpAdjacentIntervals == nil, !behaviour.multiFactor.rejectsUnsupportedFactors {
            _ = try enrollingUser(idToken, at: .finalize)
            return nil
        }
        var user = try enrollingUser(idToken, at: .finalize, totp: true)
        guard !sessionInfo.isEmpty else { throw AuthError(.missingVerificationID, "the request has no sessionInfo") }
        guard let pending = totpEnrollments[sessionInfo], pending.uid == user.uid else {
            throw AuthError(.invalidVerificationID, "the sessionInfo names no TOTP enrollment of this user")
        }
        guard world.clock.date < pending.finalizeBy else {
            totpEnrollments[sessionInfo] = nil
            throw AuthError(.sessionExpired, "the TOTP enrollment has expired; start it again")
        }
        try requireCode(code, secret: pending.secret)
        totpEnrollments[sessionInfo] = nil
        user.secondFactors.append(
            EnrolledFactor(
                uid: newUID(), displayName: displayName, phoneNumber: "", enrolledAt: stampedNow,
                totpSecret: pending.secret))
        users[user.uid] = user
        return try renew(refreshToken, secondFactor: MultiFactorID.totp)
    }

    /// Finishes a pending sign-in with the user's TOTP factor `enrollmentID` and its code now.
    package func resolveSignInWithTOTP(
        pendingID: String, enrollmentID: String, code: String
    ) throws(AuthError) -> SignInResponse {
        let pending = try pendingSignIn(pendingID)
        guard configuration.multiFactor.totpAdjacentIntervals != nil else {
            throw AuthError(.operationNotAllowed, "TOTP based MFA not enabled.")
        }
        guard !enrollmentID.isEmpty else {
            throw AuthError(.missingMultiFactorInfo, "the request has no mfaEnrollmentId")
        }
        guard let user = users[pending.uid] else { throw AuthError(.userNotFound, "the user no longer exists") }
        guard let secret = user.secondFactors.first(where: { $0.uid == enrollmentID })?.totpSecret else {
            throw AuthError(.multiFactorInfoNotFound, "the user signing in has no TOTP second factor \(enrollmentID)")
        }
        try requireCode(code, secret: secret)
        pendingSignIns[pendingID] = nil
        return startSession(for: user, provider: pending.provider, isNewUser: false, secondFactor: MultiFactorID.totp)
    }

    private func requireCode(_ code: String, secret: [UInt8]) throws(AuthError) {
        guard !code.isEmpty else { throw AuthError(.missingVerificationCode, "the request has no verificationCode") }
        let intervals = configuration.multiFactor.totpAdjacentIntervals ?? 0
        guard TOTP.accepts(code, secret: secret, at: world.clock.date, adjacentIntervals: intervals) else {
            throw AuthError(.invalidVerificationCode, "the TOTP code is not the authenticator's code for this time")
        }
    }
}
