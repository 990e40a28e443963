extension Rule {
    public static let phone6 = Rule(
        "PHONE-6", .must, flow: .phone,
        title: "Unknown, tampered or empty verification IDs and empty codes fail with their own errors",
        statement: """
            An unknown or tampered verification ID fails with invalidVerificationID [17046]; an empty one with \
            missingVerificationID [17045]; an empty code with missingVerificationCode [17043].
            """,
        sources: [
            .firebaseAuthErrorCode(
                section: "invalidVerificationID (17046), missingVerificationID (17045), missingVerificationCode (17043)"
            ),
            .firebaseAuthEmulatorSource(
                section: "operations.ts, verifyPhoneNumber: an unknown sessionInfo fails with INVALID_SESSION_INFO"),
        ],
        hint: """
            if this fails, check that an empty verification ID fails with missingVerificationID and an empty code with \
            missingVerificationCode, and that any verification ID the backend did not issue, even one a single \
            character off, fails with invalidVerificationID
            """,
        checks: [
            Check(
                id: "unknown-or-tampered-id",
                "an unknown verification ID, and each nearest tampering of a real one, fail with invalidVerificationID"
            ) { context in
                let app = try await context.launchApp()
                let verificationID = try await context.requestCode(PhoneNumbers.us, on: app.client)
                let code = try context.latestCode(sentTo: PhoneNumbers.us)
                try await expectEveryCase(
                    ["unknown-verification-id"] + nearMisses(ofIdentifier: verificationID), "forged verification IDs"
                ) { forged in
                    if await app.client.currentUser != nil {  // a forgery before this one signed in
                        try await expectSuccess("signOut() after an accepted forgery") {
                            try await app.client.signOut()
                        }
                    }
                    try await expectFailure(
                        .invalidVerificationID,
                        when: "signIn with verification ID \"\(forged.abbreviated)\" and the right code"
                    ) { try await app.client.signIn(with: .phone(verificationID: forged, verificationCode: code)) }
                }
                try await context.expectSignedOut(app.client, after: "forged verification IDs")
                try await context.signIn(verificationID, code: code, on: app.client)
            },
            Check(id: "empty-verification-id", "an empty verification ID fails with missingVerificationID") { context in
                let app = try await context.launchApp()
                _ = try await context.requestCode(PhoneNumbers.us, on: app.client)
                let code = try context.latestCode(sentTo: PhoneNumbers.us)
                try await expectFailure(.missingVerificationID, when: "signIn with an empty verification ID") {
                    try await app.client.signIn(with: .phone(verificationID: "", verificationCode: code))
                }
            },
            Check(id: "empty-code", "an empty code fails with missingVerificationCode") { context in
                let app = try await context.launchApp()
                let verificationID = try await context.requestCode(PhoneNumbers.us, on: app.client)
                try await expectFailure(.missingVerificationCode, when: "signIn with an empty code") {
                    try await app.client.signIn(with: .phone(verificationID: verificationID, verificationCode: ""))
                }
            },
        ])
}
