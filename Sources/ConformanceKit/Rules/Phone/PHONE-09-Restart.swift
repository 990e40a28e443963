extension Rule {
    public static let phone9 = Rule(
        "PHONE-9", .must, flow: .phone, title: "The verification ID survives an app restart",
        statement: """
            The verification ID is a plain string that survives an app restart: a new client instance of the same \
            project signs in with it.
            """,
        sources: [
            .firebasePhoneAuth(
                section: """
                    Send a verification code to the user's phone: “save the verification ID and restore it when your \
                    app loads”
                    """)
        ],
        hint: """
            if this fails, check that the verification is kept on the backend under its verification ID, not in the \
            client instance that asked for it, so a new client of the same project completes it
            """,
        checks: [
            Check(id: "restarted-app-signs-in", "a restarted app signs in with the stored verification ID") { context in
                let backend = try await context.makeBackend()
                let before = try await context.launch(backend)
                let verificationID = try await context.requestCode(PhoneNumbers.us, on: before)
                let restarted = try await context.launch(backend)
                let result = try await context.signIn(
                    verificationID, code: try context.latestCode(sentTo: PhoneNumbers.us), on: restarted)
                try expectEqual(
                    result.user.phoneNumber, PhoneNumbers.us, "the phone number of the user the restarted app signed in"
                )
            }
        ])
}
