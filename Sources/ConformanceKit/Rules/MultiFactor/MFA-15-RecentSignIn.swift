extension Rule {
    public static let mfa15 = Rule(
        "MFA-15", .should, flow: .multiFactor, title: "Enrolling requires a recent sign-in, judged at enroll",
        statement: """
            Enrolling requires a recent sign-in (the seed's first step is to re-authenticate): when the sign-in is \
            older than the window at the moment of enroll (whenever the multi-factor session was taken), enrolling \
            fails with requiresRecentLogin [17014].
            """,
        sources: [
            .firebaseMultiFactor(section: "Enrolling a second factor: “Re-authenticate the user.”"),
            .firebaseAuthErrorCode(section: "requiresRecentLogin (17014)"),
        ],
        hint: """
            if this fails, check that enroll itself, not only multiFactorSession or the SMS, compares the last sign-in \
            time with the recent-sign-in window on the world's clock and fails with requiresRecentLogin
            """,
        checks: [
            Check(
                id: "old-sign-in-cannot-enroll",
                "a sign-in older than the window cannot enroll until the user re-authenticates", requires: [.worldClock]
            ) { context in
                let app = try await context.launchApp()
                try await context.signUpVerified(.ada, on: app.client)
                let window = ProjectConfiguration.standard.multiFactor.recentSignInWindow
                try context.advanceClock(by: window + .seconds(1))
                try await context.expectEnrollmentRefused(
                    PhoneNumbers.us, with: .requiresRecentLogin, on: app.client,
                    because: "the sign-in is older than \(window)")
                try await expectSuccess("reauthenticate(with: password)") {
                    try await app.client.reauthenticate(with: PasswordUser.ada.credential)
                }
                try await context.enroll(PhoneNumbers.us, on: app.client)
            },
            Check(
                id: "enroll-after-window",
                "a session and SMS taken within the window, but enroll after it, fails with requiresRecentLogin",
                requires: [.worldClock]
            ) { context in
                let app = try await context.launchApp(.standard.with(\.phone.codeLifetime, .seconds(3600)))
                try await context.signUpVerified(.ada, on: app.client)
                let window = ProjectConfiguration.standard.multiFactor.recentSignInWindow
                let session = try await expectSuccess("multiFactorSession()") {
                    try await app.client.multiFactorSession()
                }
                let verificationID = try await expectSuccess(
                    "verifyPhoneNumber(\"\(PhoneNumbers.us)\", multiFactorSession:)"
                ) { try await app.client.verifyPhoneNumber(PhoneNumbers.us, multiFactorSession: session) }
                let code = try context.latestCode(sentTo: PhoneNumbers.us)
                try context.advanceClock(by: window + .seconds(1))
                try await expectFailure(
                    .requiresRecentLogin, when: "enroll \(window + .seconds(1)) after the sign-in (window \(window))"
                ) {
                    try await app.client.enroll(
                        with: .phone(verificationID: verificationID, verificationCode: code), displayName: nil)
                }
                try await context.expectNoFactor(on: app.client, after: "enroll with a stale sign-in")
            },
        ])
}
