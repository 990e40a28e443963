extension Rule {
    public static let phone18 = Rule(
        "PHONE-18", .must, flow: .phone,
        title: "The user persists once sign-in returns; signing out clears it, also at the next launch",
        statement: """
            The signed-in user persists: as soon as a sign-in call has returned, the app launched again on that device \
            finds that user signed in. Signing out clears the current user, also for the app's next launch on that \
            device; the phone user can sign in again later.
            """, sources: [.firebasePhoneAuth(section: "Next steps: “to sign out a user, call signOut:”")],
        hint: """
            if this fails, check that a sign-in writes the user to the device's keychain before it returns (not later, \
            nor on a queue), that signOut clears the user persisted on the device as well as in memory, and that the \
            number signs in to the same uid afterwards
            """,
        checks: [
            Check(
                id: "relaunch-signed-in",
                "the app launched again on the device the instant a phone sign-in returns finds that user signed in",
                requires: [.worldKeychain]
            ) { context in
                let backend = try await context.makeBackend()
                let app = try await context.launch(backend)
                let verificationID = try await context.requestCode(PhoneNumbers.us, on: app)
                // The relaunch is judged while the app's listener queue is held: what the app leaves for that queue
                // after its listeners (a keychain write) comes after the relaunch every run, as it would after an app
                // killed the instant sign-in returned.
                let (user, restored) = try await context.holdingListenerQueue(of: app) { hold in
                    hold.arm()
                    let user = try await context.signIn(
                        verificationID, code: try context.latestCode(sentTo: PhoneNumbers.us), on: app
                    ).user
                    let relaunched = try await context.launch(backend)
                    return (user, await relaunched.currentUser?.uid)
                }
                try expectEqual(
                    restored, user.uid,
                    """
                    the uid of currentUser in the app launched again right after signIn(with: phone credential) \
                    returned
                    """)
            },
            Check(
                id: "sign-out-then-sign-in",
                "after sign-out nobody is signed in, and a day later the same user signs in again",
                requires: [.worldClock]
            ) { context in
                let app = try await context.launchApp()
                let first = try await context.signInWithSMS(PhoneNumbers.us, on: app.client)
                try await expectSuccess("signOut()") { try await app.client.signOut() }
                try await context.expectSignedOut(app.client, after: "signOut()")
                try context.advanceClock(by: .seconds(86_400))
                let again = try await context.signInWithSMS(PhoneNumbers.us, on: app.client)
                try expectEqual(
                    again.user.uid, first.user.uid, "the uid of the user signing in again a day after sign-out")
            },
            Check(
                id: "relaunch-signed-out", "after sign-out, the app's next launch on the device has nobody signed in",
                requires: [.worldKeychain]
            ) { context in
                let backend = try await context.makeBackend()
                let app = try await context.launch(backend)
                try await context.signInWithSMS(PhoneNumbers.us, on: app)
                try await expectSuccess("signOut()") { try await app.signOut() }
                let relaunched = try await context.launch(backend)
                try await context.expectSignedOut(relaunched, after: "signOut() and a restart of the app")
            },
        ])
}
