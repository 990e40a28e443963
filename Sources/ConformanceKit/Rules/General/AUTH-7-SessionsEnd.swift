import Foundation
import MockIdP

extension Rule {
    public static let auth7 = Rule(
        "AUTH-7", .must, flow: .general,
        title: "Refresh tokens end when they must, mint only their own user's tokens and keep its claims",
        statement: """
            Sessions end when they must: a refresh token mints ID tokens only for the user and session it was issued \
            to, and no longer after that user's password or email changed, after a password reset, an admin \
            revocation, deletion or disabling; a refresh token the backend did not issue mints nothing; a refreshed ID \
            token keeps the user's claims (enrolled second factor, sign-in provider); the client renews an ID token \
            that has expired instead of handing it out.
            """,
        sources: [
            .firebaseManageSessions(
                section: """
                    “Refresh tokens expire only when … the user is deleted, the user is disabled, a major account \
                    change is detected for the user (password or email address updates)”; Revoke refresh tokens
                    """),
            .firebaseUserReference(
                section: """
                    getIDTokenForcingRefresh(_:): “Retrieves the Firebase authentication token, possibly refreshing it \
                    if it has expired”
                    """), .identityToolkitUpdate(section: "password, email, validSince, disableUser"),
        ],
        hint: """
            if this fails, check that the secure-token exchange looks the refresh token up among the sessions the \
            backend started (never reads a user out of it), that a password or email change, a revocation, disabling \
            and deletion end the user's sessions, that a refresh mints the session's claims again, and that getIDToken \
            renews a token at its expiry instant
            """,
        checks: [
            Check(
                id: "password-changed", "a refresh token ends when another session changes the password",
                requires: [.flow(.password)]
            ) { context in
                try await context.expectSessionEnded(by: "a password change from another session") {
                    door, _, _, changer in
                    _ = try await expectSuccess("accounts:update (password) from ada's other session") {
                        try await door.updatePassword(idToken: changer.idToken, newPassword: "a brand new password")
                    }
                }
            },
            Check(
                id: "email-changed", "a refresh token ends when another session changes the email",
                requires: [.flow(.password)]
            ) { context in
                guard !context.capabilities.emailEnumerationProtection else {
                    // Firebase then refuses accounts:update of an email: it changes only through
                    // verifyBeforeUpdateEmail's link.
                    throw NotApplicable(
                        """
                        with email enumeration protection an email changes only through a verification link, not \
                        accounts:update
                        """)
                }
                try await context.expectSessionEnded(by: "an email change from another session") {
                    door, _, _, changer in
                    _ = try await expectSuccess("accounts:update (email) from ada's other session") {
                        try await door.updateEmail(
                            idToken: changer.idToken, newEmail: CheckIdentity.email("ada.lovelace"))
                    }
                }
            },
            Check(
                id: "password-reset", "a refresh token ends when the password is reset with a link",
                requires: [.flow(.password), .deliveries]
            ) { context in
                try await context.expectSessionEnded(by: "a password reset") { door, _, _, _ in
                    try await context.resetPassword(of: .ada, to: "a brand new password", at: door)
                }
            },
            Check(
                id: "only-new-password-signs-in",
                """
                after a password reset with the mailed link, and after a password change, only the new password \
                signs in
                """, requires: [.flow(.password), .deliveries]
            ) { context in
                let app = try await context.launchApp()
                let door = try context.accounts(of: app.backend)
                try await context.signUp(.ada, on: app.client)
                try await expectSuccess("signOut()") { try await app.client.signOut() }
                let reset = "a brand new password"
                try await context.resetPassword(of: .ada, to: reset, at: door)
                let session = try await context.expectOnlyPassword(
                    reset, of: .ada, not: PasswordUser.ada.password, after: "the password reset", on: app.client)
                let changed = "another new password"
                try await expectSuccess("accounts:update (password) from ada's session") {
                    try await door.updatePassword(idToken: session, newPassword: changed)
                }
                _ = try await context.expectOnlyPassword(
                    changed, of: .ada, not: reset, after: "the password change", on: app.client)
            },
            Check(
                id: "tokens-revoked", "a refresh token ends when the administrator revokes the user's tokens",
                requires: [.flow(.password)]
            ) { context in
                try await context.expectSessionEnded(by: "the administrator's revokeRefreshTokens") {
                    _, backend, uid, _ in
                    let admin = try context.admin(of: backend)
                    try await expectSuccess("revokeRefreshTokens(ada)") {
                        try await admin.revokeRefreshTokens(uid: uid)
                    }
                }
            },
            Check(
                id: "user-disabled", "a refresh token ends when the administrator disables the user",
                requires: [.flow(.password)]
            ) { context in
                try await context.expectSessionEnded(by: "the administrator disabling ada") { _, backend, uid, _ in
                    let admin = try context.admin(of: backend)
                    try await expectSuccess("setDisabled(true, ada)") { try await admin.setDisabled(true, uid: uid) }
                }
            },
            Check(id: "user-deleted", "a refresh token ends when the user is deleted", requires: [.flow(.password)]) {
                context in
                try await context.expectSessionEnded(by: "the deletion of ada") { _, backend, _, _ in
                    let client = try await context.launch(backend, on: .secondary)
                    _ = try await expectSuccess("signIn(with: ada's password) on the second device") {
                        try await client.signIn(with: PasswordUser.ada.credential)
                    }
                    try await expectSuccess("delete()") { try await client.delete() }
                }
            },
            Check(
                id: "forged-refresh-token",
                "a refresh token forged from another user's, or from a user ID, mints nothing",
                requires: [.flow(.password)]
            ) { context in
                let app = try await context.launchApp()
                let door = try context.accounts(of: app.backend)
                let ada = try await context.signUp(.ada, on: app.client)
                try await expectSuccess("signOut()") { try await app.client.signOut() }
                let grace = try await context.signUp(.grace, on: app.client)
                let graces = try await expectSuccess("accounts:signInWithPassword as grace") {
                    try await door.signIn(email: PasswordUser.grace.email, password: PasswordUser.grace.password)
                }
                let minted = try await expectSuccess("securetoken with grace's own refresh token") {
                    try await door.refresh(refreshToken: graces.refreshToken)
                }
                let claims = try await expectSuccess("verifyIDToken(the minted token)") {
                    try await app.backend.verifyIDToken(minted.idToken)
                }
                try expectEqual(claims.uid, grace.uid, "the user of the ID token grace's refresh token minted")
                let forgeries =
                    UserForgery.forgeries(of: graces.refreshToken, naming: ada.uid, insteadOf: grace.uid) + [
                        ("empty", "")
                    ]
                try await expectEveryCase(forgeries, "forged refresh tokens") { forgery, forged in
                    _ = try await expectAuthError(
                        when: """
                            securetoken with a refresh token the backend did not issue: \(forgery) \
                            (\"\(forged.abbreviated)\")
                            """
                    ) {
                        let minted = try await door.refresh(refreshToken: forged)
                        return (try? await app.backend.verifyIDToken(minted.idToken)).map {
                            "an ID token for \($0.uid)"
                        } ?? "tokens"
                    }
                }
            },
            Check(
                id: "refresh-keeps-factors",
                "a refreshed ID token keeps the second factor and the first factor's provider",
                requires: [.flow(.multiFactor)]
            ) { context in
                let (app, resolver) = try await context.pendingSignIn()
                let verificationID = try await context.requestCode(for: resolver.hints[0], of: resolver, on: app.client)
                try await expectSuccess("resolveSignIn(with: the code from the SMS)") {
                    try await resolver.resolveSignIn(
                        with: .phone(
                            verificationID: verificationID,
                            verificationCode: try context.latestCode(sentTo: PhoneNumbers.us)))
                }
                let token = try await expectSuccess("getIDToken(forceRefresh: true)") {
                    try await app.client.getIDToken(forceRefresh: true)
                }
                let claims = try await expectSuccess("verifyIDToken(the refreshed token)") {
                    try await app.backend.verifyIDToken(token)
                }
                try expectEqual(claims.secondFactor, MultiFactorID.phone, "the refreshed token's second factor")
                try expectEqual(
                    claims.signInProvider, ProviderID.password,
                    "the refreshed token's sign-in provider (ada's first factor)")
            },
            Check(
                id: "renewed-at-expiry", "at its expiry instant the cached ID token is renewed, not handed out",
                requires: [.worldClock]
            ) { context in
                try context.requireIDTokenTimeToMove()
                let app = try await context.signedInApp()
                let token = try await context.currentVerifiedIDToken(of: app)
                // The yardstick is Firebase's one-hour lifetime, not the expiry the token claims for itself.
                try context.advanceClock(by: firebaseIDTokenLifetime)
                let handed = try await expectSuccess("getIDToken() an hour after the token was issued") {
                    try await app.client.getIDToken(forceRefresh: false)
                }
                try await expectSuccess("verifyIDToken(the token getIDToken handed out at the old token's exp)") {
                    try await app.backend.verifyIDToken(handed)
                }
            }, .doorRefreshBesideRevocation, .doorResetTwiceAtOnce,
        ])
}

