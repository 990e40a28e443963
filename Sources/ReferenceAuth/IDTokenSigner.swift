import ConformanceKit
import Crypto
import Foundation
import MockIdP

/// Issues and verifies the project's ID tokens: HS256 JWTs with the claims of a Firebase ID token.
struct IDTokenSigner: Sendable {
    struct Claims: Codable, Sendable {
        var iss: String
        var aud: String
        var sub: String
        var iat: Int
        var exp: Int
        var auth_time: Int
        var phone_number: String?
        var email: String?
        /// The claims production issues beside those a verification reads (https://firebase.google.com/docs/rules/
        /// rules-and-auth: `auth.token.email_verified`, `firebase.identities`; the Admin SDKs' `DecodedIdToken`):
        /// the uid again, whether the email is verified, and the profile.
        var user_id: String?
        var email_verified: Bool?
        var name: String?
        var picture: String?
        var firebase: Firebase

        struct Firebase: Codable, Sendable {
            var sign_in_provider: String
            var sign_in_second_factor: String?
            /// Each provider's identifiers of the user: `{"email": [...], "phone": [...], "github.com": [...]}`.
            var identities: [String: [String]]?
            /// The enrollment ID of the second factor that completed the sign-in, beside `sign_in_second_factor`, as
            /// the Admin SDKs' `DecodedIdToken` documents it (`firebase.second_factor_identifier`: "The ID of the
            /// second factor used to sign in, if any").
            var second_factor_identifier: String? = nil
        }
    }

    /// What verification checks: every check is on in a conforming backend.
    struct Checks: Sendable, Hashable {
        var signature = true
        var expiry = true
        var audience = true
        /// How base64url that is not canonical (RFC 4648 §3.5: the unused low bits of a segment's last character
        /// set) is read. Either way conforms: a non-canonical spelling of the genuine bytes is the genuine token.
        var nonCanonicalBase64URL = NonCanonicalBase64URL.refusedInSignature
    }

    /// How a verifier reads a segment whose last base64url character has unused bits set.
    enum NonCanonicalBase64URL: Sendable, Hashable {
        /// The signature must be spelt canonically; the header is compared as text.
        case refusedInSignature
        /// Every segment must be spelt canonically, checked before anything is decoded.
        case refusedInEverySegment
        /// Every segment is decoded leniently, unused bits ignored, as Foundation's base64 decoder reads it; the
        /// header is compared as the bytes it decodes to.
        case accepted
    }

    /// Firebase's ID tokens last an hour.
    static let firebaseLifetime: TimeInterval = 3600

    let projectID: String
    /// The HMAC secret's bytes (swift-crypto's keys are `Sendable` only from its version 4).
    let secret: Data
    var key: SymmetricKey { SymmetricKey(data: secret) }
    var checks = Checks()
    /// How long the tokens it signs last: Firebase's hour, or a test server's declared shorter lifetime.
    var lifetime = Self.firebaseLifetime
    /// Tokens already found signed, shared by the copies of this signer (each keyed by the checks it was read with).
    private let verified = VerifiedTokens()

    /// This signer with no check on: it takes any token's payload at its word.
    var trustingPayload: IDTokenSigner {
        var signer = self
        signer.checks = Checks(signature: false, expiry: false, audience: false)
        return signer
    }

    func sign(_ claims: Claims) -> String {
        let signingInput = Self.encodedHeader + "." + Self.encode(claims)
        let signature = HMAC<SHA256>.authenticationCode(for: Data(signingInput.utf8), using: key)
        return signingInput + "." + Base64URL.encode(Array(signature))
    }

