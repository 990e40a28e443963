extension Rule {
    public static let phone5 = Rule(
        "PHONE-5", .must, flow: .phone,
        title: "A wrong code fails with invalidVerificationCode; the right code still works",
        statement: "A wrong code fails with invalidVerificationCode [17044] and signs nobody in; the right code still works afterwards.",
        source: "000, emulator (a wrong code does not consume the session)",
        checks: [
            Check("a wrong code fails with invalidVerificationCode, then the right code signs in") { context in
                let app = try await context.launchApp()
                let verificationID = try await context.requestCode(PhoneNumbers.us, on: app.client)
                let code = try context.latestCode(sentTo: PhoneNumbers.us)
                try await expectFailure(.invalidVerificationCode, when: "signIn with the wrong code \(wrongCode(for: code))") {
                    try await app.client.signIn(with: .phone(verificationID: verificationID, verificationCode: wrongCode(for: code)))
                }
                try await context.expectSignedOut(app.client, after: "a wrong code")
                try await context.signIn(verificationID, code: code, on: app.client)
            },
        ])
}
