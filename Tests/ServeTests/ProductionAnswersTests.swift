import Foundation
import Testing

/// Answers of the served server that a real SDK acts on, as production gives them: a disabled user's account call,
/// an enrollment on a session that has ended, and the administrator enabling a user who is not disabled.
@Suite("The served server answers disabled users, ended sessions and enabling as production does")
struct ProductionAnswersTests {
    static let admin = "/identitytoolkit.googleapis.com/v1/projects/demo-conformance"
    static let v1 = "/identitytoolkit.googleapis.com/v1"
    static let v2 = "/identitytoolkit.googleapis.com/v2"

    /// ada signed up with a password, her email verified by the administrator: her uid and first session.
    private func signUpAda(_ client: ServedClient) async throws -> (uid: String, idToken: String, refreshToken: String)
    {
        let signedUp = try await client.post(
            "\(Self.v1)/accounts:signUp?key=k",
            ["email": "ada@example.com", "password": "first-password", "returnSecureToken": true])
        let uid = try #require(signedUp.json?["localId"] as? String)
        let verified = try await client.post(
            "\(Self.admin)/accounts:update", ["localId": uid, "emailVerified": true], owner: true)
        #expect(verified.status == 200)
        let session = try await client.post(
            "\(Self.v1)/accounts:signInWithPassword?key=k",
            ["email": "ada@example.com", "password": "first-password", "returnSecureToken": true])
        return (
            uid, try #require(session.json?["idToken"] as? String),
            try #require(session.json?["refreshToken"] as? String)
        )
    }

    @Test("an account call by a disabled user answers USER_DISABLED, so an SDK's reload() signs the user out")
    func disabledUser() async throws {
        let server = try ServedServer()
        defer { server.http.stop() }
        let client = ServedClient(baseURL: server.baseURL)
        let ada = try await signUpAda(client)
        let disabled = try await client.post(
            "\(Self.admin)/accounts:update", ["localId": ada.uid, "disableUser": true], owner: true)
        #expect(disabled.status == 200)
        let legacy = "/www.googleapis.com/identitytoolkit/v3/relyingparty"
        let calls: [(String, [String: Any])] = [
            ("\(Self.v1)/accounts:lookup", ["idToken": ada.idToken]),
            ("\(legacy)/getAccountInfo", ["idToken": ada.idToken]),
            ("\(Self.v1)/accounts:update", ["idToken": ada.idToken, "displayName": "Ada"]),
            ("\(Self.v1)/accounts:update", ["idToken": ada.idToken, "password": "second-password"]),
            ("\(Self.v1)/accounts:update", ["idToken": ada.idToken, "email": "lovelace@example.com"]),
            ("\(Self.v1)/accounts:sendOobCode", ["idToken": ada.idToken, "requestType": "VERIFY_EMAIL"]),
            ("\(Self.v1)/accounts:delete", ["idToken": ada.idToken]),
            ("\(Self.v1)/accounts:signInWithPassword", ["email": "ada@example.com", "password": "first-password"]),
        ]
        try await client.expectEach(calls, refusedWith: "USER_DISABLED")
        #expect(try await client.refresh(ada.refreshToken).status == 400, "disabling ended the user's sessions")
    }

    @Test("enrollment calls on a session that has ended answer TOKEN_EXPIRED")
    func enrollmentOnEndedSession() async throws {
        let server = try ServedServer()
        defer { server.http.stop() }
        let client = ServedClient(baseURL: server.baseURL)
        let ada = try await signUpAda(client)
        let started = try await client.post(
            "\(Self.v2)/accounts/mfaEnrollment:start?key=k",
            ["idToken": ada.idToken, "phoneEnrollmentInfo": ["phoneNumber": "+16505550101"]])
        let sessionInfo = try #require(
            (started.json?["phoneSessionInfo"] as? [String: Any])?["sessionInfo"] as? String, "\(started)")
        // Production revokes by whole seconds: the revocation lies in a later second than the session.
        _ = try await client.send("POST", "/emulator/v1/projects/demo-conformance/clock:advance?seconds=1")
        let revoked = try await client.post(
            "\(Self.admin)/accounts:update",
            ["localId": ada.uid, "validSince": "\(Int(Date().timeIntervalSince1970))"], owner: true)
        #expect(revoked.status == 200)
        let enrollment = "\(Self.v2)/accounts/mfaEnrollment"
        let calls: [(String, [String: Any])] = [
            ("\(enrollment):start", ["idToken": ada.idToken, "phoneEnrollmentInfo": ["phoneNumber": "+16505550102"]]),
            (
                "\(enrollment):finalize",
                ["idToken": ada.idToken, "phoneVerificationInfo": ["sessionInfo": sessionInfo, "code": "000000"]]
            ), ("\(enrollment):withdraw", ["idToken": ada.idToken, "mfaEnrollmentId": "none"]),
        ]
        try await client.expectEach(calls, refusedWith: "TOKEN_EXPIRED")
    }

    @Test("the administrator enabling a user who is not disabled keeps the user's sessions")
    func enablingActiveUser() async throws {
        let server = try ServedServer()
        defer { server.http.stop() }
        let client = ServedClient(baseURL: server.baseURL)
        let ada = try await signUpAda(client)
        let enabled = try await client.post(
            "\(Self.admin)/accounts:update", ["localId": ada.uid, "disableUser": false], owner: true)
        #expect(enabled.status == 200)
        let refreshed = try await client.refresh(ada.refreshToken)
        #expect(refreshed.status == 200, "\(refreshed.json ?? [:])")
        let found = try await client.post("\(Self.v1)/accounts:lookup?key=k", ["idToken": ada.idToken])
        #expect(found.status == 200, "\(found.json ?? [:])")
    }
}
