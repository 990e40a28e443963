import Foundation
import MockIdP

/// Verification of a Sign in with Apple identity token (APPLE-3, APPLE-4, APPLE-5), as Apple's "Verifying a user"
/// and OIDC Core §3.1.3.7 ask, with Firebase's nonce rule (the claim is the SHA-256 hex of the raw nonce).
/// ``verify(_:keySet:clientID:rawNonce:now:)`` runs the steps below in order and reports the first that fails;
/// each step is public so an implementation can compose them (and a reference can leave one out to model a
/// defect). `Fixtures/apple/id-tokens.json` holds the cases.
public enum AppleIdentityToken {
    /// The only algorithm Apple signs identity tokens with: its key set publishes `"alg": "RS256"` keys (Apple's
    /// text says "E256", but real tokens and keys are RS256).
    public static let algorithm = "RS256"

    /// A token read but not yet trusted: its JWS and its claims.
    public struct Unverified: Sendable, Hashable {
        public let jws: CompactJWS
        public let claims: AppleIdentityClaims
    }

    /// Every step, in order; the claims of a token that passes them all.
    public static func verify(
        _ token: String, keySet: JSONWebKeySet, clientID: String, rawNonce: String?, now: Date
    ) throws(AppleIdentityTokenError) -> AppleIdentityClaims {
        let token = try read(token)
        try checkAlgorithm(of: token)
        try checkSignature(of: token, by: try signingKey(of: token, in: keySet))
        try checkIssuer(of: token.claims)
        try checkAudience(of: token.claims, clientID: clientID)
        try checkExpiry(of: token.claims, now: now)
        try checkNonce(of: token.claims, rawNonce: rawNonce)
        return token.claims
    }

    /// Reads a compact JWS whose payload has Apple's required claims (`iss`, `aud`, `exp`, `iat`, `sub`), with the
    /// JSON that RFC 7515 §4 and RFC 7519 §4 ask for: ``parse(_:)``, then ``checkUTF8(of:)`` and
    /// ``checkUniqueMemberNames(of:)``.
    public static func read(_ token: String) throws(AppleIdentityTokenError) -> Unverified {
        let token = try parse(token)
        try checkUTF8(of: token)
        try checkUniqueMemberNames(of: token)
        return token
    }

    /// The JWS and its claims as Foundation's decoders read them, which is not enough on its own: they take JSON in
    /// UTF-16 or UTF-32 too and keep the first of duplicate member names, so a verifier must also run the two JSON
    /// checks.
    public static func parse(_ token: String) throws(AppleIdentityTokenError) -> Unverified {
        let jws: CompactJWS
        do { jws = try CompactJWS(token) } catch { throw .init(.malformed, error.description) }
        guard let claims = AppleIdentityClaims(payload: jws.payload) else {
            throw .init(
                .malformed,
                "the payload lacks one of Apple's claims iss, aud, exp, iat, sub, or has one of the wrong type")
        }
        return Unverified(jws: jws, claims: claims)
    }

    /// The header and the payload are JSON text in UTF-8 (RFC 7515 §2 "JOSE Header", RFC 7519 §3, RFC 8259 §8.1): the
    /// same text in UTF-16, which Foundation's decoders read, or with a stray byte, is refused.
    public static func checkUTF8(of token: Unverified) throws(AppleIdentityTokenError) {
        for (part, bytes) in [("header", token.jws.rawHeader), ("payload", token.jws.payload)] {
            switch JOSEJSON.problem(in: bytes) {
            case .notUTF8?: throw .init(.malformed, "the \(part) is not UTF-8")
            case .malformed(let reason)?: throw .init(.malformed, "the \(part), read as UTF-8, is \(reason)")
            case .duplicateMemberName?, nil: continue
            }
        }
    }

    /// No object of the header or the payload names a member twice (RFC 7515 §4, RFC 7519 §4): a second `iss`, `exp`
    /// or `alg` would be read by one library and not by another.
    public static func checkUniqueMemberNames(of token: Unverified) throws(AppleIdentityTokenError) {
        for (part, bytes) in [("header", token.jws.rawHeader), ("payload", token.jws.payload)] {
            if case .duplicateMemberName(let name) = JOSEJSON.problem(in: bytes) {
                throw .init(.malformed, "the \(part) names the member \"\(name)\" twice")
            }
        }
    }

