extension Rule {
    public static let link3 = Rule(
        "LINK-3", .must, flow: .emailLink,
        title: "Email-link sign-in works only with email/password and email link enabled",
        statement: """
            Email-link sign-in works only when the email/password provider and email-link sign-in are both enabled: \
            otherwise operationNotAllowed [17006].
            """,
        sources: [
            .firebaseEmailLink(section: "Before you begin (enable the email/password provider and email link sign-in)")
        ],
        hint: """
            if this fails, check that both the email/password provider and the email-link method are consulted before \
            a link is mailed or used
            """,
        checks: [
            Check(
                id: "disabled-not-allowed",
                """
                with email-link sign-in disabled, or password sign-in disabled, the flow fails with \
                operationNotAllowed
                """
            ) { context in
                let situations = [
                    ("email-link sign-in disabled", ProjectConfiguration.standard.with(\.emailLink.isEnabled, false)),
                    ("password sign-in disabled", .standard.with(\.passwordSignInEnabled, false)),
                ]
                try await expectEveryCase(situations, "disabled configurations") { situation, configuration in
                    let app = try await context.launchApp(configuration)
                    try await expectFailure(.operationNotAllowed, when: "sendSignInLink with \(situation)") {
                        try await app.client.sendSignInLink(
                            toEmail: PasswordUser.ada.email, actionCodeSettings: context.actionCodeSettings)
                    }
                    try context.expectNoEmail("\(situation)")
                }
            }
        ])
}
