/// How ``AppleIDProvider/forge(_:from:)`` spoils a genuine identity token, one defect a verifier must catch each.
package enum AppleTokenForgery: Sendable {
    /// Header `kid` unchanged, signature by another test key (a published one when there is one).
    case signedByWrongKey
    /// Validly signed by a test key Apple does not publish, under that key's `kid`.
    case unknownKeyID
    /// `alg: none` and an empty signature.
    case algNone
    /// HS256 with the HMAC key the published RSA key's public JWK (sorted-key JSON): the key-confusion attack.
    case hs256WithPublicKey
    /// The header's `alg`, its only one, set to this name (`none`, `RS512`, `HS256`), and the token still RS256-signed,
    /// over that header and the payload, by the key its `kid` names: a genuine signature, under a header that names
    /// another algorithm.
    case mislabelledAlgorithm(String)
    /// `exp` an hour before the world's now (and `iat` ten minutes before that), properly re-signed.
    case expired
    /// `exp` set to this Unix time, properly re-signed.
    case expiringAt(Int)
    case issuer(String)
    case audience(String)
    /// `sub` changed after signing; the original signature kept.
    case tamperedPayload
    /// The `nonce` claim replaced, or removed when nil, properly re-signed.
    case nonce(String?)
    /// A second payload member `name` (written into the JSON as given, so `\\u0069ss` is `iss` escaped) with the JSON
    /// value `json`, after the genuine one, properly re-signed: a reader that keeps the first member sees a genuine
    /// token.
    case duplicateClaim(String, json: String)
    /// A second header parameter `name` with the JSON value `json`, after the genuine one, properly re-signed.
    case duplicateHeaderParameter(String, json: String)
    /// The payload's JSON text in UTF-16 (big-endian, no byte order mark), properly re-signed.
    case payloadInUTF16
    /// The header's JSON text in UTF-16 (big-endian, no byte order mark), properly re-signed.
    case headerInUTF16
    /// Any change to the claims, properly re-signed.
    case claims(@Sendable (inout AppleIdentityClaims) -> Void)
}
