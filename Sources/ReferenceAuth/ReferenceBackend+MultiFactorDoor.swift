import ConformanceKit
import MockIdP

/// The multi-factor calls the server's door answers with steps of their own: `mfaSignIn:finalize` and
/// `mfaEnrollment:finalize` as a raw request reaches them (``ReferenceDoor`` in process, the Identity Toolkit server
/// over HTTP).
extension ReferenceBackend {
    /// `mfaSignIn:finalize` with an `mfaPendingCredential` and `phoneVerificationInfo`. Conforming, the pending
    /// credential and the code are checked and used up in one actor turn, so of two finalizes of one pending sign-in at
    /// once exactly one signs in (MFA-11: a resolver session is used up once it completed a sign-in). With the defect
    /// the check and the use are split across the pair's meeting point (``DoorRendezvous``), which the second finalize
    /// of the pair always reaches: both pass the check, both sign in.
    package func resolveSignInAtTheDoor(
        pendingID: String, assertion: MultiFactorAssertion
    ) async throws(AuthError) -> SignInResponse {
        guard !behaviour.multiFactor.doorResolvesAtOnce, case .phone(let verificationID, let code) = assertion else {
            return try resolveSignIn(pendingID: pendingID, assertion: assertion)
        }
        let pending = try pendingSignIn(pendingID)
        let factorUID = verifications[verificationID]?.purpose.factorUID
        try checkCode(verificationID: verificationID, code: code) { purpose in
            if case .secondFactor(let owner, _) = purpose { owner == pendingID } else { false }
        }
        await meetPartner(at: "second factor checked")
        verifications[verificationID]?.isUsed = true
        pendingSignIns[pendingID] = nil
        guard let user = users[pending.uid] else { throw AuthError(.userNotFound, "the user no longer exists") }
        return startSession(
            for: user, provider: pending.provider, isNewUser: false, secondFactor: MultiFactorID.phone,
            secondFactorIdentifier: factorUID)
    }

    /// `mfaEnrollment:finalize` with an `idToken` and `phoneVerificationInfo`. Conforming, the code is checked and
    /// used, the number checked not enrolled and the factor recorded in one actor turn, so of two finalizes of one
    /// enrollment at once exactly one enrolls (MFA-13: the same number cannot be enrolled twice, also when two
    /// enrollments are under way at once). With the defect the checks and the enrollment are split across the pair's
    /// meeting point (``DoorRendezvous``): both pass the checks, both enroll the number.
    package func finalizeEnrollmentAtTheDoor(
        idToken: String, refreshToken: String, assertion: MultiFactorAssertion, displayName: String?
    ) async throws(AuthError) -> SessionTokens? {
        guard !behaviour.multiFactor.doorEnrollsAtOnce, case .phone(let verificationID, let code) = assertion else {
            return try finalizeEnrollment(
                idToken: idToken, refreshToken: refreshToken, assertion: assertion, displayName: displayName)
        }
        let user = try enrollingUser(idToken, at: .finalize)
        try checkCode(verificationID: verificationID, code: code) { $0 == .enrollment(uid: user.uid) }
        let phoneNumber = verifications[verificationID]?.phoneNumber ?? ""
        try requireNotEnrolled(phoneNumber, for: user, at: .finalize)
        await meetPartner(at: "enrollment checked")
        verifications[verificationID]?.isUsed = true
        guard var enrolling = users[user.uid] else { throw AuthError(.userNotFound, "the user no longer exists") }
        let factorUID = newUID()
        enrolling.secondFactors.append(
            EnrolledFactor(uid: factorUID, displayName: displayName, phoneNumber: phoneNumber, enrolledAt: stampedNow))
        users[user.uid] = enrolling
        return try renew(refreshToken, secondFactor: MultiFactorID.phone, secondFactorIdentifier: factorUID)
    }
}
