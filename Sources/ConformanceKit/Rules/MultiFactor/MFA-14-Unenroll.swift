extension Rule {
    public static let mfa14 = Rule(
        "MFA-14", .must, flow: .multiFactor,
        title: "Unenrolling removes exactly the factor named; with none left, the first factor signs in again",
        statement: """
            Unenrolling removes exactly the factor named, and no other; with none left, first-factor sign-in signs the \
            user in again.
            """, sources: [.firebaseMultiFactorReference(section: "unenroll")],
        hint: """
            if this fails, check that unenroll removes only the factor with that uid, and that a user with no factor \
            left signs in with the first factor alone
            """,
        checks: [
            Check(id: "only-factor-unenrolled", "after unenrolling the only factor, the password alone signs in") {
                context in
                let app = try await context.launchApp()
                try await context.signUpVerified(.ada, on: app.client)
                let factor = try await context.enroll(PhoneNumbers.us, on: app.client)
                try await expectSuccess("unenroll(factorUID: \(factor.uid))") {
                    try await app.client.unenroll(factorUID: factor.uid)
                }
                try await context.expectNoFactor(on: app.client, after: "unenroll(factorUID: \(factor.uid)) succeeded")
                try await expectSuccess("signOut()") { try await app.client.signOut() }
                try await expectSuccess("signIn(with: password) after unenrolling") {
                    try await app.client.signIn(with: PasswordUser.ada.credential)
                }
            },
            Check(
                id: "middle-factor-unenrolled",
                "of three factors, unenrolling the second leaves exactly the first and the third"
            ) { context in
                let app = try await context.launchApp()
                try await context.signUpVerified(.ada, on: app.client)
                var factors: [MultiFactorInfo] = []
                for number in [PhoneNumbers.us, PhoneNumbers.uk, PhoneNumbers.ireland] {
                    factors.append(try await context.enroll(number, on: app.client))
                }
                try await expectSuccess("unenroll(factorUID: the second factor's)") {
                    try await app.client.unenroll(factorUID: factors[1].uid)
                }
                let left = (await app.client.currentUser?.enrolledFactors ?? []).map(\.uid)
                try expectEqual(
                    left.sorted(), [factors[0].uid, factors[2].uid].sorted(),
                    "the uids of the factors left after unenrolling the second")
            },
        ])
}
