extension Rule {
    public static let auth5 = Rule(
        "AUTH-5", .must, flow: .general, title: "A wrong password or an unknown email signs nobody in",
        statement: """
            The password first factor is a real check: a wrong password fails with wrongPassword [17009] and an \
            unknown email with userNotFound [17011] (or, with email enumeration protection, both with \
            invalidCredential [17004]), and nobody is signed in. The backend itself refuses a sign-in request whose \
            password is missing, empty or not a string, whatever the client checks first.
            """,
        sources: [
            .firebasePasswordAuth(section: "Sign in a user with an email address and password"),
            .firebaseAuthErrorCode(section: "wrongPassword (17009), userNotFound (17011), invalidCredential (17004)"),
            .emailEnumerationProtection(
                section: "Overview: an invalid sign-in returns INVALID_LOGIN_CREDENTIALS, not EMAIL_NOT_FOUND"),
            .firebaseMultiFactor(
                section: "Signing users in with a second factor: email and password as the first factor"),
        ],
        hint: """
            if this fails, check that signIn compares the whole password exactly (case, trailing space) and answers \
            wrongPassword and userNotFound, or invalidCredential for both when emailEnumerationProtection is declared, \
            signing nobody in
            """,
        checks: [
            Check(
                id: "nearest-passwords-refused", "passwords nearest to the right one fail, then the right one signs in",
                requires: [.flow(.password)]
            ) { context in
                let app = try await context.passwordUserSignedOut()
                let expected: AuthErrorCode =
                    context.capabilities.emailEnumerationProtection ? .invalidCredential : .wrongPassword
                let password = PasswordUser.ada.password
                let nearMisses = [
                    password.prefix(1).uppercased() + password.dropFirst(), String(password.dropLast()), password + " ",
                    password.uppercased(), "wrong password",
                ]
                try await expectEveryCase(nearMisses, "wrong passwords") { wrong in
                    try await context.signOutAfterAnAcceptedCase(app.client)
                    try await expectFailure(
                        expected, when: "signIn(with: \(PasswordUser.ada.email) and the password \"\(wrong)\")"
                    ) { try await app.client.signIn(with: .password(email: PasswordUser.ada.email, password: wrong)) }
                    try await context.expectSignedOut(app.client, after: "the wrong password \"\(wrong)\"")
                }
                try await expectSuccess("signIn(with: the right password)") {
                    try await app.client.signIn(with: PasswordUser.ada.credential)
                }
            },
            Check(
                id: "unknown-email-refused", "an unknown email, one letter from a user's, signs nobody in",
                requires: [.flow(.password)]
            ) { context in
                let app = try await context.passwordUserSignedOut()
                let expected: AuthErrorCode =
                    context.capabilities.emailEnumerationProtection ? .invalidCredential : .userNotFound
                try await expectEveryCase(
                    [CheckIdentity.email("adb"), CheckIdentity.email("ada", at: "example.org")], "unknown emails"
                ) { email in
                    try await context.signOutAfterAnAcceptedCase(app.client)
                    try await expectFailure(
                        expected, when: "signIn(with: the unknown email \(email) and ada's password)"
                    ) {
                        try await app.client.signIn(with: .password(email: email, password: PasswordUser.ada.password))
                    }
                    try await context.expectSignedOut(app.client, after: "an unknown email \(email)")
                }
            }, .doorPasswordMissingEmptyWrongType,
        ])
}

extension CheckContext {
    /// A project where ada signed up with a password and signed out again.
    fileprivate func passwordUserSignedOut() async throws -> LaunchedApp {
        let app = try await launchApp()
        try await signUp(.ada, on: app.client)
        try await expectSuccess("signOut()") { try await app.client.signOut() }
        return app
    }
}
