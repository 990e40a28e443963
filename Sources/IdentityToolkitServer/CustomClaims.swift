import ConformanceKit
import Foundation

/// A user's custom claims, as production keeps them: set by the administrator (`accounts:update` with
/// `customAttributes`, the Admin SDKs' `setCustomUserClaims`), answered by `accounts:lookup` as `customAttributes`, and
/// carried at the top level of every ID token minted for the user from then on; a custom token's developer claims
/// (`claims`) are carried by the ID tokens of the session it starts
/// (https://firebase.google.com/docs/auth/admin/custom-claims). A claim may not use a name the ID token itself has.
enum CustomClaims {
    /// The names an ID token's own claims use (the Admin SDKs' `RESERVED_CLAIMS`).
    static let reserved: Set<String> = [
        "acr", "amr", "at_hash", "aud", "auth_time", "azp", "cnf", "c_hash", "exp", "firebase", "iat", "iss", "jti",
        "nbf", "nonce", "sub",
    ]
    /// The most `customAttributes` may hold, in bytes of its JSON (the Admin SDKs' limit, and production's).
    static let maximumBytes = 1000

    /// `customAttributes` read: an object of claims (an empty string or `{}` clears them); otherwise production's
    /// refusal (`INVALID_CLAIMS`, `CLAIMS_TOO_LARGE`, `FORBIDDEN_CLAIM`).
    static func parse(_ text: String) throws(AuthError) -> [String: FixtureValue] {
        guard !text.isEmpty else { return [:] }
        guard text.utf8.count <= maximumBytes else {
            throw AuthError(.internalError, "CLAIMS_TOO_LARGE : custom claims are at most \(maximumBytes) bytes")
        }
        guard case .object(let claims)? = FixtureValue(json: Data(text.utf8)) else {
            throw AuthError(.internalError, "INVALID_CLAIMS : customAttributes must be a JSON object")
        }
        if let reserved = claims.keys.sorted().first(where: reserved.contains) {
            throw AuthError(.internalError, "FORBIDDEN_CLAIM : \(reserved) is a reserved claim")
        }
        return claims
    }

    /// The claims as `customAttributes` answers them: their JSON text.
    static func text(_ claims: [String: FixtureValue]) -> String {
        String(decoding: FixtureValue.object(claims).encoded, as: UTF8.self)
    }
}
