import Foundation

extension AppleIDProvider {
    /// Apple's checks of a `client_secret` ("Creating a client secret"): an ES256 JWT whose header `kid` is the
    /// app's Key ID, `iss` its Team ID, `sub` its client ID, `aud` `https://appleid.apple.com`, issued no later
    /// than now, not yet expired and expiring at most 15777000 s from now, signed by the app's registered key.
    /// Returns why it is refused, or nil when it is good.
    func clientSecretProblem(_ secret: String?, clientID: String?) -> String? {
        guard let clientID, let app = state.withLock({ $0.apps[clientID] }) else { return "unknown client_id" }
        guard let secret, !secret.isEmpty else { return "missing client_secret" }
        guard let jws = try? CompactJWS(secret) else { return "client_secret is not a JWT" }
        guard jws.header.alg == "ES256" else { return "client_secret alg \(jws.header.alg), not ES256" }
        guard jws.header.kid == app.keyID else { return "client_secret kid is not the app's key ID" }
        guard let claims = try? JSONDecoder().decode(ReadClaims.self, from: jws.payload) else {
            return "client_secret claims missing or malformed"
        }
        guard claims.iss == app.teamID else { return "client_secret iss is not the team ID" }
        guard claims.sub == clientID else { return "client_secret sub is not the client_id" }
        guard claims.aud.values.contains(AppleIdentityClaims.issuer) else {
            return "client_secret aud is not \(AppleIdentityClaims.issuer)"
        }
        let (iat, exp) = (claims.iat, claims.exp)
        let now = date.timeIntervalSince1970
        guard iat <= now else { return "client_secret issued in the future" }
        guard now < exp else { return "client_secret expired" }
        guard exp - now <= Double(Self.clientSecretMaximumLifetime) else {
            return "client_secret expires more than 15777000 s from now"
        }
        guard jws.hasValidES256Signature(by: app.clientSecretKey) else {
            return "client_secret signature does not verify"
        }
        return nil
    }

    /// The claims as Apple reads them: `aud` may be a string or an array, times may be fractional.
    private struct ReadClaims: Decodable {
        let iss: String
        let sub: String
        let aud: AppleIdentityClaims.Audience
        let iat: Double
        let exp: Double
    }
}
