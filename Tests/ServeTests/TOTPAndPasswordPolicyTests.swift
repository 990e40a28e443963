import Crypto
import Foundation
import Testing

/// TOTP second factors and the password policy over HTTP, as the JS SDK's `TotpMultiFactorGenerator` and
/// `validatePassword` call them. The codes are made here from the secret the server handed out (RFC 6238), at the
/// time its clock answered.
@Suite("TOTP second factors and the password policy, served")
struct TOTPAndPasswordPolicyTests {
    static let v1 = "/identitytoolkit.googleapis.com/v1"
    static let v2 = "/identitytoolkit.googleapis.com/v2"
    static let hooks = "/emulator/v1/projects/demo-conformance"

    @Test("off until the config API enables it; then enrolled and signed in with codes on the server's clock")
    func totp() async throws {
        let server = try ServedServer()
        defer { server.http.stop() }
        let client = ServedClient(baseURL: server.baseURL)
        var ada = try await Self.verifiedUser(client)
        let off = try await client.post(
            "\(Self.v2)/accounts/mfaEnrollment:start?key=k", ["idToken": ada.idToken, "totpEnrollmentInfo": [:]])
        #expect(off.status == 400 && off.json.errorMessage == "OPERATION_NOT_ALLOWED : TOTP based MFA not enabled.")

        let enabled = try await client.send(
            "PATCH", "/v2/projects/demo-conformance/config?updateMask=mfa.providerConfigs",
            body: try JSONSerialization.data(withJSONObject: [
                "mfa": ["providerConfigs": [["state": "ENABLED", "totpProviderConfig": ["adjacentIntervals": 1]]]]
            ]), headers: ["Content-Type": "application/json", "Authorization": "Bearer owner"])
        #expect(enabled.status == 200, "\(enabled.json ?? [:])")
        ada = try await Self.verifiedUser(client)  // the change started the project afresh

        let started = try await client.post(
            "\(Self.v2)/accounts/mfaEnrollment:start?key=k", ["idToken": ada.idToken, "totpEnrollmentInfo": [:]])
        let info = try #require(started.json?["totpSessionInfo"] as? [String: Any], "\(started.json ?? [:])")
        #expect(info["hashingAlgorithm"] as? String == "SHA1" && info["verificationCodeLength"] as? Int == 6)
        #expect(info["periodSec"] as? Int == 30 && info["finalizeEnrollmentTime"] is String)
        let secret = try #require(Self.base32Decoded(info["sharedSecretKey"] as? String ?? ""))
        let sessionInfo = try #require(info["sessionInfo"] as? String)
        var now = try await Self.serverTime(client, advancingBy: 0)

        func finalize(_ code: String) async throws -> (status: Int, json: [String: Any]?) {
            try await client.post(
                "\(Self.v2)/accounts/mfaEnrollment:finalize?key=k",
                [
                    "idToken": ada.idToken, "displayName": "phone app",
                    "totpVerificationInfo": ["sessionInfo": sessionInfo, "verificationCode": code],
                ])
        }
        let late = try await finalize(Self.code(secret, at: now, intervalsLater: -2))
        #expect(late.status == 400 && late.json.errorMessage?.hasPrefix("INVALID_CODE") == true, "\(late.json ?? [:])")
        let enrolled = try await finalize(Self.code(secret, at: now, intervalsLater: -1))
        #expect(enrolled.status == 200 && enrolled.json?["idToken"] is String, "\(enrolled.json ?? [:])")

        let lookup = try await client.post(
            "\(Self.v1)/accounts:lookup?key=k", ["idToken": enrolled.json?["idToken"] as? String ?? ""])
        let factor = try #require(
            ((lookup.json?["users"] as? [[String: Any]])?.first?["mfaInfo"] as? [[String: Any]])?.first)
        #expect(factor["totpInfo"] is [String: Any] && factor["phoneInfo"] == nil && factor["displayName"] != nil)
        let enrollmentID = try #require(factor["mfaEnrollmentId"] as? String)

