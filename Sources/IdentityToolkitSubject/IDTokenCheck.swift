import ConformanceKit
import Foundation
import MockIdP

/// Verifies an ID token as a relying party must (Firebase "Verify ID tokens"): three segments of canonical
/// base64url, a real signature algorithm (never `alg: none`, never an empty signature), with published keys an
/// RS256 signature by the key its `kid` names, `iss` and `aud` of this project, `exp` in the future in real time,
/// a subject; then the server itself must accept it (`accounts:lookup`: the user exists, the token is not revoked).
struct IDTokenCheck: Sendable {
    let projectID: String
    let http: IdentityToolkitHTTP
    let keys: PublishedKeys?

    private struct Header: Decodable {
        let alg: String?
        let kid: String?
    }

    private struct Claims: Decodable {
        let iss: String?
        let aud: String?
        let sub: String?
        let iat: Double?
        let exp: Double?
        let phone_number: String?
        let email: String?
        let firebase: Firebase?

        struct Firebase: Decodable {
            let sign_in_provider: String?
            let sign_in_second_factor: String?
        }
    }

    /// A segment's bytes when it is canonical base64url: the unused low bits of its last character are zero, so
    /// no other spelling of the same bytes passes.
    private static func canonical(_ segment: Substring) -> Data? {
        guard let data = Base64URL.decode(segment), Base64URL.encode(data) == segment else { return nil }
        return data
    }

    func verify(_ idToken: String) async throws(AuthError) -> IDTokenClaims {
        let parts = CompactJWS.segments(of: idToken)
        guard parts.count == 3, let headerData = Self.canonical(parts[0]), let payload = Self.canonical(parts[1]),
            let header = try? JSONDecoder().decode(Header.self, from: headerData),
            let claims = try? JSONDecoder().decode(Claims.self, from: payload)
        else {
            throw AuthError(.invalidUserToken, "the ID token is not a compact JWT (three base64url segments of JSON)")
        }
        guard let alg = header.alg, alg.lowercased() != "none", !parts[2].isEmpty, Self.canonical(parts[2]) != nil
        else {
            throw AuthError(
                .invalidUserToken,
                "the ID token is unsigned (alg \(header.alg ?? "missing")); a Firebase ID token is signed (RS256)")
        }
        if let keys {
            guard alg == "RS256", let kid = header.kid, let key = try await keys.key(kid) else {
                throw AuthError(
                    .invalidUserToken,
                    """
                    the ID token is not signed (RS256) by a key the server publishes (alg \(alg), kid \
                    \(header.kid ?? "missing"))
                    """)
            }
            guard let jws = try? CompactJWS(idToken), jws.hasValidRS256Signature(by: key) else {
                throw AuthError(
                    .invalidUserToken, "the ID token's signature does not verify with the published key \(kid)")
            }
        }
        guard claims.iss == "https://securetoken.google.com/\(projectID)", claims.aud == projectID else {
            throw AuthError(
                .invalidUserToken, "the ID token was issued for \(claims.aud ?? "no project"), not \(projectID)")
        }
        guard let sub = claims.sub, !sub.isEmpty, let exp = claims.exp, let iat = claims.iat else {
            throw AuthError(.invalidUserToken, "the ID token has no subject, expiry or issue time")
        }
        guard exp > http.serverNow.timeIntervalSince1970 else {
            throw AuthError(.userTokenExpired, "the ID token has expired")
        }
        let answer = try await http.post(.getAccountInfo, .object(["idToken": .string(idToken)]))
        guard answer["users"]?.arrayValue.first?["localId"]?.stringValue == sub else {
            throw AuthError(.invalidUserToken, "the server does not know the ID token's user")
        }
        return IDTokenClaims(
            uid: sub, signInProvider: claims.firebase?.sign_in_provider ?? "", phoneNumber: claims.phone_number,
            email: claims.email, issuedAt: http.clientDate(Date(timeIntervalSince1970: iat)),
            expiresAt: http.clientDate(Date(timeIntervalSince1970: exp)),
            secondFactor: claims.firebase?.sign_in_second_factor)
    }
}