    /// A token with no signature (`alg: none`), which no conforming backend issues.
    func unsigned(_ claims: Claims) -> String {
        Base64URL.encode(Array(#"{"alg":"none","typ":"JWT"}"#.utf8)) + "." + Self.encode(claims) + "."
    }

    func claims(
        uid: String, signInProvider: String, user: UserRecord?, authTime: Date, secondFactor: String?,
        secondFactorIdentifier: String? = nil, at date: Date
    ) -> Claims {
        let issuedAt = Int(date.timeIntervalSince1970)
        return Claims(
            iss: "https://securetoken.google.com/\(projectID)", aud: projectID, sub: uid, iat: issuedAt,
            exp: issuedAt + Int(lifetime), auth_time: Int(authTime.timeIntervalSince1970),
            phone_number: user?.phoneNumber, email: user?.email, user_id: uid,
            email_verified: user?.email == nil ? nil : user?.isEmailVerified, name: user?.displayName,
            picture: user?.photoURL?.absoluteString,
            firebase: .init(
                sign_in_provider: signInProvider, sign_in_second_factor: secondFactor,
                identities: user.map(Self.identities) ?? [:],
                second_factor_identifier: secondFactor == nil ? nil : secondFactorIdentifier))
    }

    /// `firebase.identities` as production writes it: the email and phone number under `email` and `phone`, each
    /// identity provider's user ID under its provider ID.
    private static func identities(of user: UserRecord) -> [String: [String]] {
        var identities = user.oauthIdentities.mapValues { [$0] }
        if let email = user.email, user.providers.contains(ProviderID.password) { identities["email"] = [email] }
        if let phoneNumber = user.phoneNumber { identities["phone"] = [phoneNumber] }
        return identities
    }

    /// The token's claims, when; its sign-in time; and the enrollment ID of its second factor, if any.
    func verify(
        _ token: String, at date: Date
    ) throws(AuthError) -> (claims: IDTokenClaims, authTime: Date, secondFactorIdentifier: String?) {
        let claims = try signedClaims(of: token)
        guard !checks.expiry || Double(claims.exp) > date.timeIntervalSince1970 else {
            throw AuthError(.userTokenExpired, "the ID token has expired")
        }
        let verified = IDTokenClaims(
            uid: claims.sub, signInProvider: claims.firebase.sign_in_provider, phoneNumber: claims.phone_number,
            email: claims.email, issuedAt: Date(timeIntervalSince1970: Double(claims.iat)),
            expiresAt: Date(timeIntervalSince1970: Double(claims.exp)),
            secondFactor: claims.firebase.sign_in_second_factor)
        return (
            verified, Date(timeIntervalSince1970: Double(claims.auth_time)), claims.firebase.second_factor_identifier
        )
    }

    /// The claims of `token` if this project signed it, as ``checks`` read it; its expiry is the caller's to judge.
    /// Worked out once per token and checks: a session's token is verified at every call that carries it, and the
    /// answer for the same bytes, key and checks is always the same.
    private func signedClaims(of token: String) throws(AuthError) -> Claims {
        let key = VerifiedTokens.Key(token: token, checks: checks)
        if let claims = verified.claims(for: key) { return claims }
        let parts = CompactJWS.segments(of: token)
        guard checks.nonCanonicalBase64URL != .refusedInEverySegment || parts.allSatisfy(Self.isCanonical) else {
            throw AuthError(.invalidUserToken, "the ID token is not canonical base64url")
        }
        // The signature first: a forgery fails there, before its payload is read.
        guard parts.count == 3, !checks.signature || isSigned(header: parts[0], payload: parts[1], signature: parts[2]),
            let payload = Base64URL.decode(parts[1]), let claims = Self.decode(payload),
            !checks.audience || (claims.aud == projectID && claims.iss == "https://securetoken.google.com/\(projectID)")
        else { throw AuthError(.invalidUserToken, "the ID token is not one this project signed") }
        verified.remember(claims, for: key)
        return claims
    }

    private func isSigned(header: Substring, payload: Substring, signature: Substring) -> Bool {
        let decoded: Data
        if checks.nonCanonicalBase64URL == .accepted {
            // Read as the bytes they stand for, whatever the unused bits of their last character.
            guard Base64URL.decodeLeniently(header) == Base64URL.decode(Self.encodedHeader),
                let lenient = Base64URL.decodeLeniently(signature)
            else { return false }
            decoded = lenient
        } else {
            // Only the canonical encoding: base64url's last character has bits no byte uses, which a changed
            // character can flip while the decoded signature stays the same.
            guard header == Self.encodedHeader, let strict = Self.canonicallyDecoded(signature) else { return false }
            decoded = strict
        }
        return HMAC<SHA256>.isValidAuthenticationCode(
            decoded, authenticating: Data("\(header).\(payload)".utf8), using: key)
    }

    /// The bytes of `segment` if it is canonical base64url (it decodes, and encoding its bytes gives it back), or nil.
    private static func canonicallyDecoded(_ segment: Substring) -> Data? {
        Base64URL.decode(segment).flatMap { Base64URL.encode($0) == segment ? $0 : nil }
    }

    private static func isCanonical(_ segment: Substring) -> Bool { canonicallyDecoded(segment) != nil }

    private static let encodedHeader = Base64URL.encode(Array(#"{"alg":"HS256","typ":"JWT"}"#.utf8))

    /// The claims of a token's payload, as `JSONDecoder` reads them into ``Claims`` (the names and types of its
    /// members, absent or `null` optionals, whole-number times; any other member ignored), or nil where it would
    /// throw: read through ``FixtureValue``, as `JSONDecoder` was most of a verification's cost in a debug build.
    static func decode(_ payload: Data) -> Claims? {
        guard let json = FixtureValue(json: payload), case .object = json, let firebase = json["firebase"],
            case .object = firebase, let iss = string(json["iss"]), let aud = string(json["aud"]),
            let sub = string(json["sub"]), let iat = whole(json["iat"]), let exp = whole(json["exp"]),
            let authTime = whole(json["auth_time"]), let phone = optional(json["phone_number"]),
            let email = optional(json["email"]), let provider = string(firebase["sign_in_provider"]),
            let secondFactor = optional(firebase["sign_in_second_factor"]), let userID = optional(json["user_id"]),
            let name = optional(json["name"]), let picture = optional(json["picture"]),
            let verified = optionalBool(json["email_verified"]), let identities = identities(firebase["identities"]),
            let factorID = optional(firebase["second_factor_identifier"])
        else { return nil }
        return Claims(
            iss: iss, aud: aud, sub: sub, iat: iat, exp: exp, auth_time: authTime, phone_number: phone, email: email,
            user_id: userID, email_verified: verified, name: name, picture: picture,
            firebase: .init(
                sign_in_provider: provider, sign_in_second_factor: secondFactor, identities: identities,
                second_factor_identifier: factorID))
    }

    /// An optional boolean member: `.some(nil)` when absent or `null`, nil when of another type.
    private static func optionalBool(_ value: FixtureValue?) -> Bool?? {
        switch value {
        case nil, .null?: .some(nil)
        case .bool(let bool)?: .some(bool)
        default: nil
        }
    }

    /// `firebase.identities`: `.some(nil)` when absent or `null`, nil when not an object of string lists.
    private static func identities(_ value: FixtureValue?) -> [String: [String]]?? {
        switch value {
        case nil, .null?: return .some(nil)
        case .object(let providers)?:
            var identities: [String: [String]] = [:]
            for (provider, ids) in providers {
                guard case .array(let values) = ids else { return nil }
                var strings: [String] = []
                for value in values {
                    guard case .string(let text) = value else { return nil }
                    strings.append(text)
                }
                identities[provider] = strings
            }
            return .some(identities)
        default: return nil
        }
    }

    private static func string(_ value: FixtureValue?) -> String? {
        if case .string(let text) = value { return text }
        return nil
    }

    private static func whole(_ value: FixtureValue?) -> Int? {
        guard case .number(let number) = value, number.rounded() == number, abs(number) < 0x1p63 else { return nil }
        return Int(number)
    }

    /// An optional string member: `.some(nil)` when absent or `null`, nil when of another type.
    private static func optional(_ value: FixtureValue?) -> String?? {
        switch value {
        case nil, .null?: .some(nil)
        case .string(let text)?: .some(text)
        default: nil
        }
    }

    /// The claims as JSON, members in key order and absent ones left out: the bytes `JSONEncoder` writes with
    /// `.sortedKeys`, written by ``FixtureValue/encoded``, which costs far less in the debug builds `swift test` makes.
    /// The times are whole seconds since 1970, exact as a `Double`.
    static func encode(_ claims: Claims) -> String {
        let firebase = FixtureValue.fields([
            "sign_in_provider": .string(claims.firebase.sign_in_provider),
            "sign_in_second_factor": .text(claims.firebase.sign_in_second_factor),
            "second_factor_identifier": .text(claims.firebase.second_factor_identifier),
            "identities": claims.firebase.identities.map {
                .object($0.mapValues { .array($0.map(FixtureValue.string)) })
            },
        ])
        let json = FixtureValue.fields([
            "iss": .string(claims.iss), "aud": .string(claims.aud), "sub": .string(claims.sub),
            "iat": .number(Double(claims.iat)), "exp": .number(Double(claims.exp)),
            "auth_time": .number(Double(claims.auth_time)), "phone_number": .text(claims.phone_number),
            "email": .text(claims.email), "user_id": .text(claims.user_id),
            "email_verified": claims.email_verified.map(FixtureValue.bool), "name": .text(claims.name),
            "picture": .text(claims.picture), "firebase": firebase,
        ])
        return Base64URL.encode(json.encoded)
    }
}
