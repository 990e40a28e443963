import MockIdP

extension Check {
    /// AUTH-6 when calls can overtake each other (a subject that calls its listeners from a concurrent queue): a forced
    /// refresh and a sign-out made back to back, and the listener's calls judged only once delivery has settled, so a
    /// stale call that arrives after the current user's is seen. For a subject whose work stays in the check's tasks
    /// (``SubjectConcurrency/structured``) settled is when nothing of the check can move; for another, the check
    /// cannot know when it has settled and judges at the first call naming the current user, so a stale call arriving
    /// later is beyond its reach.
    static let auth6BurstOfChanges = Check(
        id: "burst-of-changes",
        """
        after a forced refresh and a sign-out made back to back, once every call has been delivered, the listener's \
        last call names nobody
        """
    ) { context in
        let firstUser = try context.firstUser()
        let app = try await context.launchApp(for: firstUser)
        let (heard, _) = try await context.listen(on: app.client)
        let user = try await firstUser.signIn(on: app.client, in: context).user
        try await context.waiting(for: "the ID-token listener to hear the sign-in of \(user.uid)") {
            try await heard.next(after: 1) { $0?.uid == user.uid }
        }
        let seen = heard.count
        _ = try await expectSuccess("getIDToken(forceRefresh: true)") {
            try await app.client.getIDToken(forceRefresh: true)
        }
        try await expectSuccess("signOut()") { try await app.client.signOut() }
        try await context.expectSettledLastCall(
            heard, names: await app.client.currentUser?.uid, after: seen,
            "getIDToken(forceRefresh: true) and signOut() made back to back")
    }

    /// AUTH-6 for a listener registered while a sign-in is in flight: the sign-in's request held at the world's
    /// network while the listener is added, at each of its requests. A subject that tells a sign-in only to the
    /// listeners registered when it started leaves the new listener's last call naming nobody.
    static let auth6ListenerAddedDuringSignIn = Check(
        id: "listener-added-during-sign-in",
        """
        a listener added while a sign-in is in flight, at each of its requests, has a last call naming the signed-in \
        user once every call has been delivered
        """, requires: [.worldNetwork]
    ) { context in
        let firstUser = try context.firstUser()
        let app = try await context.launchApp(for: firstUser)
        let client = app.client
        for passing in 0... {
            let heard = EventLog<AuthUser?>()
            let signIn = ConcurrentCall("the sign-in of \(firstUser)") {
                try await firstUser.signIn(on: client, in: context)
            }
            let add = ConcurrentCall("addIDTokenDidChangeListener") {
                await client.addIDTokenDidChangeListener { heard.append($0) }
            }
            guard let outcomes = try await context.interrupting(signIn, afterPassing: passing, with: add) else {
                try context.expectHeldOnce(signIn, passing: passing)
                break
            }
            let moment = "\(add.name) made while request \(passing + 1) of \(signIn.name) was in flight"
            if case .failure(let error) = outcomes.call {
                throw CheckFailure(
                    "\(signIn.name), with \(moment), failed", expected: "success", actual: describe(error))
            }
            let registration = try outcomes.meanwhile.get()
            try await context.expectSettledLastCall(
                heard, names: await client.currentUser?.uid, after: 0, "the sign-in, with \(moment)")
            await client.removeIDTokenDidChangeListener(registration)
            try await expectSuccess("signOut()") { try await client.signOut() }
            try context.letRateLimitsPass()
        }
    }
}

extension CheckContext {
    /// A check that held none of `call`'s requests saw nothing in flight: unless one was held (`passing` > 0), the
    /// subject declares the world's network but sent no request through it, and the check fails rather than pass on
    /// what it never held.
    func expectHeldOnce<T: Sendable>(_ call: ConcurrentCall<T>, passing: Int) throws {
        try expect(
            passing > 0,
            """
            \(call.name) returned without sending a request through the world's network, though the subject declares \
            sendsRequestsThroughWorldNetwork
            """, expected: "at least one request through the world's network", actual: "none")
    }

    /// Once the listener's calls after the first `seen` have settled, the last names `current`. For a structured
    /// subject, settled is when nothing of the check can move (``CheckExecutor/untilIdle()``), so a stale call that
    /// arrives after the current user's counts; for another, when a call naming `current` has arrived.
    fileprivate func expectSettledLastCall(
        _ heard: EventLog<AuthUser?>, names current: String?, after seen: Int, _ change: String
    ) async throws {
        if capabilities.concurrency == .structured, let executor = CheckExecutor.current {
            await executor.untilIdle()
        } else {
            try await waiting(for: "the ID-token listener to hear a call naming \(current ?? "nobody") after \(change)")
            { try await heard.next(after: seen) { $0?.uid == current } }
        }
        let since = heard.all.dropFirst(seen).map { $0?.uid ?? "nil" }
        let last = since.last
        try expect(
            last == (current ?? "nil"),
            "after \(change), once every call was delivered, the listener's last call does not name the current user",
            expected: current ?? "nobody", actual: "\(last ?? "no call") (calls since: \(since))")
    }
}
