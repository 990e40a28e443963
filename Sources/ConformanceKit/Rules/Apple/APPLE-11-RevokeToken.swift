import MockIdP

extension Rule {
    public static let apple11 = Rule(
        "APPLE-11", .must, flow: .apple,
        title: "revokeToken revokes at Apple before deletion; with nobody signed in it fails promptly",
        statement: """
            Account deletion: revokeToken(withAuthorizationCode:) with a fresh authorization code revokes the user's \
            Apple tokens at Apple's revoke endpoint, after which the user can be deleted (the same Apple ID then signs \
            in as a new user with a new uid); with no signed-in user it fails promptly instead of hanging.
            """,
        sources: [
            .firebaseApple(
                section: "Token revocation: Auth.auth().revokeToken(withAuthorizationCode:), then user.delete()"),
            .appleRevokeTokens(section: "client_id, client_secret, token, token_type_hint"),
        ],
        hint: """
            if this fails, check that the code is exchanged at /auth/token and the token it gives is sent to \
            /auth/revoke with a valid client secret
            """,
        checks: [
            Check(
                id: "revoke-then-new-user",
                """
                Alice revokes with a fresh code: Apple revokes the token issued for it, then she is deleted and comes \
                back as a new user
                """
            ) { context in
                let app = try await context.launchAppleApp()
                let deleted = try await context.signInWithApple(as: AppleAccounts.alice, on: app.client).user
                let code = try await context.appleAuthorization(as: AppleAccounts.alice, on: app.client)
                    .authorizationCode
                let clientID = ProjectConfiguration.standard.apple.clientID
                try await expectSuccess("revokeToken(withAuthorizationCode: a fresh code)") {
                    try await app.client.revokeAppleToken(withAuthorizationCode: code)
                }
                let revoked = context.world.apple.revokeRequests
                try expect(
                    !revoked.isEmpty,
                    "revokeToken(withAuthorizationCode:) succeeded, but no request reached Apple's /auth/revoke",
                    expected: "the token issued for the code revoked at /auth/revoke", actual: "no revoke request")
                let apple = context.world.apple
                try expect(
                    revoked.contains { request in
                        request.clientSecretValid && request.clientID == clientID
                            && request.token.map {
                                apple.isRevoked(refreshToken: $0) || apple.isRevoked(accessToken: $0)
                            } == true
                    }, "no request to Apple's revoke endpoint revoked a token of the app under a valid client secret",
                    expected: "a revoke of a token issued to \(clientID), with a valid client secret",
                    actual: "\(revoked.map { "\($0)" })")
                try expectEqual(
                    apple.isAuthorized(userID: AppleAccounts.alice.id, clientID: clientID), false,
                    "whether Alice's authorization of the app is in force at Apple after revokeToken")
                try await expectSuccess("delete()") { try await app.client.delete() }
                try await context.expectSignedOut(app.client, after: "delete()")
                let again = try await context.signInWithApple(as: AppleAccounts.alice, on: app.client)
                try expect(
                    again.user.uid != deleted.uid,
                    "after delete(), Alice's Apple ID signed in to the deleted user's uid",
                    expected: "a uid other than \(deleted.uid.debugDescription)",
                    actual: again.user.uid.debugDescription)
                try expectEqual(
                    again.additionalUserInfo?.isNewUser, true, "isNewUser of Alice's Apple sign-in after delete()")
            },
            Check(id: "signed-out-revoke-fails", "with nobody signed in, revokeToken fails and nothing reaches Apple") {
                context in
                let app = try await context.launchAppleApp()
                let code = try await context.appleAuthorization(as: AppleAccounts.alice, on: app.client)
                    .authorizationCode
                try await context.waiting(for: "revokeToken(withAuthorizationCode:) with nobody signed in to fail") {
                    try await expectAuthError(when: "revokeToken(withAuthorizationCode:) with nobody signed in") {
                        try await app.client.revokeAppleToken(withAuthorizationCode: code)
                    }
                }
                let apple = context.world.apple
                try expect(
                    apple.tokenRequests.isEmpty && apple.revokeRequests.isEmpty,
                    "revoking with nobody signed in still called Apple", expected: "no request to Apple",
                    actual: "\(apple.tokenRequests.count) to /auth/token, \(apple.revokeRequests.count) to /auth/revoke"
                )
            },
        ])
}
