import Foundation
import HTTPMessages
import Testing

@Suite("The Admin SDKs' routes and the time control, served")
struct AdminAndClockTests {
    static let admin = "/identitytoolkit.googleapis.com/v1/projects/demo-conformance"
    static let it = "/identitytoolkit.googleapis.com/v1"

    @Test("create, look up, set a password, make a sign-in link, revoke, delete: with the owner's token only")
    func adminRoutes() async throws {
        let server = try ServedServer()
        defer { server.http.stop() }
        let client = ServedClient(baseURL: server.baseURL)
        let refused = try await client.post("\(Self.admin)/accounts", ["email": "ada@example.com"])
        #expect(refused.status == 403 && refused.json.isIdentityToolkitError)
        let created = try await client.post(
            "\(Self.admin)/accounts", ["email": "ada@example.com", "password": "first-password"], owner: true)
        let uid = try #require(created.json?["localId"] as? String)
        let found = try await client.post("\(Self.admin)/accounts:lookup", ["localId": [uid]], owner: true)
        #expect(((found.json?["users"] as? [[String: Any]])?.first?["email"] as? String) == "ada@example.com")
        let session = try await client.post(
            "\(Self.it)/accounts:signInWithPassword?key=k", ["email": "ada@example.com", "password": "first-password"])
        let refreshToken = try #require(session.json?["refreshToken"] as? String)
        // Sessions end by whole seconds, as production's validSince: the change lies in a later second.
        #expect(
            try await client.send("POST", "/emulator/v1/projects/demo-conformance/clock:advance?seconds=1").status
                == 200)
        #expect(
            try await client.post(
                "\(Self.admin)/accounts:update", ["localId": uid, "password": "second-password"], owner: true
            ).status == 200)
        let old = try await client.post(
            "\(Self.it)/accounts:signInWithPassword?key=k", ["email": "ada@example.com", "password": "first-password"])
        #expect(old.status == 400 && old.json.isIdentityToolkitError)
        let refreshed = try await client.send(
            "POST", "/securetoken.googleapis.com/v1/token?key=k",
            body: Data("grant_type=refresh_token&refresh_token=\(refreshToken)".utf8),
            headers: ["Content-Type": "application/x-www-form-urlencoded"])
        #expect(refreshed.status == 400, "a new password ends the user's other sessions")
        let link = try await client.post(
            "\(Self.admin)/accounts:sendOobCode",
            [
                "requestType": "EMAIL_SIGNIN", "email": "ada@example.com", "returnOobLink": true,
                "continueUrl": "https://demo-conformance.firebaseapp.com/done", "canHandleCodeInApp": true,
            ], owner: true)
        #expect((link.json?["oobLink"] as? String)?.contains("mode=signIn") == true, "\(String(describing: link.json))")
        #expect(
            try await client.post("\(Self.admin)/accounts:update", ["localId": uid, "validSince": "1"], owner: true)
                .status == 200)
        #expect(try await client.post("\(Self.admin)/accounts:delete", ["localId": uid], owner: true).status == 200)
        let gone = try await client.post("\(Self.admin)/accounts:lookup", ["localId": [uid]], owner: true)
        #expect(gone.status == 200 && gone.json?["users"] == nil)
    }

    @Test("a user's own new password advances validSince past the older ID tokens (the Admin SDKs' checkRevoked)")
    func passwordChangeAdvancesValidSince() async throws {
        let server = try ServedServer()
        defer { server.http.stop() }
        let client = ServedClient(baseURL: server.baseURL)
        let (uid, older, _) = try await Self.adaSignsUp(on: client)
        func validSince(at client: ServedClient) async throws -> Int? {
            (try await Self.administered(uid, on: client)?["validSince"] as? String).flatMap { Int($0) }
        }
        func issuedAt(_ token: String) throws -> Int {
            try #require(ClientSurfaceTests.payload(of: token)["iat"] as? Int)
        }
        // verifyIdToken(checkRevoked:) refuses a token when `iat` × 1000 < `validSince` × 1000.
        let before = try #require(try await validSince(at: client), "the password set at sign-up sets validSince")
        #expect(try issuedAt(older) >= before, "no change has ended a session yet")
        #expect(
            try await client.send("POST", "/emulator/v1/projects/demo-conformance/clock:advance?seconds=1").status
                == 200)
        let changed = try await client.post(
            "\(Self.it)/accounts:update?key=k", ["idToken": older, "password": "second-password"])
        #expect(changed.status == 200)
        let after = try #require(try await validSince(at: client), "the new password sets validSince")
        #expect(try issuedAt(older) < after, "the ID token from before the new password is revoked")
        let session = try await client.post(
            "\(Self.it)/accounts:signInWithPassword?key=k",
            ["email": "ada@example.com", "password": "second-password", "returnSecureToken": true])
        let newer = try #require(session.json?["idToken"] as? String)
        #expect(try issuedAt(newer) >= after, "an ID token from after it is not")
        let restarted = try ServedServer()
        defer { restarted.http.stop() }
        await restarted.backend.restore(await server.backend.lastingState())
        #expect(try await validSince(at: ServedClient(baseURL: restarted.baseURL)) == after, "it outlasts a restart")
    }

    @Test("both lookups answer passwordUpdatedAt, validSince and lastRefreshAt, and a refresh moves lastRefreshAt")
    func lookupTimes() async throws {
        let server = try ServedServer()
        defer { server.http.stop() }
        let client = ServedClient(baseURL: server.baseURL)
        let (uid, idToken, refreshToken) = try await Self.adaSignsUp(on: client)
        let own = try await client.post("\(Self.it)/accounts:lookup?key=k", ["idToken": idToken])
        let user = try #require((own.json?["users"] as? [[String: Any]])?.first)
        let createdAt = try #require((user["createdAt"] as? String).flatMap { Double($0) })
        // As the emulator answers them: milliseconds as a number, seconds as a string, RFC 3339.
        #expect(user["passwordUpdatedAt"] as? Double == createdAt, "the password was set at sign-up")
        #expect((user["validSince"] as? String).flatMap { Int($0) } == Int(createdAt / 1000))
        func milliseconds(_ text: Any?) throws -> Double {
            try #require((text as? String).flatMap(RFC3339.date)).timeIntervalSince1970 * 1000
        }
        #expect(abs(try milliseconds(user["lastRefreshAt"]) - createdAt) < 1, "the sign-up's tokens")
        #expect(
            try await client.send("POST", "/emulator/v1/projects/demo-conformance/clock:advance?seconds=5").status
                == 200)
        #expect(try await client.refresh(refreshToken).status == 200)
        let administered = try #require(try await Self.administered(uid, on: client))
        // The project's clock followed real time until the time control moved it on.
        #expect(try milliseconds(administered["lastRefreshAt"]) >= createdAt + 5000, "the refresh 5 s later")
        #expect(administered["passwordUpdatedAt"] as? Double == createdAt, "no new password since")
        let anonymous = try await client.post("\(Self.it)/accounts:signUp?key=k", ["returnSecureToken": true])
        let anonymousToken = try #require(anonymous.json?["idToken"] as? String)
        let nobody = try await client.post("\(Self.it)/accounts:lookup?key=k", ["idToken": anonymousToken])
        let withoutPassword = try #require((nobody.json?["users"] as? [[String: Any]])?.first)
        #expect(withoutPassword["passwordUpdatedAt"] == nil && withoutPassword["validSince"] == nil)
        #expect(withoutPassword["lastRefreshAt"] is String)
    }

    /// Ada signs up with a password: her user ID, ID token and refresh token.
    static func adaSignsUp(on client: ServedClient) async throws -> (uid: String, idToken: String, refreshToken: String)
    {
        let signedUp = try await client.post(
            "\(it)/accounts:signUp?key=k",
            ["email": "ada@example.com", "password": "first-password", "returnSecureToken": true])
        return (
            try #require(signedUp.json?["localId"] as? String), try #require(signedUp.json?["idToken"] as? String),
            try #require(signedUp.json?["refreshToken"] as? String)
        )
    }

    /// The user `uid` as the administrator's `accounts:lookup` answers it.
    static func administered(_ uid: String, on client: ServedClient) async throws -> [String: Any]? {
        let found = try await client.post("\(admin)/accounts:lookup", ["localId": [uid]], owner: true)
        return (found.json?["users"] as? [[String: Any]])?.first
    }

    @Test("clock:advance moves the project's clock: a code sent is refused once its lifetime has passed")
    func timeControl() async throws {
        let server = try ServedServer()
        defer { server.http.stop() }
        let client = ServedClient(baseURL: server.baseURL)
        let sent = try await client.post(
            "\(Self.it)/accounts:sendVerificationCode?key=k", ["phoneNumber": "+16505550101"])
        let sessionInfo = try #require(sent.json?["sessionInfo"] as? String)
        let codes = try await client.send("GET", "/emulator/v1/projects/demo-conformance/verificationCodes")
        let code = try #require(((codes.json?["verificationCodes"] as? [[String: Any]])?.last?["code"]) as? String)
        let advanced = try await client.post("/emulator/v1/projects/demo-conformance/clock:advance", ["seconds": 3600])
        #expect(advanced.status == 200 && advanced.json?["now"] is String)
        let late = try await client.post(
            "\(Self.it)/accounts:signInWithPhoneNumber?key=k", ["sessionInfo": sessionInfo, "code": code])
        #expect(
            late.status == 400 && late.json.errorMessage?.hasPrefix("SESSION_EXPIRED") == true,
            "\(String(describing: late.json))")
        let refused = try await client.post("/emulator/v1/projects/demo-conformance/clock:advance", ["seconds": -1])
        #expect(refused.status == 400 && refused.json.isIdentityToolkitError)
    }
}