    /// The header names RS256. `alg` is case-sensitive (RFC 7515 §4.1.1): `NONE` or `rs256` are not `none` and
    /// RS256 but unknown algorithms, so they fail as a signature no published key made.
    public static func checkAlgorithm(of token: Unverified) throws(AppleIdentityTokenError) {
        switch token.jws.header.alg {
        case algorithm: return
        case "none": throw .init(.algNone, "the header says alg none: an unsigned token")
        case "HS256":
            throw .init(.algHS256, "the header says alg HS256: an HMAC, which anyone holding the public key can make")
        case let other: throw .init(.badSignature, "the header says alg \(other); Apple signs with RS256 only")
        }
    }

    /// The key of `keySet` the header's `kid` names; Apple publishes several and rotates them ("Fetch Apple's public
    /// key"), so the first key is not necessarily the one.
    public static func signingKey(
        of token: Unverified, in keySet: JSONWebKeySet
    ) throws(AppleIdentityTokenError) -> JSONWebKey {
        guard let kid = token.jws.header.kid else { throw .init(.unknownKey, "the header has no kid") }
        guard let key = keySet.key(withID: kid) else {
            throw .init(.unknownKey, "no key \"\(kid)\" among \(keySet.keys.map(\.kid))")
        }
        return key
    }

    /// The signature is an RS256 signature of the header and payload by `key`.
    public static func checkSignature(of token: Unverified, by key: JSONWebKey) throws(AppleIdentityTokenError) {
        guard token.jws.hasValidRS256Signature(by: key) else {
            throw .init(
                .badSignature,
                "the signature is not an RS256 signature by key \"\(key.kid)\" of this header and payload")
        }
    }

    /// `iss` is exactly `https://appleid.apple.com`, code point by code point (RFC 7519 §7.2, no normalisation):
    /// Swift's
    /// `==` would take canonically equivalent strings for equal.
    public static func checkIssuer(of claims: AppleIdentityClaims) throws(AppleIdentityTokenError) {
        guard sameCodePoints(claims.iss, AppleIdentityClaims.issuer) else {
            throw .init(.wrongIssuer, "iss is \"\(claims.iss)\", not \(AppleIdentityClaims.issuer)")
        }
    }

    /// `aud` is the app's client ID, or an array that contains it (OIDC Core §3.1.3.7 step 3), compared code point by
    /// code point: a client ID in another normal form (`K` as U+212A KELVIN SIGN, `é` decomposed) or with a
    /// compatibility character (fullwidth letters) is another audience.
    public static func checkAudience(of claims: AppleIdentityClaims, clientID: String) throws(AppleIdentityTokenError) {
        guard claims.aud.values.contains(where: { sameCodePoints($0, clientID) }) else {
            throw .init(
                .wrongAudience, "aud is \(claims.aud.values), which does not contain the client ID \"\(clientID)\"")
        }
    }

    /// Whether two strings are the same code points (StringOrURI comparison, RFC 7519 §2 and §7.2).
    public static func sameCodePoints(_ a: String, _ b: String) -> Bool {
        a.unicodeScalars.elementsEqual(b.unicodeScalars)
    }

    /// `now` is earlier than `exp` ("The value must be greater than the current date and time"): at `exp` itself
    /// the token has expired.
    public static func checkExpiry(of claims: AppleIdentityClaims, now: Date) throws(AppleIdentityTokenError) {
        guard now.timeIntervalSince1970 < Double(claims.exp) else {
            throw .init(.expired, "exp \(claims.exp) is not after now (\(now.timeIntervalSince1970))")
        }
    }

    /// The `nonce` claim is the lowercase SHA-256 hex of the raw nonce (Firebase's Apple guide). Both must be there:
    /// Firebase answers a missing one with `missingOrInvalidNonce` too. A claim equal to the raw nonce is told apart
    /// because it names the app's mistake: it sent Apple the raw nonce, not the hash.
    public static func checkNonce(of claims: AppleIdentityClaims, rawNonce: String?) throws(AppleIdentityTokenError) {
        guard let rawNonce, !rawNonce.isEmpty else {
            throw .init(.nonceMissing, "no raw nonce was given with the token")
        }
        guard let claim = claims.nonce, !claim.isEmpty else {
            throw .init(.nonceMissing, "the token has no nonce claim")
        }
        guard claim != rawNonce else {
            throw .init(.rawNonceInToken, "the nonce claim is the raw nonce, not its SHA-256 hex")
        }
        let expected = AppleNonce.sha256Hex(rawNonce)
        guard claim == expected else {
            throw .init(
                .nonceMismatch, "the nonce claim \"\(claim)\" is not the SHA-256 hex of the raw nonce, \(expected)")
        }
    }
}
