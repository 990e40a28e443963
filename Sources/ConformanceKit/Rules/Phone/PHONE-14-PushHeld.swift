import MockIdP

extension Check {
    /// PHONE-14 at once, at the push: the first verification's push waits in the channel while the second starts, so
    /// a client that keeps one slot for the push it awaits loses the first's. Needs no hold of the app's requests, so
    /// it also judges a subject whose requests to its backend the world cannot hold.
    static let phone14PushHeld = Check(
        id: "verifications-push-held",
        """
        two verifications on one app, the second made while the first's silent push is held in the push channel, are \
        each proven by their own push, with no reCAPTCHA, each texted
        """, requires: [.worldParties]
    ) { context in
        let app = try await context.launchApp()
        let numbers = [PhoneNumbers.us, PhoneNumbers.usOther]
        let outcomes = try await context.atOnceWithPushesHeld(
            numbers.map { number in
                ConcurrentCall("verifyPhoneNumber(\"\(number)\")") { try await app.client.verifyPhoneNumber(number) }
            })
        try await expectEveryCase(Array(zip(numbers, outcomes)), "verifications whose pushes were held") {
            number, outcome in
            try await expectSuccess("verifyPhoneNumber(\"\(number)\") made while another's push was held") {
                try outcome.get()
            }
            _ = try context.world.outbound.exactlyOneSMS(to: number)
        }
        try expectEqual(
            context.world.recaptcha.presentations.count, 0,
            "the number of reCAPTCHAs presented for two verifications whose pushes were held, while the channel works")
    }
}
