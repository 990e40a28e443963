extension Rule {
    public static let mfa2 = Rule(
        "MFA-2", .must, flow: .multiFactor, title: "Phone and anonymous users cannot enroll a second factor",
        statement: """
            Users whose first factor is phone or anonymous (or Game Center, where supported) cannot enroll: \
            unsupportedFirstFactor [17089].
            """,
        sources: [
            .firebaseMultiFactor(
                section: """
                    Before you begin: “every provider supports MFA, except phone auth, anonymous auth, and Apple Game \
                    Center”
                    """), .firebaseAuthErrorCode(section: "unsupportedFirstFactor (17089)"),
        ],
        hint: """
            if this fails, check that enrollment looks at how the current user signed in and refuses phone and \
            anonymous users with unsupportedFirstFactor
            """,
        checks: [
            Check(id: "phone-user-cannot-enroll", "a user signed in by phone cannot enroll") { context in
                let app = try await context.launchApp()
                try await context.signInWithSMS(PhoneNumbers.brazil, on: app.client)
                try await context.expectEnrollmentRefused(
                    PhoneNumbers.us, with: .unsupportedFirstFactor, on: app.client, because: "the first factor is phone"
                )
            },
            Check(id: "anonymous-cannot-enroll", "an anonymous user cannot enroll", requires: [.facet(.anonymous)]) {
                context in
                let app = try await context.launchApp()
                guard let anonymous = app.client.anonymous else { throw AdapterError.missing(.anonymous) }
                try await expectSuccess("signInAnonymously()") { try await anonymous.signInAnonymously() }
                try await context.expectEnrollmentRefused(
                    PhoneNumbers.us, with: .unsupportedFirstFactor, on: app.client, because: "the user is anonymous")
            },
        ])
}
