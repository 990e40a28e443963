/// Why an Apple identity token was refused: the first step of
/// ``AppleIdentityToken/verify(_:keySet:clientID:rawNonce:now:)``
/// that failed.
public struct AppleIdentityTokenError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The raw values are the `reason`s of `Fixtures/apple/id-tokens.json`.
    public enum Reason: String, Sendable, Hashable, CaseIterable {
        /// The signature is not an RS256 signature by the key `kid` names, or the header names an algorithm other
        /// than RS256, `none` and HS256: Apple's keys are RS256 keys, so no published key made such a signature.
        case badSignature
        /// No key in the key set has the header's `kid`, or the header has none.
        case unknownKey
        case algNone
        /// HS256, the algorithm-confusion attack that keys an HMAC with the public key.
        case algHS256
        /// `exp` is not after the time of verification.
        case expired
        case wrongIssuer
        case wrongAudience
        /// The `nonce` claim is neither the SHA-256 hex of the raw nonce nor the raw nonce itself.
        case nonceMismatch
        /// No raw nonce was given (or an empty one), or the token has no `nonce` claim (or an empty one).
        case nonceMissing
        /// The `nonce` claim is the raw nonce: the app sent Apple the raw nonce instead of its hash.
        case rawNonceInToken
        /// Not three base64url parts, a header without `alg`, a payload without Apple's required claims, a header or
        /// payload that is not UTF-8 JSON text, or one that names a member twice (RFC 7515 §4, RFC 7519 §4).
        case malformed
    }

    public let reason: Reason
    /// What was found, for a person reading a failure.
    public let detail: String

    public init(_ reason: Reason, _ detail: String) {
        self.reason = reason
        self.detail = detail
    }

    /// Whether Firebase reports this as a nonce problem (APPLE-4) rather than a bad credential (APPLE-5).
    public var isNonceProblem: Bool {
        switch reason {
        case .nonceMismatch, .nonceMissing, .rawNonceInToken: true
        default: false
        }
    }

    /// The Firebase error for this refusal: `missingOrInvalidNonce` [17094] for nonce problems (Firebase's Apple
    /// guide), `invalidCredential` [17004] for everything else.
    public var authErrorCode: AuthErrorCode { isNonceProblem ? .missingOrInvalidNonce : .invalidCredential }

    public var description: String { "\(reason.rawValue): \(detail)" }
}
