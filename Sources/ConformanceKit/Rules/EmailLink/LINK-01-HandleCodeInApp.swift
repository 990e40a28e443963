extension Rule {
    public static let link1 = Rule(
        "LINK-1", .must, flow: .emailLink, title: "Sending a sign-in link requires handleCodeInApp",
        statement: """
            Sending a sign-in link requires handleCodeInApp == true; otherwise the call fails with an AuthError and no \
            email is sent. The code is not pinned: the platforms disagree (iOS traps with fatalError, Android throws \
            IllegalArgumentException, the web SDK auth/argument-error), and argumentError is not an iOS AuthErrorCode.
            """,
        sources: [
            .firebaseEmailLink(section: "Send an authentication link to the user's email address (handleCodeInApp)")
        ],
        hint: """
            if this fails, check that sendSignInLink refuses settings with handleCodeInApp false before anything is \
            mailed
            """,
        checks: [
            Check(id: "handle-code-in-app-required", "handleCodeInApp false fails with an AuthError and mails nothing")
            { context in
                let app = try await context.launchApp()
                _ = try await expectAuthError(when: "sendSignInLink with handleCodeInApp false") {
                    try await app.client.sendSignInLink(
                        toEmail: PasswordUser.ada.email,
                        actionCodeSettings: context.actionCodeSettings.with(\.handleCodeInApp, false))
                }
                try context.expectNoEmail("handleCodeInApp was false")
            }
        ])
}
