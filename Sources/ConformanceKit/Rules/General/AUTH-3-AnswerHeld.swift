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
    ) { context in
        let firstUser = try context.firstUser()
        var app = try await context.launchApp(for: firstUser)
        for passing in 0... {
            let user = try await firstUser.signIn(on: app.client, in: context).user
            let client = app.client
            let refresh = ConcurrentCall("getIDToken(forceRefresh: true) of \(user.uid)") {
                try await client.getIDToken(forceRefresh: true)
            }
            let signOut = ConcurrentCall("signOut()") { try await client.signOut() }
            guard let outcomes = try await context.interruptingAnswer(refresh, afterPassing: passing, with: signOut)
            else {
                try expect(
                    passing > 0,
                    """
                    \(refresh.name) returned without receiving an answer through the world's network, though the \
                    subject declares sendsRequestsThroughWorldNetwork
                    """, expected: "at least one answer through the world's network", actual: "none")
                break
            }
            let moment = "\(signOut.name) made while answer \(passing + 1) of \(refresh.name) was on its way back"
            if case .failure(let error) = outcomes.meanwhile {
                throw CheckFailure("\(moment) failed", expected: "success", actual: describe(error))
            }
            try await context.expectSignedOut(client, after: "\(moment), once the refresh returned")
            app = LaunchedApp(
                backend: app.backend, client: try await context.launch(app.backend, on: app.device), device: app.device)
            try await context.expectSignedOut(app.client, after: "\(moment), and the app launched again")
            try context.letRateLimitsPass()
        }
    }
}
