extension Check {
    /// AUTH-6's one call at a time, through the seam a check always has: its own listener. The listener's first call
    /// after a sign-in is held (``ListenerHold``) while a forced refresh and a sign-out are made back to back; a second
    /// call that begins meanwhile is a call made while the listener's previous one is still running, as a client that
    /// calls its listeners from a concurrent queue makes it, every run. A client that calls them on one serial queue
    /// makes none: its queue waits behind the held call until the hold gives way (once nothing moved for the quiet
    /// limit, for a subject whose work is outside the check's tasks). Calls made inside the check's tasks are never
    /// held: they are judged as they come.
    static let auth6OneCallAtATime = Check(
        id: "one-call-at-a-time",
        """
        while the listener's first call after a forced refresh and a sign-out made back to back is held, no second \
        call of that listener begins
        """
    ) { context in
        let firstUser = try context.firstUser()
        let app = try await context.launchApp(for: firstUser)
        let client = app.client
        try await firstUser.signIn(on: client, in: context)
        let events = try await context.holdingListenerQueue(of: client) { hold in
            hold.arm()
            let seen = hold.events.count
            _ = try await expectSuccess("getIDToken(forceRefresh: true)") {
                try await client.getIDToken(forceRefresh: true)
            }
            try await expectSuccess("signOut()") { try await client.signOut() }
            let first = try await context.waiting(
                for: "the listener to be called for the forced refresh and the sign-out, or a call of it to be held"
            ) {
                try await hold.events.next(after: seen) { event in
                    if case .held = event { true } else { event == .called(nil) }
                }
            }
            if case .held = first {
                try await context.waiting(
                    for: "a second call of the listener to begin while its first is held, or the hold to give way"
                ) {
                    try await hold.events.next(after: seen) { event in
                        if case .overlapped = event { true } else { event == .released }
                    }
                }
            }
            return hold.events.all.dropFirst(seen)
        }
        let overlap = events.compactMap { event in if case .overlapped(let running) = event { running } else { nil } }
        try expect(
            overlap.isEmpty,
            """
            a call of the listener began while its previous call was still running (held by the check), after \
            getIDToken(forceRefresh: true) and signOut() made back to back
            """, expected: "one call at a time, each after the previous one returned (one serial queue)",
            actual: "\(overlap.max() ?? 0) calls running at once; the listener's events: \(events.map(\.description))")
    }
}
