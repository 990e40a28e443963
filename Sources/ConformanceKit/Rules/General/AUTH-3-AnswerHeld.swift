import MockIdP

extension Check {
    /// AUTH-3 with the refresh's *answer* held on its way back: the backend has already minted the refreshed tokens
    /// when the sign-out runs. A subject that ends the session at its backend when signing out refuses a refresh
    /// request held before it (so `sign-out-during-refresh` passes), but the answer it minted earlier still arrives
    /// after the sign-out, and making that answer current brings the user back.
    static let auth3AnswerHeld = Check(
        id: "sign-out-refresh-answer-held",
        """
        a sign-out while a forced token refresh's answer is on its way back, at each of its answers, leaves nobody \
        signed in, also after a relaunch
        """, requires: [.worldNetwork, .worldKeychain]
    ) { context in try await context.expectSignedOutAfterSigningOut(during: .answer) }
}

/// Which leg of AUTH-3's forced refresh the sign-out meets: its request in flight, or its answer on its way back.
package enum RefreshLeg: Sendable { case request, answer }

extension CheckContext {
    /// AUTH-3: a sign-out made while the forced refresh's `leg` is held, at each of its requests (or answers) in turn,
    /// leaves nobody signed in once the refresh returns, also after a relaunch.
    package func expectSignedOutAfterSigningOut(during leg: RefreshLeg) async throws {
        let firstUser = try firstUser()
        var app = try await launchApp(for: firstUser)
        for passing in 0... {
            let user = try await firstUser.signIn(on: app.client, in: self).user
            let client = app.client
            if passing == 0 {
                // What is judged is a refresh's answer meeting a sign-out: a refresh the backend never answers (a
                // route it does not offer) judges nothing, and the check is not judged.
                _ = try await expectSuccess("getIDToken(forceRefresh: true) of \(user.uid), alone") {
                    try await client.getIDToken(forceRefresh: true)
                }
            }
            let refresh = ConcurrentCall("getIDToken(forceRefresh: true) of \(user.uid)") {
                try await client.getIDToken(forceRefresh: true)
            }
            let signOut = ConcurrentCall("signOut()") { try await client.signOut() }
            let outcomes =
                switch leg {
                case .request: try await interrupting(refresh, afterPassing: passing, with: signOut)
                case .answer: try await interruptingAnswer(refresh, afterPassing: passing, with: signOut)
                }
            guard let outcomes else {
                try expect(
                    passing > 0,
                    """
                    \(refresh.name) returned without \(leg == .request ? "sending a request" : "receiving an answer") \
                    through the world's network, though the subject declares sendsRequestsThroughWorldNetwork
                    """, expected: "at least one \(leg) through the world's network", actual: "none")
                break
            }
            let moment =
                "\(signOut.name) made while \(leg) \(passing + 1) of \(refresh.name) was "
                + (leg == .request ? "in flight" : "on its way back")
            if case .failure(let error) = outcomes.meanwhile {
                throw CheckFailure("\(moment) failed", expected: "success", actual: describe(error))
            }
            try await expectSignedOut(client, after: "\(moment), once the refresh returned")
            app = LaunchedApp(
                backend: app.backend, client: try await launch(app.backend, on: app.device), device: app.device)
            try await expectSignedOut(app.client, after: "\(moment), and the app launched again")
            try letRateLimitsPass()
        }
    }
}
