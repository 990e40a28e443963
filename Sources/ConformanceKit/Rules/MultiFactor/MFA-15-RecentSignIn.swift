extension Rule {
    public static let mfa15 = Rule(
        "MFA-15", .should, flow: .multiFactor,
        title: "Enrolling requires a recent sign-in",
        statement: """
            Enrolling requires a recent sign-in (the seed's first step is to re-authenticate): a stale session fails with \
            requiresRecentLogin [17014].
            """,
        source: "001 (“사용자를 다시 인증합니다”)",
        checks: [
            Check("a sign-in older than the window cannot enroll until the user re-authenticates") { context in
                let app = try await context.launchApp()
                try await context.signUpVerified(.ada, on: app.client)
                context.world.clock.advance(by: ProjectConfiguration.standard.multiFactor.recentSignInWindow + .seconds(1))
                try await context.expectEnrollmentRefused(
                    PhoneNumbers.us, with: .requiresRecentLogin, on: app.client,
                    because: "the sign-in is older than \(ProjectConfiguration.standard.multiFactor.recentSignInWindow)")
                try await expectSuccess("reauthenticate(with: password)") { try await app.client.reauthenticate(with: PasswordUser.ada.credential) }
                try await context.enroll(PhoneNumbers.us, on: app.client)
            },
        ])
}
