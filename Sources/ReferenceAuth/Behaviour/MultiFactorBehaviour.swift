import ConformanceKit

extension ReferenceBehaviour {
    /// SMS second factors: who may enroll, what enrollment keeps, how a pending sign-in is resolved (MFA rules).
    struct MultiFactor: Sendable {
        /// The steps of an enrollment at which the backend checks something.
        enum Step: Sendable {
            case start
            case finalize
        }

        // Enrollment
        var requiresVerifiedEmail = true
        /// First factors whose users may not enroll (MFA-2).
        var ineligibleFirstFactors: Set<String> = [ProviderID.phone, ProviderID.anonymous]
        /// The steps that refuse a sign-in older than the recent sign-in window (MFA-15).
        var recentSignInJudgedAt: Set<Step> = [.start, .finalize]
        /// The steps that refuse a number the user already enrolled (MFA-13).
        var duplicateNumberRefusedAt: Set<Step> = [.start, .finalize]
        /// Characters dropped from an enrollment number before it is validated: none, E.164 has no punctuation.
        var ignoredPunctuation = ""
        /// Enrollment and second-factor sign-in text the number a code.
        var textsCodes = true
        var keepsDisplayName = true
        var enrollmentCodesSingleUse = true
        /// Enrollment takes only a verification started for that enrollment of that user (MFA-3).
        var enrollmentBoundToVerification = true
        /// A TOTP or other unsupported factor is refused, not silently dropped (MFA-12).
        var rejectsUnsupportedFactors = true
        /// The client takes the enrollment's new tokens and tells its listeners (MFA-5).
        var enrollmentRenewsSession = true
        var enrollmentNotifiesListeners = true
        /// `enroll(with:)` first refreshes the ID token, forced, which tells the listeners of the token before the
        /// enrollment (the user without the new factor).
        var refreshesBeforeEnrolling = false
        /// The client tells its listeners of the new ID token an unenrollment installs (AUTH-6).
        var unenrollmentNotifiesListeners = true
        /// Removes the named factor from the user's factors.
        var unenroll: @Sendable (_ factors: inout [EnrolledFactor], _ factorUID: String) -> Void = {
            factors, factorUID in factors.removeAll { $0.uid == factorUID }
        }

        // Sign-in
        var requiresSecondFactor = true
        var hintMask: @Sendable (E164Number) -> String = { PhoneHintMask.mask($0, showingCountryCode: true) }
        /// The `secondFactorRequired` message, from the enrolled numbers: it names none of them (MFA-7).
        var secondFactorRequiredMessage: @Sendable (_ enrolledNumbers: [String]) -> String = { _ in
            "Please complete a second factor challenge to finish signing into this account."
        }
        var textsChosenFactor = true
        var pendingSignInsExpire = true
        /// A pending sign-in's lifetime runs from the first factor; a second-factor SMS does not restart it.
        var pendingSignInLifetimeFromFirstFactor = true
        var pendingSignInSingleUse = true
        /// A pending sign-in reaches only its own user's factors and codes.
        var pendingSignInBoundToUser = true
        /// Pending credentials are the user written out (base64 JSON, as the Auth Emulator writes them), and any such
        /// credential is honoured, also one the backend never issued (MFA-11).
        var pendingCredentialsNameTheirUser = false
        var resolvesWithSignInCodes = false
        var resolvesWithEnrollmentCodes = false
        var resolutionChecksCode = true
        /// The resolved sign-in reports the first factor's provider, not phone (MFA-9).
        var reportsFirstFactorProvider = true
        /// `mfaSignIn:finalize` at the door checks the pending credential and the code and uses both up in one actor
        /// turn; otherwise it checks, awaits, then signs in, so a second finalize of the pair passes the check too
        /// (MFA-11).
        var doorResolvesAtOnce = true
        /// `mfaEnrollment:finalize` at the door checks the code and the number and enrolls in one actor turn;
        /// otherwise it checks, awaits, then enrolls, so a second finalize of the pair enrolls the number again
        /// (MFA-13).
        var doorEnrollsAtOnce = true
    }
}
