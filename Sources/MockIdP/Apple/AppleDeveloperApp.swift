import Crypto
import Foundation

/// An app registered for Sign in with Apple: its client ID and the Sign in with Apple key (`.p8`) its team made,
/// of which Apple keeps only the public half to check the app's `client_secret`.
public struct AppleDeveloperApp: Sendable {
    /// The bundle ID of a native app, or the Services ID of a web app: the identity token's `aud`.
    public let clientID: String
    /// The 10-character Team ID: the client secret's `iss`.
    public let teamID: String
    /// The 10-character Key ID: the client secret's header `kid`.
    public let keyID: String
    /// The public half of the key the app's server signs client secrets with.
    public var clientSecretKey: P256.Signing.PublicKey {
        // Made from its own raw representation: it cannot fail.
        try! P256.Signing.PublicKey(rawRepresentation: clientSecretKeyBytes)
    }
    /// Kept as bytes: swift-crypto's keys are `Sendable` only from its version 4.
    private let clientSecretKeyBytes: Data

    public init(clientID: String, teamID: String, keyID: String, clientSecretKey: P256.Signing.PublicKey) {
        self.clientID = clientID
        self.teamID = teamID
        self.keyID = keyID
        clientSecretKeyBytes = clientSecretKey.rawRepresentation
    }

    /// An app with a fresh P-256 key (cheap, unlike RSA), and the private key its server signs client secrets with.
    public static func make(
        clientID: String, teamID: String, keyID: String
    ) -> (app: AppleDeveloperApp, privateKey: P256.Signing.PrivateKey) {
        let privateKey = P256.Signing.PrivateKey()
        return (
            AppleDeveloperApp(clientID: clientID, teamID: teamID, keyID: keyID, clientSecretKey: privateKey.publicKey),
            privateKey
        )
    }

    /// A client secret as the app's server makes it: an ES256 JWT with this app's `kid`, `iss`, `sub` and Apple's
    /// `aud`.
    public func clientSecret(signedWith key: P256.Signing.PrivateKey, issuedAt: Int, expiresAt: Int) -> String {
        AppleClientSecretClaims(iss: teamID, iat: issuedAt, exp: expiresAt, sub: clientID).signed(kid: keyID, with: key)
    }
}

/// The payload of a Sign in with Apple `client_secret` ("Creating a client secret").
public struct AppleClientSecretClaims: Codable, Sendable, Hashable {
    public var iss: String
    public var iat: Int
    public var exp: Int
    public var aud: String
    public var sub: String

    public init(iss: String, iat: Int, exp: Int, aud: String = AppleIdentityClaims.issuer, sub: String) {
        self.iss = iss
        self.iat = iat
        self.exp = exp
        self.aud = aud
        self.sub = sub
    }

    /// The compact ES256 JWS of these claims under header `kid`.
    public func signed(kid: String, with key: P256.Signing.PrivateKey) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        do {
            return try CompactJWS.sign(
                header: JOSEHeader(alg: "ES256", kid: kid), payload: encoder.encode(self), with: .p256(key)
            ).compact
        } catch { fatalError("a P-256 key failed to sign a client secret: \(error)") }
    }
}