extension CheckContext {
    /// Resets `user`'s password to `newPassword` through the door, with the `oobCode` of the link it mails.
    fileprivate func resetPassword(
        of user: PasswordUser, to newPassword: String, at door: any AccountsFacet, filePath: String = #filePath,
        line: Int = #line
    ) async throws {
        let code = try await passwordResetCode(of: user, at: door, filePath: filePath, line: line)
        try await expectSuccess("confirmPasswordReset(the oobCode from the email)", filePath: filePath, line: line) {
            try await door.confirmPasswordReset(oobCode: code, newPassword: newPassword)
        }
    }

    /// The `oobCode` of the password-reset link mailed to `user` when the door is asked to send one.
    func passwordResetCode(
        of user: PasswordUser, at door: any AccountsFacet, filePath: String = #filePath, line: Int = #line
    ) async throws -> String {
        try await expectSuccess("sendPasswordReset(email: \(user.email))", filePath: filePath, line: line) {
            try await door.sendPasswordReset(email: user.email)
        }
        let email = world.outbound.readEmail(to: user.email)
        guard
            let code = email?.links.lazy.compactMap({
                URLComponents(url: $0, resolvingAgainstBaseURL: false)?.queryItems?.first { $0.name == "oobCode" }?
                    .value
            }).first
        else {
            throw CheckFailure(
                "no password-reset email with an oobCode link reached \(user.email)",
                expected: "an email with an oobCode link", actual: email.map { "\($0)" } ?? "no email",
                filePath: filePath, line: line)
        }
        return code
    }

