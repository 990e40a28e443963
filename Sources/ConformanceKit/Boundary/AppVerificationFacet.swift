import MockIdP

/// The backend's own door for app verification by silent push (PHONE-14): the calls an SDK makes to prove that a
/// verification request comes from the real app (`accounts:verifyClient`, then `accounts:sendVerificationCode` with
/// the receipt and the secret the push carried). A check presents proofs to it that no honest client sends; nil on a
/// backend that does not offer it, as swift-nio's `Channel` reaches its optional capabilities.
public protocol AppVerificationFacet: Sendable {
    /// Proves the app on `device` as its SDK does: asks the backend for a silent push, takes the push the device
    /// received, and returns the receipt the backend issued with the secret its push carried.
    func pushProof(on device: Device) async throws(AuthError) -> PushProof
    /// `accounts:sendVerificationCode` with a push proof: texts `phoneNumber` a code and returns the verification ID,
    /// or fails, and texts nothing, when the backend did not send `proof`'s secret for `proof`'s receipt.
    func sendVerificationCode(to phoneNumber: String, proof: PushProof) async throws(AuthError) -> String
}

/// The app's proof that a request comes from it: the receipt the backend issued for a silent push, and the secret
/// the push carried (the iOS SDK's `iosReceipt` and `iosSecret`). Both are opaque: a check makes forged proofs only
/// from genuine ones.
public struct PushProof: Sendable, Hashable, CustomStringConvertible {
    public var receipt: String
    public var secret: String

    public init(receipt: String, secret: String) {
        self.receipt = receipt
        self.secret = secret
    }

    public var description: String { "receipt \(receipt.prefix(12))…, secret \(secret.prefix(12))…" }
}
