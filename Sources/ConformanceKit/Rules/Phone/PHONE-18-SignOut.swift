extension Rule {
    public static let phone18 = Rule(
        "PHONE-18", .must, flow: .phone,
        title: "Signing out clears the current user; the phone user can sign in again",
        statement: "Signing out clears the current user; the phone user can sign in again later.",
        source: "000",
        checks: [
            Check("after sign-out nobody is signed in, and a day later the same user signs in again") { context in
                let app = try await context.launchApp()
                let first = try await context.signInWithSMS(PhoneNumbers.us, on: app.client)
                try await expectSuccess("signOut()") { try await app.client.signOut() }
                try await context.expectSignedOut(app.client, after: "signOut()")
                context.world.clock.advance(by: .seconds(86_400))
                let again = try await context.signInWithSMS(PhoneNumbers.us, on: app.client)
                try expect(again.user.uid == first.user.uid, "signing in again gave uid \(again.user.uid); expected \(first.user.uid)")
            },
        ])
}
