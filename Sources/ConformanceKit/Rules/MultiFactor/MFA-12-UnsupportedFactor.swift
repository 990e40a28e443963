extension Rule {
    public static let mfa12 = Rule(
        "MFA-12", .must, flow: .multiFactor, title: "An unsupported factor type fails with a clear error",
        statement: """
            A factor type the implementation does not support (e.g. TOTP) fails with a clear error, not a crash or a \
            hang.
            """,
        sources: [
            .firebaseMultiFactor(
                section: """
                    Signing users in with a second factor: a factorID other than phone is an “unsupported second \
                    factor”
                    """), .firebaseMultiFactorReference(section: "enroll(with:displayName:)"),
        ],
        hint: """
            if this fails, check that enroll and resolveSignIn answer an assertion of a factor type they do not \
            support (e.g. TOTP) with an AuthError that has a message, instead of trapping or never completing
            """,
        checks: [
            Check(id: "totp-enrollment-refused", "enrolling a TOTP factor fails with an AuthError and enrolls nothing")
            { context in
                let app = try await context.launchApp()
                try await context.signUpVerified(.ada, on: app.client)
                let error = try await expectAuthError(when: "enroll(with: a TOTP assertion)") {
                    try await app.client.enroll(with: .totp(oneTimePassword: "123456"), displayName: "Authenticator")
                }
                try expect(
                    !error.message.isEmpty, "enrolling a TOTP factor failed with no message",
                    expected: "an AuthError with a message", actual: "\(error)")
                try await context.expectNoFactor(on: app.client, after: "a TOTP enrollment")
            },
            Check(id: "totp-sign-in-refused", "resolving a sign-in with a TOTP assertion fails with an AuthError") {
                context in
                let (app, resolver) = try await context.pendingSignIn()
                _ = try await expectAuthError(when: "resolveSignIn(with: a TOTP assertion)") {
                    try await resolver.resolveSignIn(with: .totp(oneTimePassword: "123456"))
                }
                try await context.expectSignedOut(app.client, after: "a TOTP assertion")
            },
        ])
}
