import Crypto
import Foundation
import MockIdP

/// A world with one app registered for Sign in with Apple and two Apple IDs, and helpers for the sheet and the REST
/// API.
struct AppleFixture {
    static let clientID = "com.example.app"
    static let teamID = "TEAM123456"
    static let keyID = "KEY1234567"
    static let alice = AppleIDAccount(
        id: "001234.alice.0042", email: "alice@icloud.com", givenName: "Alice", familyName: "Appleseed")
    static let bob = AppleIDAccount(
        id: "005678.bob.0007", email: "bob@me.com", givenName: "Bob", familyName: nil, realUserStatus: 1,
        claimsAsStrings: true)

    let world = World()
    let app: AppleDeveloperApp
    /// The key's bytes: swift-crypto's keys are `Sendable` only from its version 4, and CI builds at 3.
    private let privateKeyBytes: Data
    var privateKey: P256.Signing.PrivateKey { try! P256.Signing.PrivateKey(rawRepresentation: privateKeyBytes) }

    init() {
        let (app, privateKey) = AppleDeveloperApp.make(clientID: Self.clientID, teamID: Self.teamID, keyID: Self.keyID)
        self.app = app
        privateKeyBytes = privateKey.rawRepresentation
        world.apple.register(app: app)
        world.apple.add(user: Self.alice)
        world.apple.add(user: Self.bob)
    }

    var now: Int { Int(world.clock.date.timeIntervalSince1970) }

    /// A client secret good for a day, or one with the claims and key the caller spoils.
    func secret(
        kid: String = keyID, iss: String = teamID, sub: String = clientID, aud: String = AppleIdentityClaims.issuer,
        iat: Int? = nil, exp: Int? = nil, key: P256.Signing.PrivateKey? = nil
    ) -> String {
        AppleClientSecretClaims(iss: iss, iat: iat ?? now, exp: exp ?? now + 86_400, aud: aud, sub: sub).signed(
            kid: kid, with: key ?? privateKey)
    }

    /// The sheet approved as `user` (scripted first).
    func authorize(
        _ user: AppleIDAccount = alice, email: AppleEmailChoice = .share, nonce: String? = "n0nce-hash",
        scopes: [AppleScope] = [.fullName, .email], clientID: String = clientID
    ) async throws -> AppleAuthorization {
        world.apple.script(.approve(userID: user.id, email: email))
        let request = AppleAuthorizationRequest(clientID: clientID, requestedScopes: scopes, nonce: nonce, state: "st")
        return try await world.apple.authorize(request, on: .primary).get()
    }

    func post(_ path: String, _ fields: [(String, String)]) async -> HTTPResponse {
        await world.apple.handle(HTTPRequest.form(URL(string: "https://appleid.apple.com/" + path)!, fields))
    }

    func exchange(_ code: String, secret: String? = nil, extra: [(String, String)] = []) async -> HTTPResponse {
        await post(
            "auth/token",
            [
                ("client_id", Self.clientID), ("client_secret", secret ?? self.secret()), ("code", code),
                ("grant_type", "authorization_code"),
            ] + extra)
    }

    func refresh(_ token: String) async -> HTTPResponse {
        await post(
            "auth/token",
            [
                ("client_id", Self.clientID), ("client_secret", secret()), ("refresh_token", token),
                ("grant_type", "refresh_token"),
            ])
    }

    func revoke(_ token: String, hint: String = "refresh_token", secret: String? = nil) async -> HTTPResponse {
        await post(
            "auth/revoke",
            [
                ("client_id", Self.clientID), ("client_secret", secret ?? self.secret()), ("token", token),
                ("token_type_hint", hint),
            ])
    }

    static func claims(of token: String) throws -> AppleIdentityClaims {
        guard let claims = AppleIdentityClaims(payload: try CompactJWS(token).payload) else {
            throw JOSEError.malformed("not Apple claims")
        }
        return claims
    }

    /// Whether `token` is an RS256 token whose `kid` names a key of the published set that verifies it.
    func verifies(_ token: String) throws -> Bool {
        let jws = try CompactJWS(token)
        guard jws.header.alg == "RS256", let kid = jws.header.kid, let key = world.apple.publishedKeys.key(withID: kid)
        else { return false }
        return jws.hasValidRS256Signature(by: key)
    }
}

extension HTTPResponse { var error: String? { jsonObject?["error"] as? String } }
