import MockIdP

extension Rule {
    public static let phone7 = Rule(
        "PHONE-7", .must, flow: .phone, title: "A code is good for one sign-in",
        statement: """
            A code is good for one sign-in; using it again fails (sessionExpired [17051] or invalidVerificationID). \
            This holds for uses at the same time too: of two sign-ins with one code at once, on one device or two, \
            exactly one succeeds.
            """,
        sources: [
            .firebaseAuthEmulatorSource(
                section: "operations.ts, verifyPhoneNumber: the verification is deleted once its code has signed in"),
            .firebaseAuthErrorCode(section: "sessionExpired (17051), invalidVerificationID (17046)"),
        ],
        hint: """
            if this fails, check that a successful sign-in marks its verification used on the backend, not only in the \
            client, so the same ID and code fail on every device; and that checking the code and marking it used are \
            one step, so a second sign-in arriving in between cannot pass the check too
            """,
        checks: [
            Check(id: "used-code-refused", "signing in again with a used code fails, on the same device and on another")
            { context in
                let backend = try await context.makeBackend()
                let app = try await context.launch(backend, on: .primary)
                let other = try await context.launch(backend, on: .secondary)
                let verificationID = try await context.requestCode(PhoneNumbers.us, on: app)
                let code = try context.latestCode(sentTo: PhoneNumbers.us)
                try await context.signIn(verificationID, code: code, on: app)
                try await expectSuccess("signOut()") { try await app.signOut() }
                try await expectEveryCase(
                    [(app, Device.primary), (other, Device.secondary)], "devices reusing the code"
                ) { client, device in
                    try await expectFailure(
                        .sessionExpired, .invalidVerificationID,
                        when: "signIn again with the used verification ID and code on \(device)"
                    ) { try await client.signIn(with: .phone(verificationID: verificationID, verificationCode: code)) }
                    try await context.expectSignedOut(client, after: "reusing a code on \(device)")
                }
            },
            Check(
                id: "concurrent-sign-ins",
                "of two sign-ins with one code made at once, on the same app and on two devices, exactly one succeeds",
                requires: [.worldNetwork]
            ) { context in try await context.expectOneOfTwoSignIns(startedBy: .lockstep) }, .phone7StartedTogether,
            .phone7AnswerHeld, .doorCodeTwiceAtOnce,
        ])
}
