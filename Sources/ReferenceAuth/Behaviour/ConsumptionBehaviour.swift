extension ReferenceBehaviour {
    /// When a backend call marks the one-time credential it accepted as used: in the same step as it checks it, so a
    /// second call with the same credential finds it used whatever else happens in between (PHONE-7, LINK-8, MFA-11).
    /// Otherwise only once its answer has left (``MockIdP/AppNetwork/afterAnswer(_:)``): a check-then-consume split
    /// across a step of the world, which a check holding the answer on its way back catches.
    struct Consumption: Sendable {
        /// A phone code signing someone in (first factor, or linked to the current user).
        var phoneCodeBeforeAnswer = true
        /// An email link's `oobCode` signing someone in.
        var emailLinkBeforeAnswer = true
        /// A pending sign-in and its second-factor code resolving the sign-in.
        var secondFactorBeforeAnswer = true
    }
}
