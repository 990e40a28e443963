extension Rule {
    public static let phone13 = Rule(
        "PHONE-13", .must, flow: .phone, title: "A test-number user is a real user with a verifiable ID token",
        statement: """
            A user signed in with a test number is a real user: same user shape and token verification as a \
            real-number user.
            """,
        sources: [
            .firebasePhoneAuth(
                section: """
                    Test with fictional phone numbers, Manual testing: “ID tokens issued during this process have the \
                    same signature as real phone number users”
                    """)
        ],
        hint: """
            if this fails, check that a test-number sign-in goes through the same user creation and token minting as a \
            real one: same fields and providers, sign_in_provider phone, an ID token that verifies
            """,
        checks: [
            Check(
                id: "same-shape-as-real-users",
                "test-number and real-number users have the same shape and both ID tokens verify"
            ) { context in
                let backend = try await context.makeBackend(.withTestNumbers)
                let testApp = try await context.launch(backend, on: .primary)
                let realApp = try await context.launch(backend, on: .secondary)
                let testUser = try await context.signIn(with: PhoneNumbers.test, on: testApp).user
                let realUser = try await context.signInWithSMS(PhoneNumbers.us, on: realApp).user
                try expectEqual(
                    testUser.shape, realUser.shape, "the shape of the test-number user, beside a real-number user's")
                try await expectEveryCase(
                    [(testApp, testUser), (realApp, realUser)], "ID tokens of a test-number and a real-number user"
                ) { app, user in
                    let token = try await expectSuccess("getIDToken() of \(user.phoneNumber.shown)") {
                        try await app.getIDToken(forceRefresh: false)
                    }
                    let claims = try await expectSuccess("verifyIDToken(the token of \(user.phoneNumber.shown))") {
                        try await backend.verifyIDToken(token)
                    }
                    try expectEqual(
                        claims.uid, user.uid, "the uid the ID token of \(user.phoneNumber.shown) verifies as")
                    try expectEqual(
                        claims.phoneNumber, user.phoneNumber,
                        "the phone number the ID token of \(user.phoneNumber.shown) verifies as")
                    try expectEqual(
                        claims.signInProvider, ProviderID.phone,
                        "the sign-in provider the ID token of \(user.phoneNumber.shown) verifies as")
                }
            }
        ])
}

extension AuthUser {
    /// Which fields are set and which providers are linked: what must not differ between test and real users.
    fileprivate var shape: String {
        let set = [
            ("uid", !uid.isEmpty), ("phoneNumber", phoneNumber != nil), ("email", email != nil),
            ("anonymous", isAnonymous),
        ]
        return "{providerID \(providerID), " + set.map { "\($0.0): \($0.1)" }.joined(separator: ", ")
            + ", providers \(providerData.map(\.providerID).sorted())}"
    }
}
