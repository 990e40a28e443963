import Foundation
import MockIdP

/// The steps of a check at the server's door (``IdentityToolkitDoor``): raw requests a hostile client sends, judged by
/// the HTTP status and the session the answer hands out, never through the suite's own client.
extension CheckContext {
    /// The backend's raw door; a backend that does not offer it makes the check not applicable.
    package func door(of backend: any AuthBackend) throws -> any IdentityToolkitDoor {
        guard let door = backend.door else {
            throw NotApplicable(
                "the backend offers no door facet (raw Identity Toolkit requests: accounts:*, mfaEnrollment, token)")
        }
        return door
    }

    /// An app on the primary device whose backend offers the door, and the door: the door is asked for before the app's
    /// client is launched, so a backend without it makes the check not applicable before any other step can fail.
    package func launchAppWithDoor(
        filePath: String = #filePath, line: Int = #line
    ) async throws -> (LaunchedApp, any IdentityToolkitDoor) {
        let backend = try await makeBackend(filePath: filePath, line: line)
        let door = try door(of: backend)
        let client = try await launch(backend, on: .primary, filePath: filePath, line: line)
        return (LaunchedApp(backend: backend, client: client, device: .primary), door)
    }

    /// `user` signed up at the door (`accounts:signUp` with its email and password): the first step of a door
    /// check, so no client step runs before the hostile request.
    @discardableResult
    package func signUpAtTheDoor(
        _ user: PasswordUser, on door: any IdentityToolkitDoor, filePath: String = #filePath, line: Int = #line
    ) async throws -> DoorSession {
        try await session(
            from: DoorRequest(.signUp, .passwordBody(user.email, .string(user.password))), on: door,
            describing: "accounts:signUp of \(user.email)", filePath: filePath, line: line)
    }

    /// The session `request` (a sign-up or sign-in sent raw) opens at the door; an answer without one fails the check.
    package func session(
        from request: DoorRequest, on door: any IdentityToolkitDoor, describing step: String,
        filePath: String = #filePath, line: Int = #line
    ) async throws -> DoorSession {
        let answer = try await send(request, on: door, describing: step, filePath: filePath, line: line)
        guard answer.succeeded, let idToken = answer.idToken, let uid = answer.localID else {
            throw CheckFailure(
                "\(step) at the door gave no session", expected: "HTTP 200 with idToken and localId",
                actual: "\(answer)", filePath: filePath, line: line)
        }
        return DoorSession(uid: uid, idToken: idToken, refreshToken: answer.refreshToken ?? "")
    }

    /// Sends `request`; no answer at all (a network failure) fails the check naming the step.
    package func send(
        _ request: DoorRequest, on door: any IdentityToolkitDoor, describing step: String? = nil,
        filePath: String = #filePath, line: Int = #line
    ) async throws -> DoorAnswer {
        try await expectSuccess(step ?? "\(request)", filePath: filePath, line: line) { try await door.send(request) }
    }
}

extension CheckContext {
    /// The takeover at the door from a user of any flow: `attacker`'s ID token edited to name `victim` (every
    /// ``IDTokenForgery`` that differs from the victim's genuine token) goes raw to every account call, as the first
    /// request about the victim, and each must be refused; then the victim's own token must still look up her unchanged
    /// account, with `shows` in it (her email, when she has one). `who` names the users in the evidence.
    package func expectEditedTokensRefusedAtTheDoor(
        victim: DoorSession, attacker: DoorSession, on door: any IdentityToolkitDoor,
        who: (victim: String, attacker: String, kind: String), shows: String?, filePath: String = #filePath,
        line: Int = #line
    ) async throws {
        let tokens = IDTokenForgery.naming(victim.uid, in: attacker.idToken).filter {
            !$0.1.isEmpty && $0.1 != victim.idToken
        }
        try await expectEveryCase(
            tokens, "another \(who.kind)'s token edited to name the victim", filePath: filePath, line: line
        ) { forgery, token in
            for request in DoorRequest.accountCalls(idToken: token) {
                let answer = try await send(request, on: door, filePath: filePath, line: line)
                try expectRefused(
                    answer,
                    when: "\(request.operation.rawValue) with \(who.attacker)'s token, \(forgery) "
                        + "(victim: \(who.victim), \(victim.uid.abbreviated))",
                    expected: "HTTP 4xx (INVALID_ID_TOKEN) and no session", filePath: filePath, line: line)
            }
        }
        let own = try await send(
            DoorRequest(.lookup, .object(["idToken": .string(victim.idToken)])), on: door, filePath: filePath,
            line: line)
        let account = own.body.encodedText
        try expect(
            own.succeeded && account.contains(victim.uid) && shows.map(account.contains) != false
                && !account.contains(CheckIdentity.email("mallory")),
            "after the edited tokens, \(who.victim)'s own token no longer looks up her unchanged account",
            expected: "HTTP 200 with her user ID and \(shows ?? "no email")", actual: account, filePath: filePath,
            line: line)
    }
}

