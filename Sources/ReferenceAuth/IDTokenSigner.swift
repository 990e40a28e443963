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
        var firebase: Firebase

        struct Firebase: Codable, Sendable {
            var sign_in_provider: String
            var sign_in_second_factor: String?
        }
    }

    /// What verification checks: every check is on in a conforming backend.
    struct Checks: Sendable {
        var signature = true
        var expiry = true
        var audience = true
    }

    static let lifetime: TimeInterval = 3600

    let projectID: String
    /// The HMAC secret's bytes (swift-crypto's keys are `Sendable` only from its version 4).
    let secret: Data
    var key: SymmetricKey { SymmetricKey(data: secret) }
    var checks = Checks()

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
        uid: String, signInProvider: String, phoneNumber: String?, email: String?, authTime: Date,
        secondFactor: String?, at date: Date
    ) -> Claims {
        let issuedAt = Int(date.timeIntervalSince1970)
        return Claims(
            iss: "https://securetoken.google.com/\(projectID)", aud: projectID, sub: uid, iat: issuedAt,
            exp: issuedAt + Int(Self.lifetime), auth_time: Int(authTime.timeIntervalSince1970),
            phone_number: phoneNumber, email: email,
            firebase: .init(sign_in_provider: signInProvider, sign_in_second_factor: secondFactor))
    }

    func verify(_ token: String, at date: Date) throws(AuthError) -> (claims: IDTokenClaims, authTime: Date) {
        let parts = token.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3, let payload = Base64URL.decode(parts[1]),
            let claims = try? JSONDecoder().decode(Claims.self, from: payload),
            !checks.signature || isSigned(header: parts[0], payload: parts[1], signature: parts[2]),
            !checks.audience || (claims.aud == projectID && claims.iss == "https://securetoken.google.com/\(projectID)")
        else { throw AuthError(.invalidUserToken, "the ID token is not one this project signed") }
        guard !checks.expiry || Double(claims.exp) > date.timeIntervalSince1970 else {
            throw AuthError(.userTokenExpired, "the ID token has expired")
        }
        let verified = IDTokenClaims(
            uid: claims.sub, signInProvider: claims.firebase.sign_in_provider, phoneNumber: claims.phone_number,
            email: claims.email, issuedAt: Date(timeIntervalSince1970: Double(claims.iat)),
            expiresAt: Date(timeIntervalSince1970: Double(claims.exp)),
            secondFactor: claims.firebase.sign_in_second_factor)
        return (verified, Date(timeIntervalSince1970: Double(claims.auth_time)))
    }

    private func isSigned(header: Substring, payload: Substring, signature: Substring) -> Bool {
        // Only the canonical encoding: base64url's last character has bits no byte uses, which a changed
        // character can flip while the decoded signature stays the same.
        guard header == Self.encodedHeader, let decoded = Base64URL.decode(signature),
            Base64URL.encode(decoded) == signature
        else { return false }
        return HMAC<SHA256>.isValidAuthenticationCode(
            decoded, authenticating: Data("\(header).\(payload)".utf8), using: key)
    }

    private static let encodedHeader = Base64URL.encode(Array(#"{"alg":"HS256","typ":"JWT"}"#.utf8))

    private static func encode(_ claims: Claims) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        return Base64URL.encode(Array((try? encoder.encode(claims)) ?? Data()))
    }
}
