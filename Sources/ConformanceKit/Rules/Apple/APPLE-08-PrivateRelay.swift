import MockIdP

extension Rule {
    public static let apple8 = Rule(
        "APPLE-8", .must, flow: .apple,
        title: "A private relay email is the user's email; boolean claims may be strings",
        statement: """
            A private relay email (…@privaterelay.appleid.com) is accepted as the user's email; \
            email_verified/is_private_email may be strings or booleans; a token that carries an email but no \
            email_verified claim does not make that email verified.
            """,
        sources: [
            .firebaseAppleWeb(
                section: "Users who choose this option have email addresses with the domain privaterelay.appleid.com"),
            .appleIdentityToken(section: "email_verified, is_private_email: a String or Boolean value"),
        ],
        hint: """
            if this fails, check that relay addresses are kept as any other email, that "true" as a string reads as \
            true, and that a missing email_verified reads as false, not as true because an email is there
            """,
        checks: [
            Check(id: "relay-address-verified", "Alice hiding her email signs in with her relay address, verified") {
                context in
                let app = try await context.launchAppleApp()
                let authorization = try await context.appleAuthorization(
                    as: AppleAccounts.alice, email: .hide, on: app.client)
                let relay = authorization.email ?? ""
                try expect(
                    relay.hasSuffix("@privaterelay.appleid.com"), "the world's Apple gave no relay address",
                    expected: "…@privaterelay.appleid.com", actual: shown(authorization.email as Any))
                let credential = try await expectSuccess("credential(for: Alice's authorization)") {
                    try await app.client.appleCredential(for: authorization)
                }
                let user = try await expectSuccess("signIn(with: Alice's credential, relay email)") {
                    try await app.client.signIn(with: credential)
                }.user
                try expectEqual(user.email, relay, "the user's email (the relay address expected)")
                try expectEqual(
                    user.isEmailVerified, true,
                    "isEmailVerified of the relay address, whose token says email_verified true")
            },
            Check(
                id: "string-true-verified",
                "Bob, whose token says \"true\" as strings, signs in with his email verified"
            ) { context in
                let app = try await context.launchAppleApp()
                let user = try await context.signInWithApple(as: AppleAccounts.bob, on: app.client).user
                try expectEqual(user.email, AppleAccounts.bob.email, "the user's email")
                try expectEqual(
                    user.isEmailVerified, true,
                    "isEmailVerified of Bob, whose token says email_verified \"true\" (a string)")
            },
            Check(
                id: "missing-claim-unverified",
                "Alice's token with her email but no email_verified claim leaves her email unverified"
            ) { context in
                let app = try await context.launchAppleApp()
                let user = try await context.signInWithAppleWithoutEmailVerified(
                    as: AppleAccounts.alice, on: app.client)
                try expectEqual(user.email, AppleAccounts.alice.email, "the user's email")
                try expectEqual(
                    user.isEmailVerified, false,
                    "isEmailVerified of \(AppleAccounts.alice.email), whose token has no email_verified claim")
            },
            Check(
                id: "unverified-cannot-enroll",
                "the Apple user whose token had no email_verified cannot enroll a second factor",
                requires: [.flow(.multiFactor)]
            ) { context in
                let app = try await context.launchAppleApp()
                try await context.signInWithAppleWithoutEmailVerified(as: AppleAccounts.alice, on: app.client)
                try await context.expectEnrollmentRefused(
                    PhoneNumbers.us, with: .unverifiedEmail, on: app.client,
                    because: "the Apple token carried the email without email_verified")
            },
        ])
}

extension CheckContext {
    /// Signs `account` in with its genuine Apple token re-signed by the world's forge without the `email_verified`
    /// claim.
    @discardableResult
    fileprivate func signInWithAppleWithoutEmailVerified(
        as account: AppleIDAccount, on client: any AuthClient
    ) async throws -> AuthUser {
        let (authorization, credential) = try await appleCredential(as: account, on: client)
        let token = try appleToken(.claims { $0.emailVerified = nil }, from: authorization.identityToken)
        return try await expectSuccess("signIn(with: \(account.email)'s Apple token without email_verified)") {
            try await client.signIn(with: credential.withApple(idToken: token))
        }.user
    }
}
