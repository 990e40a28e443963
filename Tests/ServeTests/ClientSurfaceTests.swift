import Crypto
import Foundation
import MockIdP
import Testing
import _CryptoExtras

/// The calls around the flows that the Firebase SDKs make, over loopback, answered as production answers them: tenants
/// taken from the token, custom tokens of the project's service account, ID tokens' claims, an email change.
@Suite("The served server's client surface, as production answers it")
struct ClientSurfaceTests {
    static let v1 = "/identitytoolkit.googleapis.com/v1"

    static func payload(of token: String) throws -> [String: Any] {
        let parts = token.split(separator: ".")
        let bytes = try #require(parts.count == 3 ? Base64URL.decode(parts[1]) : nil)
        return try #require((try? JSONSerialization.jsonObject(with: bytes)) as? [String: Any])
    }

    @Test("a tenant's tokens reach the tenant without tenantId, name it, and a contradicting tenantId is refused")
    func tenantFromToken() async throws {
        let server = try ServedServer()
        defer { server.http.stop() }
        let client = ServedClient(baseURL: server.baseURL)
        let signUp = try await client.post(
            "\(Self.v1)/accounts:signUp?key=k",
            ["email": "ada@example.com", "password": "a-password", "tenantId": "tenant-a", "returnSecureToken": true])
        let idToken = try #require(signUp.json?["idToken"] as? String)
        let refreshToken = try #require(signUp.json?["refreshToken"] as? String)
        let firebase = try Self.payload(of: idToken)["firebase"] as? [String: Any]
        #expect(firebase?["tenant"] as? String == "tenant-a", "the ID token names its tenant (firebase.tenant)")
        // The iOS and JS SDKs send getAccountInfo with the token alone.
        let lookup = try await client.post("\(Self.v1)/accounts:lookup?key=k", ["idToken": idToken])
        #expect(lookup.status == 200)
        #expect(((lookup.json?["users"] as? [[String: Any]])?.first?["email"] as? String) == "ada@example.com")
        // The same address in the project itself is another account: the lookup reached the tenant.
        let project = try await client.post(
            "\(Self.v1)/accounts:signUp?key=k", ["email": "ada@example.com", "password": "b-password"])
        #expect(project.status == 200, "the project has no ada@example.com of its own")
        let refresh = try await client.refresh(refreshToken)
        #expect(refresh.status == 200, "the refresh with the refresh token alone reaches the tenant")
        let refreshed = try #require(refresh.json?["id_token"] as? String)
        #expect((try Self.payload(of: refreshed)["firebase"] as? [String: Any])?["tenant"] as? String == "tenant-a")
        let mismatch = try await client.post(
            "\(Self.v1)/accounts:lookup?key=k", ["idToken": idToken, "tenantId": "tenant-b"])
        #expect(mismatch.status == 400 && mismatch.json.errorMessage?.hasPrefix("TENANT_ID_MISMATCH") == true)
    }

