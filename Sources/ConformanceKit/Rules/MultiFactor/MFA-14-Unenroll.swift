extension Rule {
    public static let mfa14 = Rule(
        "MFA-14", .must, flow: .multiFactor,
        title: "Unenrolling removes the factor; with none left, the first factor signs in again",
        statement: "Unenrolling removes the factor; with none left, first-factor sign-in signs the user in again.",
        source: "Firebase MFA docs (unenroll)",
        checks: [
            Check("after unenrolling the only factor, the password alone signs in") { context in
                let app = try await context.launchApp()
                try await context.signUpVerified(.ada, on: app.client)
                let factor = try await context.enroll(PhoneNumbers.us, on: app.client)
                try await expectSuccess("unenroll(factorUID: \(factor.uid))") { try await app.client.unenroll(factorUID: factor.uid) }
                let left = await app.client.currentUser?.enrolledFactors ?? []
                try expect(left.isEmpty, "after unenrolling, \(left.count) factors are left")
                try await expectSuccess("signOut()") { try await app.client.signOut() }
                try await expectSuccess("signIn(with: password) after unenrolling") { try await app.client.signIn(with: PasswordUser.ada.credential) }
            },
        ])
}
