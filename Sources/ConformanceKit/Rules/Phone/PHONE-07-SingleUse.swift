import MockIdP

extension Rule {
    public static let phone7 = Rule(
        "PHONE-7", .must, flow: .phone,
        title: "A code is good for one sign-in",
        statement: "A code is good for one sign-in; using it again fails (sessionExpired [17051] or invalidVerificationID).",
        sources: [
            .firebaseAuthEmulatorSource(section: "operations.ts, verifyPhoneNumber: the verification is deleted once its code has signed in"),
            .firebaseAuthErrorCode(section: "sessionExpired (17051), invalidVerificationID (17046)"),
        ],
        hint: """
            if this fails, check that a successful sign-in marks its verification used on the backend, not only in the \
            client, so the same ID and code fail on every device
            """,
        checks: [
            Check("signing in again with a used code fails, on the same device and on another") { context in
                let backend = try await context.makeBackend()
                let app = try await context.launch(backend, on: .primary)
                let other = try await context.launch(backend, on: .secondary)
                let verificationID = try await context.requestCode(PhoneNumbers.us, on: app)
                let code = try context.latestCode(sentTo: PhoneNumbers.us)
                try await context.signIn(verificationID, code: code, on: app)
                try await expectSuccess("signOut()") { try await app.signOut() }
                for (client, device) in [(app, Device.primary), (other, Device.secondary)] {
                    try await expectFailure(.sessionExpired, .invalidVerificationID, when: "signIn again with the used verification ID and code on \(device)") {
                        try await client.signIn(with: .phone(verificationID: verificationID, verificationCode: code))
                    }
                    try await context.expectSignedOut(client, after: "reusing a code on \(device)")
                }
            },
        ])
}