        let first = try await client.post(
            "\(Self.v1)/accounts:signInWithPassword?key=k", ["email": ada.email, "password": "first-password"])
        let pending = try #require(first.json?["mfaPendingCredential"] as? String, "\(first.json ?? [:])")
        let hint = (first.json?["mfaInfo"] as? [[String: Any]])?.first
        #expect(hint?["mfaEnrollmentId"] as? String == enrollmentID && hint?["totpInfo"] is [String: Any])

        let old = try Self.code(secret, at: now, intervalsLater: 0)
        now = try await Self.serverTime(client, advancingBy: 300)
        func resolve(
            _ code: String, enrollment: String = enrollmentID
        ) async throws -> (status: Int, json: [String: Any]?) {
            try await client.post(
                "\(Self.v2)/accounts/mfaSignIn:finalize?key=k",
                [
                    "mfaPendingCredential": pending, "mfaEnrollmentId": enrollment,
                    "totpVerificationInfo": ["verificationCode": code],
                ])
        }
        let stale = try await resolve(old)
        #expect(stale.status == 400 && stale.json.errorMessage?.hasPrefix("INVALID_CODE") == true, "the clock moved")
        let unknown = try await resolve(try Self.code(secret, at: now, intervalsLater: 0), enrollment: "nobody")
        #expect(unknown.json.errorMessage?.hasPrefix("MFA_ENROLLMENT_NOT_FOUND") == true, "\(unknown.json ?? [:])")
        let signedIn = try await resolve(try Self.code(secret, at: now, intervalsLater: 1))
        #expect(signedIn.status == 200 && signedIn.json?["idToken"] is String, "\(signedIn.json ?? [:])")
        let again = try await resolve(try Self.code(secret, at: now, intervalsLater: 0))
        #expect(again.status == 400, "a pending sign-in is used once")
    }

    @Test("GET v2/passwordPolicy: the default, a tenant's enforced policy, and sign-up and a new password refused")
    func passwordPolicy() async throws {
        let server = try ServedServer()
        defer { server.http.stop() }
        let client = ServedClient(baseURL: server.baseURL)
        let standard = try await client.send("GET", "\(Self.v2)/passwordPolicy?key=k")
        #expect(standard.status == 200 && standard.json?["enforcementState"] as? String == "OFF")
        #expect((standard.json?["customStrengthOptions"] as? [String: Any])?["minPasswordLength"] as? Int == 6)
        #expect(
            standard.json?["schemaVersion"] as? Int == 1 && standard.json?["allowedNonAlphanumericCharacters"] is [Any])
        let atRoot = try await client.send("GET", "/v2/passwordPolicy?key=k")
        #expect(
            atRoot.status == 200 && atRoot.json?["enforcementState"] as? String == "OFF", "v2 at Google's host root")
        let config = try await client.send(
            "GET", "/v2/projects/demo-conformance/config", headers: ["Authorization": "Bearer owner"])
        let configured = config.json?["passwordPolicyConfig"] as? [String: Any]
        #expect(
            configured?["passwordPolicyEnforcementState"] as? String == "OFF",
            "the administrator's config says what the clients' policy says: \(configured ?? [:])")

        let strict = try await client.send(
            "PATCH", "/v2/projects/demo-conformance/tenants/strict",
            body: try JSONSerialization.data(withJSONObject: [
                "passwordPolicyConfig": [
                    "passwordPolicyEnforcementState": "ENFORCE",
                    "passwordPolicyVersions": [
                        ["customStrengthOptions": ["minPasswordLength": 8, "containsUppercaseCharacter": true]]
                    ],
                ]
            ]), headers: ["Content-Type": "application/json", "Authorization": "Bearer owner"])
        #expect(strict.status == 200, "\(strict.json ?? [:])")
        let policy = try await client.send("GET", "\(Self.v2)/passwordPolicy?key=k&tenantId=strict")
        let options = policy.json?["customStrengthOptions"] as? [String: Any]
        #expect(policy.json?["enforcementState"] as? String == "ENFORCE" && options?["minPasswordLength"] as? Int == 8)
        #expect(options?["containsUppercaseCharacter"] as? Bool == true && options?["containsNumericCharacter"] == nil)

        let weak = try await client.post(
            "\(Self.v1)/accounts:signUp?key=k",
            ["email": "ada@example.com", "password": "lowercase-only", "tenantId": "strict"])
        #expect(
            weak.status == 400
                && weak.json.errorMessage?.hasPrefix("PASSWORD_DOES_NOT_MEET_REQUIREMENTS : Missing password") == true,
            "\(weak.json ?? [:])")
        let strong = try await client.post(
            "\(Self.v1)/accounts:signUp?key=k",
            ["email": "ada@example.com", "password": "Upper-and-long", "tenantId": "strict"])
        let idToken = try #require(strong.json?["idToken"] as? String, "\(strong.json ?? [:])")
        let short = try await client.post(
            "\(Self.v1)/accounts:update?key=k", ["idToken": idToken, "password": "Short"])
        #expect(
            short.json.errorMessage?.hasPrefix("PASSWORD_DOES_NOT_MEET_REQUIREMENTS") == true, "\(short.json ?? [:])")
        let outside = try await client.post(
            "\(Self.v1)/accounts:signUp?key=k", ["email": "ada@example.com", "password": "lowercase-only"])
        #expect(outside.status == 200, "the project itself configured no policy")
    }

    /// A password user with a verified email (MFA-1), and a session of it.
    static func verifiedUser(_ client: ServedClient) async throws -> (email: String, idToken: String) {
        let email = "ada@example.com"
        let created = try await client.post(
            "\(v1)/accounts:signUp?key=k", ["email": email, "password": "first-password"])
        let uid = try #require(created.json?["localId"] as? String, "\(created.json ?? [:])")
        let verified = try await client.post(
            "\(v1)/projects/demo-conformance/accounts:update", ["localId": uid, "emailVerified": true], owner: true)
        #expect(verified.status == 200)
        let session = try await client.post(
            "\(v1)/accounts:signInWithPassword?key=k", ["email": email, "password": "first-password"])
        return (email, try #require(session.json?["idToken"] as? String))
    }

    /// The project's time after moving its clock on (which also stops it following real time).
    static func serverTime(_ client: ServedClient, advancingBy seconds: Int) async throws -> Date {
        let answer = try await client.post("\(hooks)/clock:advance", ["seconds": seconds])
        let text = try #require(answer.json?["now"] as? String)
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return try #require(formatter.date(from: text), "\(text)")
    }

    /// RFC 6238's code (HMAC-SHA1, 30-second intervals, 6 digits) of the interval `intervals` after the one of `date`.
    static func code(_ secret: [UInt8], at date: Date, intervalsLater intervals: Int64) throws -> String {
        let counter = Int64(date.timeIntervalSince1970) / 30 + intervals
        let mac = Array(
            HMAC<Insecure.SHA1>.authenticationCode(
                for: withUnsafeBytes(of: UInt64(counter).bigEndian) { Array($0) }, using: SymmetricKey(data: secret)))
        let offset = Int(mac[19] & 0xf)
        let value = mac[offset..<offset + 4].reduce(UInt32(0)) { $0 << 8 | UInt32($1) } & 0x7fff_ffff
        return String(format: "%06u", value % 1_000_000)
    }

    /// RFC 4648 base32, upper case, without padding.
    static func base32Decoded(_ text: String) -> [UInt8]? {
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZ234567")
        var bytes: [UInt8] = []
        var buffer = 0
        var bits = 0
        for character in text where character != "=" {
            guard let value = alphabet.firstIndex(of: character) else { return nil }
            buffer = (buffer << 5 | value) & 0xffff
            bits += 5
            if bits >= 8 {
                bytes.append(UInt8((buffer >> (bits - 8)) & 0xff))
                bits -= 8
            }
        }
        return bytes.count == 20 ? bytes : nil
    }
}