/// The session a door request handed out.
package struct DoorSession: Sendable, Hashable {
    package let uid: String
    package let idToken: String
    package let refreshToken: String
}

/// The answer refuses the request: a client error (HTTP 4xx, the protocol's error message) and no session. A 5xx is
/// a crash, not a refusal; a 2xx is the request honoured.
package func expectRefused(
    _ answer: DoorAnswer, when step: String, expected: String = "HTTP 4xx with an error message and no session",
    filePath: String = #filePath, line: Int = #line
) throws {
    guard (400..<500).contains(answer.status), answer.idToken == nil, answer.refreshToken == nil else {
        throw CheckFailure(
            answer.succeeded ? "\(step) was honoured" : "\(step) was not refused as a client error", expected: expected,
            actual: "\(answer)", filePath: filePath, line: line)
    }
}

/// Sends `request` twice at once (``IdentityToolkitDoor/sendAtOnce(_:_:)``, over HTTP on two connections) and judges
/// the pair with ``exactlyOneOf(_:_:label:both:neither:refusedWhen:expected:filePath:line:)``: nil when exactly one
/// succeeded, otherwise what the pair did, for the evidence. `what` names the request in the steps ("two {what} at
/// once", "the second {what} at once").
package func sendTwiceAtOnce(
    _ request: DoorRequest, on door: any IdentityToolkitDoor, what: String, label: String, both: String,
    neither: String, expected: String, filePath: String = #filePath, line: Int = #line
) async throws -> String? {
    let (first, second) = try await expectSuccess("two \(what) at once", filePath: filePath, line: line) {
        try await door.sendAtOnce(request, request)
    }
    return try exactlyOneOf(
        first, second, label: label, both: both, neither: neither, refusedWhen: "the second \(what) at once",
        expected: expected, filePath: filePath, line: line)
}

/// Judges a pair sent at once of which the rule lets only one succeed: nil when exactly one did and the other was
/// refused (a second answer that is not a refusal fails the check at once, at the caller's line); otherwise what the
/// pair did, for the evidence: `"{label}: both {both} (uid and uid)"` or `"{label}: neither {neither} (answers)"`.
package func exactlyOneOf(
    _ first: DoorAnswer, _ second: DoorAnswer, label: String, both: String, neither: String, refusedWhen step: String,
    expected: String, filePath: String = #filePath, line: Int = #line
) throws -> String? {
    switch [first, second].filter(\.succeeded).count {
    case 2: return "\(label): both \(both) (\(first.sessionUser ?? "?") and \(second.sessionUser ?? "?"))"
    case 0: return "\(label): neither \(neither) (\(first); \(second))"
    default:
        try expectRefused(
            first.succeeded ? second : first, when: step, expected: expected, filePath: filePath, line: line)
        return nil
    }
}

extension DoorAnswer {
    /// The user the answer's session is for: `localId`, or else the `sub` its ID token names (`mfaSignIn:finalize`
    /// and `mfaEnrollment:finalize` answer tokens only), for the evidence of a pair.
    var sessionUser: String? {
        if let localID { return localID }
        let parts = CompactJWS.segments(of: idToken ?? "").map(String.init)
        guard parts.count == 3, let payload = Base64URL.decode(parts[1]),
            let claims = (try? JSONSerialization.jsonObject(with: payload)) as? [String: Any]
        else { return nil }
        return claims["sub"] as? String
    }
}

extension FixtureValue {
    /// An `accounts:signUp` or `accounts:signInWithPassword` body with `password` as given (any JSON, or none).
    package static func passwordBody(_ email: String, _ password: FixtureValue?) -> FixtureValue {
        .fields(["email": .string(email), "password": password, "returnSecureToken": .bool(true)])
    }
}
