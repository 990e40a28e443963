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
            Check(
                id: "listener-hears-enrollment",
                """
                an ID-token listener registered before enrollment hears of it: a call whose user lists the new factor
                """
            ) { context in
                let app = try await context.launchApp()
                let user = try await context.signUpVerified(.ada, on: app.client)
                let (heard, registration) = try await context.listen(on: app.client)
                let atRegistration = heard.count
                let factor = try await context.enroll(PhoneNumbers.us, on: app.client)
                // A call on the way to the enrollment (a refresh of the token before it) names the user too; only a
                // call whose user has the new factor is the enrollment's. One that never comes is a hang naming it.
                try await context.waiting(
                    for: """
                        the ID-token listener to hear the token change of the enrollment, a call whose user lists the \
                        new factor (\(factor.uid), \(PhoneNumbers.us))
                        """
                ) {
                    try await heard.next(after: atRegistration) { heardUser in
                        heardUser?.uid == user.uid
                            && heardUser?.enrolledFactors.contains { $0.uid == factor.uid } == true
                    }
                }
                await app.client.removeIDTokenDidChangeListener(registration)
            },
        ])
}
