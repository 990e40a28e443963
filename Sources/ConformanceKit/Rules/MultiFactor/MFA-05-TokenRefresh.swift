extension Rule {
    public static let mfa5 = Rule(
        "MFA-5", .must, flow: .multiFactor,
        title: "Enrollment refreshes the ID token and notifies ID-token listeners",
        statement: "Enrollment refreshes the user's tokens and notifies ID-token listeners.",
        source: "001 (“This will update the underlying tokens and trigger ID token change listener”)",
        checks: [
            Check("after enrollment the ID token is new and verifies, and listeners heard of it") { context in
                let app = try await context.launchApp()
                let user = try await context.signUpVerified(.ada, on: app.client)
                let before = try await expectSuccess("getIDToken()") { try await app.client.getIDToken(forceRefresh: false) }
                let heard = EventLog<AuthUser?>()
                let registration = await app.client.addIDTokenDidChangeListener { heard.append($0) }
                let heardAtRegistration = heard.all.count
                try await context.enroll(PhoneNumbers.us, on: app.client)
                let notified = await heard.contains(after: heardAtRegistration) { $0?.uid == user.uid }
                await app.client.removeIDTokenDidChangeListener(registration)
                let after = try await expectSuccess("getIDToken()") { try await app.client.getIDToken(forceRefresh: false) }
                try expect(after != before, "the ID token is the same before and after enrollment")
                let claims = try await expectSuccess("verifyIDToken(the token after enrollment)") { try await app.backend.verifyIDToken(after) }
                try expect(claims.uid == user.uid, "the new ID token is for \(claims.uid); expected \(user.uid)")
                try expect(notified, "the ID-token listener heard \(heard.all.count - heardAtRegistration) changes during enrollment; expected one for \(user.uid)")
            },
        ])
}
