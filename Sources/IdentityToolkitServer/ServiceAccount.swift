import ConformanceKit
import Crypto
import Foundation
import MockIdP
import _CryptoExtras

/// The service account of the served projects: the key an administrator's server signs custom tokens with, as a
/// Firebase project's `firebase-adminsdk` account does. `GET /emulator/v1/projects/{p}/serviceAccount` (with the
/// owner's token) answers it as Google issues one (a service-account JSON key file), so that an Admin SDK loads it
/// as its credential (`credentials.Certificate(…)`) and mints custom tokens that `signInWithCustomToken` takes. A
/// custom token is verified as production verifies it (https://firebase.google.com/docs/auth/admin/create-custom-
/// tokens#create_custom_tokens_using_a_third-party_jwt_library): RS256 under this key, `iss` and `sub` the account's
/// email, `aud` the Identity Toolkit's, a `uid`, at most an hour between `iat` and `exp`, and not expired. Anything
/// else, an unsigned token among them (what the Admin SDKs mint for the emulator), is `INVALID_CUSTOM_TOKEN`:
/// stricter than the emulator, which takes any.
enum ServiceAccount {
    /// Made once per process, as the ID tokens' key is: generating an RSA key per project would cost more than a run.
    static let key: _RSA.Signing.PrivateKey? = try? _RSA.Signing.PrivateKey(keySize: .bits2048)
    static let keyID = "conformance-serve-service-account-1"
    /// The audience of a custom token (the Admin SDKs' `FIREBASE_AUDIENCE`).
    static let audience = "https://identitytoolkit.googleapis.com/google.identity.identitytoolkit.v1.IdentityToolkit"

    static func email(projectID: String) -> String { "firebase-adminsdk@\(projectID).iam.gserviceaccount.com" }

    /// The service-account key file of `projectID`'s account.
    static func keyFile(projectID: String) -> FixtureValue? {
        guard let key else { return nil }
        return .object([
            "type": .string("service_account"), "project_id": .string(projectID), "private_key_id": .string(keyID),
            "private_key": .string(key.pkcs8PEMRepresentation + "\n"),
            "client_email": .string(email(projectID: projectID)), "client_id": .string("100000000000000000000"),
            "auth_uri": .string("https://accounts.google.com/o/oauth2/auth"),
            "token_uri": .string("https://oauth2.googleapis.com/token"),
        ])
    }

    /// What a verified custom token says.
    struct CustomToken {
        let uid: String
        let tenantID: String?
        /// The developer claims (`claims`), which the session's ID tokens carry.
        var claims: [String: FixtureValue] = [:]
    }

    /// `token` verified as `projectID`'s custom token at `now`.
    static func verify(_ token: String, projectID: String, now: Date) throws(AuthError) -> CustomToken {
        func refused(_ reason: String) -> AuthError { AuthError(.invalidCustomToken, reason) }
        let parts = CompactJWS.segments(of: token)
        guard parts.count == 3, let headerBytes = Base64URL.decode(parts[0]), let payload = Base64URL.decode(parts[1]),
            case .object(let header)? = FixtureValue(json: headerBytes),
            case .object(let claims)? = FixtureValue(json: payload)
        else { throw refused("Invalid assertion format") }
        guard header["alg"] == .string("RS256") else { throw refused("a custom token is signed with RS256") }
        guard let key, let signature = Base64URL.decode(parts[2]),
            key.publicKey.isValidSignature(
                _RSA.Signing.RSASignature(rawRepresentation: signature), for: Data("\(parts[0]).\(parts[1])".utf8),
                padding: .insecurePKCS1v1_5)
        else { throw refused("the custom token is not signed by the project's service account") }
        let email = email(projectID: projectID)
        guard claims["iss"] == .string(email), claims["sub"] == .string(email) else {
            throw refused("the custom token's iss and sub must be \(email)")
        }
        guard claims["aud"] == .string(audience) else { throw refused("the custom token's aud must be \(audience)") }
        guard case .string(let uid)? = claims["uid"], (1...128).contains(uid.count) else {
            throw refused("the custom token's uid must be a string of 1 to 128 characters")
        }
        guard case .number(let issuedAt)? = claims["iat"], case .number(let expiresAt)? = claims["exp"],
            expiresAt > issuedAt, expiresAt - issuedAt <= 3600
        else { throw refused("the custom token's iat and exp must be at most an hour apart") }
        let seconds = now.timeIntervalSince1970
        guard expiresAt > seconds, issuedAt <= seconds + 300 else {
            throw refused("TOKEN_EXPIRED : the custom token is not valid now")
        }
        var developerClaims: [String: FixtureValue] = [:]
        switch claims["claims"] {
        case nil, .null?: break
        case .object(let object)?:
            if let reserved = object.keys.sorted().first(where: CustomClaims.reserved.contains) {
                throw refused("the developer claim \(reserved) is reserved")
            }
            developerClaims = object
        default: throw refused("the custom token's claims must be an object")
        }
        switch claims["tenant_id"] {
        case nil, .null?: return CustomToken(uid: uid, tenantID: nil, claims: developerClaims)
        case .string(let tenantID)?: return CustomToken(uid: uid, tenantID: tenantID, claims: developerClaims)
        default: throw refused("the custom token's tenant_id must be a string")
        }
    }
}
