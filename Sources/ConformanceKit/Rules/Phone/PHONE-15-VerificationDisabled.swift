extension Rule {
    public static let phone15 = Rule(
        "PHONE-15", .must, flow: .phone, title: "With app verification disabled for testing, only test numbers work",
        statement: """
            With app verification disabled for testing, a test number completes with no push and no reCAPTCHA, and a \
            number that is not a test number fails with an AuthError (code not pinned: production answers a missing or \
            invalid app credential) and no SMS is sent.
            """,
        sources: [
            .firebasePhoneAuth(
                section: """
                    Integration testing: appVerificationDisabledForTesting; “only allowed phone numbers can be used \
                    with this API”
                    """)
        ],
        hint: """
            if this fails, check that with app verification disabled the client skips push and reCAPTCHA only for \
            configured test numbers, and that any other number is refused without an SMS
            """,
        checks: [
            Check(id: "test-number-signs-in", "a test number signs in with no push and no reCAPTCHA") { context in
                let app = try await context.launchApp(.withTestNumbers)
                try await app.client.setAppVerificationDisabledForTesting(true)
                try await context.signIn(with: PhoneNumbers.test, on: app.client)
                try expectEqual(
                    context.world.push.deliveries.count, 0,
                    "the number of silent pushes sent with app verification disabled")
                try expectEqual(
                    context.world.recaptcha.presentations.count, 0,
                    "the number of reCAPTCHAs presented with app verification disabled")
            },
            // A backend that refuses a real number without an app's proof verifies the app through the world's push
            // (PHONE-14): a server over HTTP verifies no app the suite can reach.
            Check(
                id: "real-number-refused", "a number that is not a test number fails and gets no SMS",
                requires: [.worldParties]
            ) { context in
                let app = try await context.launchApp(.withTestNumbers)
                try await app.client.setAppVerificationDisabledForTesting(true)
                _ = try await expectAuthError(
                    when: "verifyPhoneNumber(\"\(PhoneNumbers.us)\") (not a test number) with app verification disabled"
                ) { try await app.client.verifyPhoneNumber(PhoneNumbers.us) }
                try context.expectNoSMS("app verification was disabled for a real number")
            },
        ])
}
