extension Rule {
    public static let phone4 = Rule(
        "PHONE-4", .must, flow: .phone,
        title: "The SMS code signs in; the first sign-in creates the user, later ones return it",
        statement: """
            Signing in with the verification ID and the code from that SMS succeeds; the user's phone number is the \
            E.164 number; the first sign-in creates the user (isNewUser true), a later one returns the same user \
            (isNewUser false).
            """, sources: [.firebasePhoneAuth(section: "Sign in the user with the verification code")],
        hint: """
            if this fails, check that users are stored and looked up by the E.164 number, so a later sign-in returns \
            the same uid, and that isNewUser is true only for the sign-in that created the user
            """,
        checks: [
            Check(
                id: "new-then-same-user",
                "first sign-in creates a user with the E.164 number, a later one returns the same user"
            ) { context in
                let app = try await context.launchApp()
                let first = try await context.signInWithSMS(PhoneNumbers.brazil, on: app.client)
                try expectEqual(
                    first.user.phoneNumber, PhoneNumbers.brazil,
                    "the phone number of the user the first sign-in created")
                try expectEqual(first.additionalUserInfo?.isNewUser, true, "isNewUser of the first sign-in")
                let current = await app.client.currentUser
                try expectEqual(current?.uid, first.user.uid, "the uid of currentUser after the first sign-in")
                try await expectSuccess("signOut()") { try await app.client.signOut() }
                let second = try await context.signInWithSMS(PhoneNumbers.brazil, on: app.client)
                try expectEqual(second.user.uid, first.user.uid, "the uid the second sign-in returned")
                try expectEqual(second.additionalUserInfo?.isNewUser, false, "isNewUser of the second sign-in")
            }
        ])
}
