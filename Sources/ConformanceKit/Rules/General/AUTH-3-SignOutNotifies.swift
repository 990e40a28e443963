extension Rule {
    public static let auth3 = Rule(
        "AUTH-3", .must, flow: .general,
        title: "Signing out clears the current user and notifies listeners",
        statement: "Signing out clears the current user and notifies listeners.",
        source: "000–004",
        checks: [
            Check("ID-token listeners hear the sign-in and then the sign-out") { context in
                guard context.capabilities.flows.contains(.phone) else { throw NotApplicable("the subject does not declare the phone flow") }
                let app = try await context.launchApp()
                let heard = EventLog<AuthUser?>()
                let registration = await app.client.addIDTokenDidChangeListener { heard.append($0) }
                let user = try await context.signInWithSMS(PhoneNumbers.us, on: app.client).user
                let heardSignIn = await heard.contains { $0?.uid == user.uid }
                try expect(heardSignIn, "the listener never heard of the sign-in of \(user.uid); it heard \(heard.all.map { $0?.uid ?? "nil" })")
                let beforeSignOut = heard.all.count
                try await expectSuccess("signOut()") { try await app.client.signOut() }
                try await context.expectSignedOut(app.client, after: "signOut()")
                let heardSignOut = await heard.contains(after: beforeSignOut) { $0 == nil }
                try expect(heardSignOut, "the listener heard \(heard.all.dropFirst(beforeSignOut).map { $0?.uid ?? "nil" }) after signOut(); expected a nil user")
                await app.client.removeIDTokenDidChangeListener(registration)
            },
        ])
}
