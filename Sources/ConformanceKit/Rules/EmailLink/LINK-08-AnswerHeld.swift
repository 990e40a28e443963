import MockIdP

extension Check {
    /// LINK-8 at once, inside one backend call: the first sign-in's backend has answered but not yet finished (its
    /// answer held on the way back), so a backend that checks the `oobCode`, answers, and only then marks it used lets
    /// a second sign-in with the same link through.
    static let link8AnswerHeld = Check(
        id: "two-sign-ins-answer-held",
        """
        of two sign-ins with one link, the second made on another device while the first's answer is on its way back \
        (at each of its answers), exactly one succeeds; the other fails with invalidActionCode
        """, requires: [.worldNetwork]
    ) { context in
        let backend = try await context.makeBackend()
        let app = try await context.launch(backend, on: .primary)
        let other = try await context.launch(backend, on: .secondary)
        let email = PasswordUser.ada.email
        try await context.expectOneUseWhileAnswersHeld(
            "link", refusals: [.invalidActionCode],
            uses: { _ in
                let link = try await context.requestSignInLink(for: email, on: app)
                return TwoUses(
                    ConcurrentCall("signIn(withEmail:link:) on \(Device.primary)") {
                        try await app.signIn(withEmail: email, link: link)
                    },
                    ConcurrentCall("signIn(withEmail:link:) with the same link on \(Device.secondary)") {
                        try await other.signIn(withEmail: email, link: link)
                    })
            },
            after: { _ in
                try await expectSuccess("signOut() on \(Device.primary)") { try await app.signOut() }
                try await expectSuccess("signOut() on \(Device.secondary)") { try await other.signOut() }
            })
    }
}
