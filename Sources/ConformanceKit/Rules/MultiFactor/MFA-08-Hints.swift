extension Rule {
    public static let mfa8 = Rule(
        "MFA-8", .must, flow: .multiFactor,
        title: "One hint per factor, with its uid, name and factor ID; the chosen hint's number gets the SMS",
        statement: """
            Each hint carries the factor's uid, displayName and factorID; with several factors there is one hint per \
            factor, and choosing hint *i* sends the SMS to factor *i*'s number only.
            """,
        sources: [
            .firebaseMultiFactor(section: "Signing users in with a second factor: resolver.hints[selectedIndex]")
        ],
        hint: """
            if this fails, check that the resolver has one hint per enrolled factor, in order, with its uid, \
            displayName and factorID, and that verifyPhoneNumber(with: hint, …) texts that factor's number only
            """,
        checks: [
            Check(
                id: "two-factors-two-hints",
                "two factors give two matching hints, and choosing the second texts only its number"
            ) { context in
                let app = try await context.launchApp()
                let factors = try await context.multiFactorUser(
                    factors: [PhoneNumbers.us, PhoneNumbers.uk], on: app.client)
                let (_, resolver) = try await context.expectSecondFactorRequired(.ada, on: app.client)
                let hinted = resolver.hints.map { "\($0.uid)/\($0.displayName.shown)/\($0.factorID)" }
                let enrolled = factors.map { "\($0.uid)/\($0.displayName.shown)/\($0.factorID)" }
                try expectEqual(
                    hinted, enrolled, "the hints' uid/displayName/factorID (the enrolled factors', in order)")
                _ = context.world.outbound.finish()
                _ = try await context.requestCode(for: resolver.hints[1], of: resolver, on: app.client)
                _ = try context.world.outbound.exactlyOneSMS(to: PhoneNumbers.uk)
                try context.world.outbound.expectNothingElse("choosing the hint of \(PhoneNumbers.uk) texted it")
            }
        ])
}
