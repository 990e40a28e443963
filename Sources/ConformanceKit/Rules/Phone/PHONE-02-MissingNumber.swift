extension Rule {
    public static let phone2 = Rule(
        "PHONE-2", .must, flow: .phone, title: "An empty phone number fails with missingPhoneNumber",
        statement: "An empty phone number is rejected with missingPhoneNumber [17041]; no SMS is sent.",
        sources: [
            .firebaseAuthErrorCode(section: "missingPhoneNumber (17041)"),
            .firebasePhoneAuth(section: "Send a verification code to the user's phone"),
        ],
        hint: """
            if this fails, check that verifyPhoneNumber tests for an empty number first and fails with \
            missingPhoneNumber, not invalidPhoneNumber, before anything is sent
            """,
        checks: [
            Check(id: "empty-number", "verifyPhoneNumber(\"\") fails with missingPhoneNumber and sends no SMS") {
                context in
                let app = try await context.launchApp()
                try await expectFailure(.missingPhoneNumber, when: "verifyPhoneNumber(\"\")") {
                    try await app.client.verifyPhoneNumber("")
                }
                try context.expectNoSMS("the number was empty")
            }
        ])
}
