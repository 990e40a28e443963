extension Rule {
    public static let phone7 = Rule(
        "PHONE-7", .must, flow: .phone,
        title: "A code is good for one sign-in",
        statement: "A code is good for one sign-in; using it again fails (sessionExpired [17051] or invalidVerificationID).",
        source: "emulator (the verification record is deleted on success)",
        checks: [
            Check("signing in again with a used code fails") { context in
                let app = try await context.launchApp()
                let verificationID = try await context.requestCode(PhoneNumbers.us, on: app.client)
                let code = try context.latestCode(sentTo: PhoneNumbers.us)
                try await context.signIn(verificationID, code: code, on: app.client)
                try await expectSuccess("signOut()") { try await app.client.signOut() }
                try await expectFailure(.sessionExpired, .invalidVerificationID, when: "signIn again with the same verification ID and code") {
                    try await app.client.signIn(with: .phone(verificationID: verificationID, verificationCode: code))
                }
                try await context.expectSignedOut(app.client, after: "reusing a code")
            },
        ])
}
