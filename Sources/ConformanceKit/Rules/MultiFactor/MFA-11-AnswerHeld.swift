import MockIdP

extension Check {
    /// MFA-11 at once, inside one backend call: the first resolution's backend has answered but not yet finished (its
    /// answer held on the way back), so a backend that checks the pending credential and its code, answers, and only
    /// then marks them used lets a second resolution of the same session through.
    static let mfa11AnswerHeld = Check(
        id: "two-resolutions-answer-held",
        """
        of two resolveSignIn calls with one session and code, the second made while the first's answer is on its way \
        back (at each of its answers), exactly one succeeds
        """, requires: [.worldNetwork]
    ) { context in
        let (app, firstResolver) = try await context.pendingSignIn()
        try await context.expectOneUseWhileAnswersHeld(
            "resolver session", refusals: [],
            uses: { attempt in
                var resolver = firstResolver
                if attempt > 0 { resolver = try await context.expectSecondFactorRequired(.ada, on: app.client).1 }
                let verificationID = try await context.requestCode(for: resolver.hints[0], of: resolver, on: app.client)
                let assertion = MultiFactorAssertion.phone(
                    verificationID: verificationID, verificationCode: try context.latestCode(sentTo: PhoneNumbers.us))
                return TwoUses(
                    ConcurrentCall("resolveSignIn(with: the code from the SMS)") { [resolver] in
                        try await resolver.resolveSignIn(with: assertion)
                    },
                    ConcurrentCall("resolveSignIn with the same session and code, at the same time") { [resolver] in
                        try await resolver.resolveSignIn(with: assertion)
                    })
            }, after: { _ in try await expectSuccess("signOut()") { try await app.client.signOut() } })
    }
}