    @Test("ID tokens carry production's claims: user_id, email_verified, auth_time, firebase.identities")
    func idTokenClaims() async throws {
        let server = try ServedServer()
        defer { server.http.stop() }
        let signUp = try await ServedClient(baseURL: server.baseURL).post(
            "\(Self.v1)/accounts:signUp?key=k", ["email": "ada@example.com", "password": "a-password"])
        let claims = try Self.payload(of: try #require(signUp.json?["idToken"] as? String))
        #expect(claims["user_id"] as? String == claims["sub"] as? String)
        #expect(claims["email_verified"] as? Bool == false)
        #expect(claims["auth_time"] is Int)
        let firebase = claims["firebase"] as? [String: Any]
        #expect((firebase?["identities"] as? [String: [String]]) == ["email": ["ada@example.com"]])
        #expect(firebase?["sign_in_provider"] as? String == "password")
    }

    /// A custom token signed with `key` for the served project.
    static func customToken(
        uid: String, keyFile: [String: Any], key: _RSA.Signing.PrivateKey, audience: String? = nil
    ) throws -> String {
        let email = try #require(keyFile["client_email"] as? String)
        let now = Int(Date().timeIntervalSince1970)
        let header = Base64URL.encode(Array(#"{"alg":"RS256","typ":"JWT"}"#.utf8))
        let claims: [String: Any] = [
            "iss": email, "sub": email, "uid": uid, "iat": now, "exp": now + 3600,
            "aud": audience
                ?? "https://identitytoolkit.googleapis.com/google.identity.identitytoolkit.v1.IdentityToolkit",
        ]
        let payload = Base64URL.encode(try JSONSerialization.data(withJSONObject: claims, options: .sortedKeys))
        let signature = try key.signature(for: Data("\(header).\(payload)".utf8), padding: .insecurePKCS1v1_5)
        return "\(header).\(payload).\(Base64URL.encode(signature.rawRepresentation))"
    }

    @Test("a custom token the project's service account signed signs its uid in; any other is INVALID_CUSTOM_TOKEN")
    func customTokens() async throws {
        let server = try ServedServer()
        defer { server.http.stop() }
        let client = ServedClient(baseURL: server.baseURL)
        let keyFile = try await client.send(
            "GET", "/emulator/v1/projects/demo-conformance/serviceAccount", headers: ["Authorization": "Bearer owner"])
        let file = try #require(keyFile.json)
        let key = try _RSA.Signing.PrivateKey(pemRepresentation: try #require(file["private_key"] as? String))
        let signIn = try await client.post(
            "\(Self.v1)/accounts:signInWithCustomToken?key=k",
            ["token": try Self.customToken(uid: "custom-1", keyFile: file, key: key), "returnSecureToken": true])
        // Production's answer (SignInWithCustomTokenResponse) names no localId: the ID token names the user.
        #expect(signIn.status == 200 && signIn.json?["localId"] == nil)
        #expect(
            Set(signIn.json?.keys.map { $0 } ?? []) == ["kind", "idToken", "refreshToken", "expiresIn", "isNewUser"])
        let claims = try Self.payload(of: try #require(signIn.json?["idToken"] as? String))
        #expect(claims["user_id"] as? String == "custom-1")
        #expect((claims["firebase"] as? [String: Any])?["sign_in_provider"] as? String == "custom")
        let otherKey = try _RSA.Signing.PrivateKey(keySize: .bits2048)
        for (token, what) in [
            (try Self.customToken(uid: "custom-2", keyFile: file, key: otherKey), "another key"),
            (try Self.customToken(uid: "custom-2", keyFile: file, key: key, audience: "https://example.com"), "aud"),
            ("not-a-jwt", "garbage"),
        ] {
            let refused = try await client.post(
                "\(Self.v1)/accounts:signInWithCustomToken?key=k", ["token": token, "returnSecureToken": true])
            #expect(refused.status == 400, "\(what)")
            #expect(refused.json.errorMessage?.hasPrefix("INVALID_CUSTOM_TOKEN") == true, "\(what)")
        }
        let unowned = try await client.send("GET", "/emulator/v1/projects/demo-conformance/serviceAccount")
        #expect(unowned.status == 403, "the key file is the owner's")
    }

    @Test(
        "custom claims: the administrator's customAttributes are answered by the lookup and carried by the next token")
    func customClaims() async throws {
        let server = try ServedServer()
        defer { server.http.stop() }
        let client = ServedClient(baseURL: server.baseURL)
        let signUp = try await client.post(
            "\(Self.v1)/accounts:signUp?key=k", ["email": "ada@example.com", "password": "a-password"])
        let uid = try #require(signUp.json?["localId"] as? String)
        let refreshToken = try #require(signUp.json?["refreshToken"] as? String)
        let set = try await client.post(
            "\(Self.v1)/projects/demo-conformance/accounts:update",
            ["localId": uid, "customAttributes": #"{"admin": true, "plan": "gold"}"#], owner: true)
        #expect(set.status == 200)
        let reserved = try await client.post(
            "\(Self.v1)/projects/demo-conformance/accounts:update",
            ["localId": uid, "customAttributes": #"{"sub": 1}"#], owner: true)
        #expect(reserved.status == 400 && reserved.json.errorMessage?.hasPrefix("FORBIDDEN_CLAIM") == true)
        let refresh = try await client.refresh(refreshToken)
        let idToken = try #require(refresh.json?["id_token"] as? String)
        let claims = try Self.payload(of: idToken)
        #expect(claims["admin"] as? Bool == true && claims["plan"] as? String == "gold")
        let lookup = try await client.post("\(Self.v1)/accounts:lookup?key=k", ["idToken": idToken])
        let attributes = (lookup.json?["users"] as? [[String: Any]])?.first?["customAttributes"] as? String
        #expect(attributes == #"{"admin":true,"plan":"gold"}"#)
    }

    @Test("email enumeration protection set in the config API: an unknown email and a wrong password answer alike")
    func emailEnumerationProtection() async throws {
        let server = try ServedServer()
        defer { server.http.stop() }
        let client = ServedClient(baseURL: server.baseURL)
        func signIn(_ email: String, _ password: String) async throws -> String? {
            try await client.post(
                "\(Self.v1)/accounts:signInWithPassword?key=k", ["email": email, "password": password]
            ).json.errorMessage?.split(separator: " ").first.map(String.init)
        }
        #expect(try await signIn("nobody@example.com", "a-password") == "EMAIL_NOT_FOUND")
        let patched = try await client.send(
            "PATCH", "/v2/projects/demo-conformance/config?updateMask=emailPrivacyConfig.enableImprovedEmailPrivacy",
            body: Data(#"{"emailPrivacyConfig": {"enableImprovedEmailPrivacy": true}}"#.utf8),
            headers: ["Content-Type": "application/json", "Authorization": "Bearer owner"])
        #expect(patched.status == 200)
        #expect((patched.json?["emailPrivacyConfig"] as? [String: Any])?["enableImprovedEmailPrivacy"] as? Bool == true)
        let signUp = try await client.post(
            "\(Self.v1)/accounts:signUp?key=k", ["email": "ada@example.com", "password": "a-password"])
        #expect(signUp.status == 200)
        #expect(try await signIn("nobody@example.com", "a-password") == "INVALID_LOGIN_CREDENTIALS")
        #expect(try await signIn("ada@example.com", "not-the-password") == "INVALID_LOGIN_CREDENTIALS")
        #expect(try await signIn("ada@example.com", "a-password") == nil)
    }

    @Test("an email change applied (VERIFY_AND_CHANGE_EMAIL) makes the new address the user's and ends its sessions")
    func emailChange() async throws {
        let server = try ServedServer()
        defer { server.http.stop() }
        let client = ServedClient(baseURL: server.baseURL)
        let signUp = try await client.post(
            "\(Self.v1)/accounts:signUp?key=caller-key", ["email": "ada@example.com", "password": "a-password"])
        let idToken = try #require(signUp.json?["idToken"] as? String)
        let refreshToken = try #require(signUp.json?["refreshToken"] as? String)
        let sent = try await client.post(
            "\(Self.v1)/accounts:sendOobCode?key=caller-key",
            ["requestType": "VERIFY_AND_CHANGE_EMAIL", "idToken": idToken, "newEmail": "ada@example.org"])
        #expect(sent.status == 200 && sent.json?["email"] as? String == "ada@example.com")
        let outbox = try await client.send("GET", "/emulator/v1/projects/demo-conformance/oobCodes")
        let entry = try #require((outbox.json?["oobCodes"] as? [[String: Any]])?.last)
        #expect(
            entry["requestType"] as? String == "VERIFY_AND_CHANGE_EMAIL"
                && entry["email"] as? String == "ada@example.org")
        #expect(
            (entry["oobLink"] as? String)?.contains("apiKey=caller-key") == true, "the link carries the caller's key")
        let code = try #require(entry["oobCode"] as? String)
        let checked = try await client.post("\(Self.v1)/accounts:resetPassword?key=k", ["oobCode": code])
        #expect(checked.json?["requestType"] as? String == "VERIFY_AND_CHANGE_EMAIL")
        #expect(checked.json?["newEmail"] as? String == "ada@example.org")
        // Sessions end by whole seconds, as production's `validSince`: one begun in the second of the change survives.
        let advanced = try await client.post("/emulator/v1/projects/demo-conformance/clock:advance", ["seconds": 1])
        #expect(advanced.status == 200)
        let applied = try await client.post("\(Self.v1)/accounts:update?key=k", ["oobCode": code])
        #expect(applied.status == 200 && applied.json?["email"] as? String == "ada@example.org")
        let refresh = try await client.refresh(refreshToken)
        #expect(refresh.status == 400, "the session from before the email change ends (AUTH-7)")
        let again = try await client.post("\(Self.v1)/accounts:update?key=k", ["oobCode": code])
        #expect(again.status == 400 && again.json.errorMessage?.hasPrefix("INVALID_OOB_CODE") == true)
    }
}
