import MockIdP

/// A pending phone verification: the verification ID maps to one of these.
struct PhoneVerification: Sendable {
    let phoneNumber: String
    let code: String
    let expiresAt: VirtualClock.Instant?
    let isTestNumber: Bool
    var isUsed = false
}
