extension Rule {
    public static let phone18 = Rule(
        "PHONE-18", .must, flow: .phone,
        title: "Signing out clears the current user, also at the next launch; the user can sign in again",
        statement: "Signing out clears the current user, also for the app's next launch on that device; the phone user can sign in again later.",
        sources: [.firebasePhoneAuth(section: "Next steps: “to sign out a user, call signOut:”")],
        hint: """
            if this fails, check that signOut clears the user persisted on the device as well as in memory, and that the \
            number signs in to the same uid afterwards
            """,
        checks: [
            Check("after sign-out nobody is signed in, and a day later the same user signs in again", requires: [.worldClock]) { context in
                let app = try await context.launchApp()
                let first = try await context.signInWithSMS(PhoneNumbers.us, on: app.client)
                try await expectSuccess("signOut()") { try await app.client.signOut() }
                try await context.expectSignedOut(app.client, after: "signOut()")
                try context.advanceClock(by: .seconds(86_400))
                let again = try await context.signInWithSMS(PhoneNumbers.us, on: app.client)
                try expect(again.user.uid == first.user.uid, "signing in again gave uid \(again.user.uid); expected \(first.user.uid)")
            },
            Check("after sign-out, the app's next launch on the device has nobody signed in") { context in
                let backend = try await context.makeBackend()
                let app = try await context.launch(backend)
                try await context.signInWithSMS(PhoneNumbers.us, on: app)
                try await expectSuccess("signOut()") { try await app.signOut() }
                let relaunched = try await context.launch(backend)
                try await context.expectSignedOut(relaunched, after: "signOut() and a restart of the app")
            },
        ])
}
