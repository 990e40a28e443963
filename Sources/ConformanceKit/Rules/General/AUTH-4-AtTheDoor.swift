import MockIdP

extension Check {
    /// AUTH-4 at the server's own door: forged, edited and foreign ID tokens sent raw to every account call,
    /// each as the first request about the victim, so no client step can fail first and mask a takeover (an edited
    /// token once read, re-passworded and deleted another account while AUTH-4 failed only on a setup step).
    static let doorEditedTokenFirstStep = Check(
        id: "door-edited-token-first-step",
        """
        at the server's door, accounts:lookup, accounts:update, accounts:delete, mfaEnrollment:start and the \
        secure-token refresh refuse a forged, edited or foreign token as the first request, and the victim's account \
        is unchanged
        """, requires: [.flow(.password)]
    ) { context in
        let app = try await context.launchApp()
        let door = try context.door(of: app.backend)
        let victim = try await context.signUpAtTheDoor(.ada, on: door)
        let attacker = try await context.signUpAtTheDoor(.grace, on: door)
        var tokens = IDTokenForgery.naming(victim.uid, in: attacker.idToken).map { ("grace's token, \($0.0)", $0.1) }
        tokens.append(
            ("ada's token, " + IDTokenForgery.signatureChanged, IDTokenForgery.signatureChanged(victim.idToken)))
        if let foreign = try await context.namesakeInAnotherProject(.ada) {
            tokens.append(("ada's namesake's token from another-project", foreign))
        }
        let genuine = victim.idToken
        tokens = tokens.filter { !$0.1.isEmpty && $0.1 != genuine }
        try await expectEveryCase(tokens, "forged ID tokens at the door") { forgery, token in
            for request in DoorRequest.accountCalls(idToken: token) {
                let answer = try await context.send(request, on: door)
                try expectRefused(
                    answer,
                    when: "\(request.operation.rawValue) with \(forgery) (victim: ada, \(victim.uid.abbreviated))",
                    expected: "HTTP 4xx (INVALID_ID_TOKEN) and no session")
                try expect(
                    !answer.body.encodedText.contains(victim.uid),
                    "\(request.operation.rawValue) with \(forgery) answered the victim's user ID",
                    expected: "an error naming no user", actual: answer.body.encodedText)
            }
        }
        let forgedRefresh = Forgery.changingCharacter(at: victim.refreshToken.count / 2, of: victim.refreshToken)
        if Forgery.differs(forgedRefresh, from: victim.refreshToken) {
            let answer = try await context.send(.refresh(forgedRefresh), on: door)
            try expectRefused(answer, when: "securetoken with ada's refresh token, its middle character changed")
        }
        try await context.expectSignsInAtTheDoor(.ada, on: door)
    }
}

extension Check {
    /// AUTH-4 at the server's own door for time: the user's own genuine ID token, an hour and 301 s after
    /// it was issued on the world's clock (or a second past a test server's declared short lifetime, in real time),
    /// sent raw to every account call as the first request after sign-up.
    /// Firebase's one-hour lifetime is the yardstick, not the expiry the token claims for itself.
    static let doorExpiredTokenFirstStep = Check(
        id: "door-expired-token-first-step",
        """
        at the server's door, accounts:lookup, accounts:update, accounts:delete and mfaEnrollment:start refuse the \
        user's own genuine ID token once its hour has passed, as the first request after sign-up, and the account is \
        unchanged
        """, requires: [.flow(.password)]
    ) { context in
        let expiry = try context.idTokenExpiry()
        let app = try await context.launchApp()
        let door = try context.door(of: app.backend)
        let user = try await context.signUpAtTheDoor(.ada, on: door)
        let age = try await context.letIDTokensExpire(expiry)
        for request in DoorRequest.accountCalls(idToken: user.idToken) {
            let answer = try await context.send(request, on: door)
            try expectRefused(
                answer, when: "\(request.operation.rawValue) with ada's own token, issued \(age)",
                expected: "HTTP 4xx (TOKEN_EXPIRED) and no session")
        }
        try await context.expectSignsInAtTheDoor(.ada, on: door)
    }
}

extension IDTokenForgery {
    static let signatureChanged = "a character in the middle of its signature changed"

    /// The token with the middle character of its signature changed; empty when that changes no signed byte.
    static func signatureChanged(_ token: String) -> String {
        let parts = CompactJWS.segments(of: token).map(String.init)
        guard parts.count == 3, !parts[2].isEmpty else { return "" }
        let forged = "\(parts[0]).\(parts[1]).\(Forgery.changingCharacter(at: parts[2].count / 2, of: parts[2]))"
        return Forgery.differs(forged, from: token, in: [.signature]) ? forged : ""
    }
}

extension DoorRequest {
    /// Every account call an ID token opens: look-up, a new password, a new email, deletion, a factor's enrollment.
    static func accountCalls(idToken: String) -> [DoorRequest] {
        let token = FixtureValue.string(idToken)
        return [
            DoorRequest(.lookup, .object(["idToken": token])),
            DoorRequest(
                .update,
                .object([
                    "idToken": token, "password": .string(DoorRequest.mallorysPassword),
                    "returnSecureToken": .bool(true),
                ])),
            DoorRequest(
                .update,
                .object([
                    "idToken": token, "email": .string(CheckIdentity.email("mallory")),
                    "returnSecureToken": .bool(true),
                ])), DoorRequest(.delete, .object(["idToken": token])),
            DoorRequest(
                .startEnrollment,
                .object(["idToken": token, "phoneEnrollmentInfo": .object(["phoneNumber": .string(PhoneNumbers.uk)])])),
        ]
    }

    /// `securetoken.googleapis.com/v1/token` with a refresh token.
    static func refresh(_ refreshToken: String) -> DoorRequest {
        DoorRequest(.token, .object(["grant_type": .string("refresh_token"), "refresh_token": .string(refreshToken)]))
    }
}

extension CheckContext {
    /// The ID token of `user`'s namesake signed up at the door of another project; nil when the subject serves no
    /// second project (a served server keeps one project per API key), so the rest of the check still applies.
    func namesakeInAnotherProject(_ user: PasswordUser) async throws -> String? {
        let other: LaunchedApp
        do {
            other = try await launchApp(.standard.with(\.projectID, "another-project"), on: .secondary)
        } catch is NotApplicable { return nil }
        return try await signUpAtTheDoor(user, on: try door(of: other.backend)).idToken
    }

    /// `user` still signs in at the door with its own password, and not with the one a forged call tried to set.
    func expectSignsInAtTheDoor(_ user: PasswordUser, on door: any IdentityToolkitDoor) async throws {
        let own = try await send(
            DoorRequest(.signInWithPassword, .passwordBody(user.email, .string(user.password))), on: door)
        try expect(
            own.succeeded, "after the forged requests \(user.email) no longer signs in with her own password",
            expected: "HTTP 200 with a session", actual: "\(own)")
        let mallory = try await send(
            DoorRequest(.signInWithPassword, .passwordBody(user.email, .string(DoorRequest.mallorysPassword))), on: door
        )
        try expectRefused(
            mallory, when: "accounts:signInWithPassword of \(user.email) with the password a forgery tried to set")
    }
}

extension FixtureValue {
    /// The JSON text, for evidence and for searching an answer.
    var encodedText: String { String(decoding: encoded, as: UTF8.self) }
}
