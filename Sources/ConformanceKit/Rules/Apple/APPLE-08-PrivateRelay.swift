import MockIdP

extension Rule {
    public static let apple8 = Rule(
        "APPLE-8", .must, flow: .apple,
        title: "A private relay email is the user's email; boolean claims may be strings",
        statement: """
            A private relay email (…@privaterelay.appleid.com) is accepted as the user's email; email_verified/is_private_email may be \
            strings or booleans.
            """,
        sources: [
            .firebaseAppleWeb(section: "Users who choose this option have email addresses with the domain privaterelay.appleid.com"),
            .appleIdentityToken(section: "email_verified, is_private_email: a String or Boolean value"),
        ],
        hint: "if this fails, check that relay addresses are kept as any other email and that \"true\" as a string reads as true",
        checks: [
            Check("Alice hiding her email signs in with her relay address, verified") { context in
                let app = try await context.launchAppleApp()
                let authorization = try await context.appleAuthorization(as: AppleAccounts.alice, email: .hide, on: app.client)
                let relay = authorization.email ?? ""
                try expect(relay.hasSuffix("@privaterelay.appleid.com"), "the world's Apple gave \(authorization.email.shown), not a relay address")
                let credential = try await expectSuccess("credential(for: Alice's authorization)") { try await app.client.appleCredential(for: authorization) }
                let user = try await expectSuccess("signIn(with: Alice's credential, relay email)") { try await app.client.signIn(with: credential) }.user
                try expect(user.email == relay, "the user's email is \(user.email.shown); expected the relay address \(relay)")
                try expect(user.isEmailVerified, "the relay address is not marked verified, though the token says email_verified true")
            },
            Check("Bob, whose token says \"true\" as strings, signs in with his email verified") { context in
                let app = try await context.launchAppleApp()
                let user = try await context.signInWithApple(as: AppleAccounts.bob, on: app.client).user
                try expect(user.email == AppleAccounts.bob.email, "the user's email is \(user.email.shown); expected \(AppleAccounts.bob.email)")
                try expect(user.isEmailVerified, "email_verified \"true\" (a string) was not read as verified")
            },
        ])
}
