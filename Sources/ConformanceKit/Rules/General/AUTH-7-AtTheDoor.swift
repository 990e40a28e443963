import MockIdP

extension Check {
    /// AUTH-7 at the server's own door, two requests at once: a secure-token refresh in flight at the server
    /// together with `accounts:update` changing the user's password, which ends the user's other sessions. Whichever
    /// the server takes first, once both have been answered the old refresh token must mint nothing: a server that
    /// reads the session, awaits and saves it back undoes the change and lets the old session live on.
    static let doorRefreshBesideRevocation = Check(
        id: "door-refresh-beside-revocation",
        """
        a secure-token refresh sent to the server at once with accounts:update changing the user's password: once \
        both are answered, the old refresh token (and any the refresh handed out) mints no ID token, in each of \
        \(doorRaceRounds) rounds
        """, requires: [.flow(.password)]
    ) { context in
        let app = try await context.launchApp()
        let door = try context.door(of: app.backend)
        var broken: [String] = []
        var sessions: [(email: String, session: DoorSession)] = []
        for round in 1...doorRaceRounds {
            let email = CheckIdentity.email("revoked\(round)")
            let user = PasswordUser(email: email, password: PasswordUser.ada.password)
            let session = try await context.signUpAtTheDoor(user, on: door)
            if round == 1 {
                // Every judgment below is a refresh refused: one the server never answers judges nothing, and a route
                // it does not offer makes the check not judged (the transcript names the request and the answer).
                let alone = try await context.send(.refresh(session.refreshToken), on: door)
                try expect(
                    alone.succeeded && alone.idToken != nil,
                    "securetoken with \(email)'s new refresh token, sent alone, minted no ID token",
                    expected: "HTTP 200 with an id_token", actual: "\(alone)")
            }
            sessions.append((email, session))
        }
        // The changes lie in a later second than every session they must end.
        let secondPassed = context.letASecondPass()
        for (index, (email, session)) in sessions.enumerated() {
            let round = index + 1
            let change = DoorRequest(
                .update,
                .object([
                    "idToken": .string(session.idToken), "password": .string("a new password \(round)"),
                    "returnSecureToken": .bool(true),
                ]))
            let (refreshed, changed) = try await expectSuccess(
                "a securetoken refresh and accounts:update of \(email)'s password at once"
            ) { try await door.sendAtOnce(.refresh(session.refreshToken), change) }
            try expect(
                changed.succeeded, "accounts:update of \(email)'s password at once with a refresh was not honoured",
                expected: "HTTP 200 with the new session", actual: "\(changed) (the refresh: \(refreshed))")
            var refreshTokens = [("the old refresh token", session.refreshToken)]
            if let handed = refreshed.refreshToken, handed != session.refreshToken {
                refreshTokens.append(("the refresh token the racing refresh handed out", handed))
            }
            for (name, refreshToken) in refreshTokens {
                let after = try await context.send(.refresh(refreshToken), on: door)
                if after.succeeded || after.idToken != nil {
                    broken.append(
                        "round \(round), \(email): \(name) still mints ID tokens after the password change completed "
                            + "(the racing refresh: \(refreshed); afterwards: \(after))")
                }
            }
        }
        do {
            try expect(
                broken.isEmpty,
                "a refresh at once with a password change kept the old session alive in \(broken.count) of "
                    + "\(doorRaceRounds) rounds",
                expected: "after the change, every refresh with the old session's tokens refused (TOKEN_EXPIRED)",
                actual: broken.joined(separator: "; "))
        } catch let failure as CheckFailure { throw context.sessionSurvived(failure, secondPassed: secondPassed) }
    }
}

extension Check {
    /// AUTH-7 at the server's own door for the password reset that ends every session: a reset link mailed, then two
    /// `accounts:resetPassword` with its `oobCode` in flight at the server together. A reset code is good for one
    /// reset (`INVALID_OOB_CODE` once used: Firebase's `confirmPasswordReset`), so a server that checks the code and
    /// uses it up in two steps lets both set a password.
    static let doorResetTwiceAtOnce = Check(
        id: "door-reset-twice-at-once",
        """
        two accounts:resetPassword with one password-reset oobCode sent to the server at once: exactly one sets the \
        new password, the other is refused, in each of \(doorMailedCodeRounds) rounds
        """, requires: [.flow(.password), .deliveries]
    ) { context in
        let (app, door) = try await context.launchAppWithDoor()
        let accounts = try context.accounts(of: app.backend)
        var broken: [String] = []
        for round in 1...doorMailedCodeRounds {
            let user = PasswordUser(email: CheckIdentity.email("reset\(round)"), password: PasswordUser.ada.password)
            try await context.signUpAtTheDoor(user, on: door)
            let code = try await context.passwordResetCode(of: user, at: accounts)
            let request = DoorRequest(
                .resetPassword, .object(["oobCode": .string(code), "newPassword": .string("a new password \(round)")]))
            if let pair = try await sendTwiceAtOnce(
                request, on: door, what: "accounts:resetPassword with the code mailed to \(user.email)",
                label: "round \(round), \(user.email)", both: "set a password with one reset code",
                neither: "set the password", expected: "HTTP 400 (INVALID_OOB_CODE) and no session")
            {
                broken.append(pair)
            }
        }
        try expect(
            broken.isEmpty,
            "of two password resets with one code at once at the server, not exactly one was honoured in "
                + "\(broken.count) of \(doorMailedCodeRounds) rounds",
            expected: "one reset per code, the other refused", actual: broken.joined(separator: "; "))
    }
}
