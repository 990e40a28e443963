extension Rule {
    public static let mfa5 = Rule(
        "MFA-5", .must, flow: .multiFactor, title: "Enrollment refreshes the ID token and notifies ID-token listeners",
        statement: "Enrollment refreshes the user's tokens and notifies ID-token listeners.",
        sources: [
            .firebaseMultiFactor(
                section: """
                    Enrolling a second factor: “Complete enrollment. This will update the underlying tokens and \
                    trigger ID token change listener.”
                    """)
        ],
        hint: """
            if this fails, check that enroll mints a new ID token for the user and notifies the ID-token listeners \
            registered before it
            """,
        checks: [
            Check(id: "new-token-verifies", "after enrollment the ID token is new and verifies") { context in
                let app = try await context.launchApp()
                let user = try await context.signUpVerified(.ada, on: app.client)
                let before = try await expectSuccess("getIDToken()") {
                    try await app.client.getIDToken(forceRefresh: false)
                }
                try await context.enroll(PhoneNumbers.us, on: app.client)
                let after = try await expectSuccess("getIDToken()") {
                    try await app.client.getIDToken(forceRefresh: false)
                }
                try expect(
                    after != before,
                    "getIDToken() after enroll(with:) returned the token it returned before the enrollment",
                    expected: "a new ID token naming the second factor", actual: "the same token \(before.abbreviated)")
                let claims = try await expectSuccess("verifyIDToken(the token after enrollment)") {
                    try await app.backend.verifyIDToken(after)
                }
                try expectEqual(claims.uid, user.uid, "the uid of the new ID token")
            },
            Check(id: "listener-hears-enrollment", "an ID-token listener registered before enrollment hears of it") {
                context in
                let app = try await context.launchApp()
                let user = try await context.signUpVerified(.ada, on: app.client)
                let (heard, registration) = try await context.listen(on: app.client)
                let atRegistration = heard.count
                try await context.enroll(PhoneNumbers.us, on: app.client)
                try await context.waiting(for: "the ID-token listener to hear the token change of the enrollment") {
                    try await heard.next(after: atRegistration) { $0?.uid == user.uid }
                }
                await app.client.removeIDTokenDidChangeListener(registration)
            },
        ])
}
