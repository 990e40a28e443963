import MockIdP

extension Check {
    /// PHONE-7 at once, inside one backend call: the first sign-in's backend has answered but not yet finished (its
    /// answer held on the way back), so a backend that checks the code, answers, and only then marks it used lets a
    /// second sign-in with the same code through. The request hold of `concurrent-sign-ins` cannot reach that window.
    static let phone7AnswerHeld = Check(
        id: "two-sign-ins-answer-held",
        """
        of two sign-ins with one code, the second made while the first's answer is on its way back (at each of its \
        answers), on the same app and on two devices, exactly one succeeds
        """, requires: [.worldNetwork]
    ) { context in
        let backend = try await context.makeBackend()
        let app = try await context.launch(backend, on: .primary)
        let other = try await context.launch(backend, on: .secondary)
        let places = [(PhoneNumbers.us, app, "the same app"), (PhoneNumbers.usOther, other, "\(Device.secondary)")]
        try await expectEveryCase(places, "pairs of sign-ins with one code, the first's answer held") {
            phoneNumber, second, place in
            try await context.expectOneUseWhileAnswersHeld(
                "code", refusals: [.sessionExpired, .invalidVerificationID],
                uses: { _ in
                    let verificationID = try await context.requestCode(phoneNumber, on: second)
                    let code = try context.latestCode(sentTo: phoneNumber)
                    let credential = AuthCredential.phone(verificationID: verificationID, verificationCode: code)
                    return TwoUses(
                        ConcurrentCall("signIn with the code of \(phoneNumber) on \(Device.primary)") {
                            try await app.signIn(with: credential)
                        },
                        ConcurrentCall("signIn with the same verification ID and code on \(place)") {
                            try await second.signIn(with: credential)
                        })
                },
                after: { _ in
                    try await expectSuccess("signOut() on \(Device.primary)") { try await app.signOut() }
                    try await expectSuccess("signOut() on \(place)") { try await second.signOut() }
                })
        }
    }
}
