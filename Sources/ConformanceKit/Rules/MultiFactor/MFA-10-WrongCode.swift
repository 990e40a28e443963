extension Rule {
    public static let mfa10 = Rule(
        "MFA-10", .must, flow: .multiFactor,
        title: "resolveSignIn with a wrong code fails with invalidVerificationCode",
        statement: "resolveSignIn with a wrong code fails with invalidVerificationCode and signs nobody in.",
        sources: [
            .firebaseMultiFactor(section: "Signing users in with a second factor"),
            .firebaseAuthErrorCode(section: "invalidVerificationCode (17044)"),
        ],
        hint: """
            if this fails, check that resolveSignIn compares the second-factor code whole and fails with \
            invalidVerificationCode without signing anyone in
            """,
        checks: [
            Check(id: "wrong-code-refused", "a wrong second-factor code fails and signs nobody in") { context in
                let (app, resolver) = try await context.pendingSignIn()
                let verificationID = try await context.requestCode(for: resolver.hints[0], of: resolver, on: app.client)
                let wrong = wrongCode(for: try context.latestCode(sentTo: PhoneNumbers.us))
                try await expectFailure(.invalidVerificationCode, when: "resolveSignIn with the wrong code \(wrong)") {
                    try await resolver.resolveSignIn(
                        with: .phone(verificationID: verificationID, verificationCode: wrong))
                }
                try await context.expectSignedOut(app.client, after: "a wrong second-factor code")
            }
        ])
}
