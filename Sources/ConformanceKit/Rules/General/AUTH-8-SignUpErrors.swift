extension Rule {
    public static let auth8 = Rule(
        "AUTH-8", .must, flow: .general,
        title: "Sign-up refuses an address in use, a weak password, a malformed email, and creates nothing",
        statement: """
            Password sign-up: an email already in use fails with emailAlreadyInUse [17007], a password under the \
            project's minimum (6 characters by default) with weakPassword [17026], a malformed email with invalidEmail \
            [17008]; nothing is created and nobody is signed in.
            """,
        sources: [
            .firebasePasswordAuth(section: "Sign up new users: createUser(withEmail:password:)"),
            .firebaseAuthErrorCode(section: "emailAlreadyInUse (17007), weakPassword (17026), invalidEmail (17008)"),
        ],
        hint: """
            if this fails, check that createUser looks the address up in any letter case before creating anything, \
            that a password of exactly the project's minimum length is the shortest taken, and that an address needs \
            exactly one @ with something on each side; a refused sign-up must store no account and leave nobody signed \
            in
            """,
        checks: [
            Check(
                id: "email-in-use",
                """
                ada's address, as she typed it and in other letter case, is in use: no second account, nobody signed \
                in
                """, requires: [.flow(.password)]
            ) { context in
                let app = try await context.launchApp()
                let ada = try await context.signUp(.ada, on: app.client)
                try await expectSuccess("signOut()") { try await app.client.signOut() }
                let otherPassword = "another secret 42"
                try await expectEveryCase(
                    [
                        PasswordUser.ada.email, CheckIdentity.email("Ada", at: "Example.com"),
                        PasswordUser.ada.email.uppercased(),
                    ], "addresses in use"
                ) { email in
                    try await context.signOutAfterAnAcceptedCase(app.client)
                    try await expectFailure(
                        .emailAlreadyInUse,
                        when: "createUser(withEmail: \"\(email)\") when \(PasswordUser.ada.email) has an account"
                    ) { try await app.client.createUser(withEmail: email, password: otherPassword) }
                    try await context.expectSignedOut(
                        app.client, after: "a sign-up with the address in use \"\(email)\"")
                }
                let refused: AuthErrorCode =
                    context.capabilities.emailEnumerationProtection ? .invalidCredential : .wrongPassword
                try await expectFailure(
                    refused, when: "signIn(with: \(PasswordUser.ada.email) and the password of the refused sign-ups)"
                ) {
                    try await app.client.signIn(with: .password(email: PasswordUser.ada.email, password: otherPassword))
                }
                let again = try await expectSuccess("signIn(with: ada's own password)") {
                    try await app.client.signIn(with: PasswordUser.ada.credential)
                }
                try expectEqual(
                    again.user.uid, ada.uid,
                    "the user ada's password signs in after the refused sign-ups (her account expected)")
            },
            Check(
                id: "weak-password",
                """
                a password one character under the project's minimum is weak and creates nothing; one of exactly the \
                minimum signs up
                """, requires: [.flow(.password)]
            ) { context in
                let app = try await context.launchApp()
                let minimum = ProjectConfiguration.standard.passwordMinimumLength
                let short = String("horsebatterystaple".prefix(minimum - 1))
                try await expectFailure(
                    .weakPassword,
                    when: """
                        createUser(withEmail: \(PasswordUser.grace.email), password: \"\(short)\", \(short.count) \
                        characters, minimum \(minimum))
                        """
                ) { try await app.client.createUser(withEmail: PasswordUser.grace.email, password: short) }
                try await context.expectSignedOut(
                    app.client, after: "a sign-up with a \(short.count)-character password")
                let enough = String("horsebatterystaple".prefix(minimum))
                let created = try await expectSuccess(
                    """
                    createUser(withEmail: \(PasswordUser.grace.email), password: \"\(enough)\", exactly the minimum \
                    \(minimum)) after the weak one
                    """
                ) { try await app.client.createUser(withEmail: PasswordUser.grace.email, password: enough) }
                try expect(
                    created.additionalUserInfo?.isNewUser != false,
                    "the sign-up with a password of exactly the minimum did not make a new user",
                    expected: "isNewUser true", actual: "isNewUser false")
            },
            Check(
                id: "malformed-emails",
                "addresses one character from well-formed fail with invalidEmail and sign nobody in",
                requires: [.flow(.password)]
            ) { context in
                let app = try await context.launchApp()
                try await expectEveryCase(
                    ["adaexample.com", "ada@", "@example.com", "ada@@example.com"], "malformed addresses"
                ) { email in
                    try await context.signOutAfterAnAcceptedCase(app.client)
                    try await expectFailure(.invalidEmail, when: "createUser(withEmail: the malformed \"\(email)\")") {
                        try await app.client.createUser(withEmail: email, password: PasswordUser.ada.password)
                    }
                    try await context.expectSignedOut(
                        app.client, after: "a sign-up with the malformed address \"\(email)\"")
                }
                try await context.signUp(.ada, on: app.client)
            }, .doorSignUpsAtOnce,
        ])
}