    /// After `change`, `user`'s `password` signs in on `client` and `old` does not; returns the ID token of the
    /// sign-in, signed out again.
    fileprivate func expectOnlyPassword(
        _ password: String, of user: PasswordUser, not old: String, after change: String, on client: any AuthClient
    ) async throws -> String {
        _ = try await expectAuthError(when: "signIn(with: \(user.email) and the password from before \(change))") {
            try await client.signIn(with: .password(email: user.email, password: old))
        }
        try await expectSuccess("signIn(with: \(user.email) and the password set by \(change))") {
            try await client.signIn(with: .password(email: user.email, password: password))
        }
        let token = try await expectSuccess("getIDToken()") { try await client.getIDToken(forceRefresh: false) }
        try await expectSuccess("signOut()") { try await client.signOut() }
        return token
    }

    /// Ada's session, signed in through the backend's door, refreshes; after `event` (given the door, the backend,
    /// ada's uid and another session of ada's) its refresh token mints nothing, while grace's session still refreshes.
    fileprivate func expectSessionEnded(
        by event: String, _ act: (any AccountsFacet, any AuthBackend, String, SessionCredentials) async throws -> Void
    ) async throws {
        let app = try await launchApp()
        let door = try accounts(of: app.backend)
        let ada = try await signUp(.ada, on: app.client)
        try await signUp(.grace, on: app.client)
        try await expectSuccess("signOut()") { try await app.client.signOut() }
        let session = try await expectSuccess("accounts:signInWithPassword as ada") {
            try await door.signIn(email: PasswordUser.ada.email, password: PasswordUser.ada.password)
        }
        let other = try await expectSuccess("accounts:signInWithPassword as ada again") {
            try await door.signIn(email: PasswordUser.ada.email, password: PasswordUser.ada.password)
        }
        let graces = try await expectSuccess("accounts:signInWithPassword as grace") {
            try await door.signIn(email: PasswordUser.grace.email, password: PasswordUser.grace.password)
        }
        try await expectSuccess("securetoken with ada's refresh token, before \(event)") {
            try await door.refresh(refreshToken: session.refreshToken)
        }
        let secondPassed = letASecondPass()
        try await act(door, app.backend, ada.uid, other)
        do {
            _ = try await expectAuthError(when: "securetoken with ada's refresh token after \(event)") {
                let minted = try await door.refresh(refreshToken: session.refreshToken)
                return (try? await app.backend.verifyIDToken(minted.idToken)).map { "an ID token for \($0.uid)" }
                    ?? "tokens"
            }
        } catch let failure as CheckFailure { throw sessionSurvived(failure, secondPassed: secondPassed) }
        try await expectSuccess("securetoken with grace's refresh token after \(event) (another user's session)") {
            try await door.refresh(refreshToken: graces.refreshToken)
        }
    }
}
