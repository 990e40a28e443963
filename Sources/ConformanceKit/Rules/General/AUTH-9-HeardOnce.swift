import Foundation

extension Rule {
    public static let auth9 = Rule(
        "AUTH-9", .should, flow: .general, title: "A listener hears each change once",
        statement: """
            A listener hears each change once: one call for a sign-in, one for a token refresh, one for a sign-out \
            (the call at registration aside); a second call for the same change is a warning.
            """,
        sources: [
            .firebaseAuthReference(
                section: """
                    addIDTokenDidChangeListener(_:): “invoked when … the user signs in, the user signs out, the \
                    current user's ID token changes”
                    """),
            RuleSource(
                title: "firebase-ios-sdk, a report of listeners called several times",
                url: URL(string: "https://github.com/firebase/firebase-ios-sdk/issues/7654")!,
                section: "ID-token listeners called more than once for one sign-in"),
        ],
        hint: """
            if this fails, check that a sign-in tells the listeners from one path only (not from the sign-in and again \
            from the token change it makes), and that a token refresh and a sign-out each tell them once
            """,
        checks: [
            Check(
                id: "each-change-heard-once",
                """
                a sign-in, a forced refresh and a sign-out are each heard once, before the next sign-in is heard
                """
            ) { context in
                let firstUser = try context.firstUser()
                let app = try await context.launchApp(for: firstUser)
                let client = app.client
                let (heard, _) = try await context.listen(on: client)
                let uid = try await firstUser.signIn(on: client, in: context).user.uid
                _ = try await expectSuccess("getIDToken(forceRefresh: true)") {
                    try await client.getIDToken(forceRefresh: true)
                }
                try await expectSuccess("signOut()") { try await client.signOut() }
                try await firstUser.signIn(on: client, in: context)
                // Delivered in the order of the changes (AUTH-6), every call of the first three changes comes before
                // the first call naming a user after the sign-out's: the next sign-in's, whichever user the server
                // answered it with (waiting for this user's alone would wait for ever for a server that answers
                // another).
                try await context.waiting(for: "the listener to hear the sign-out, then the next sign-in") {
                    try await heard.next(after: 1) { $0 == nil }
                    let signedOut = heard.all.dropFirst(1).firstIndex { $0 == nil } ?? 1
                    try await heard.next(after: signedOut + 1) { $0 != nil }
                }
                let calls = heard.all.map { $0?.uid }
                let signedOut = calls.dropFirst(1).firstIndex { $0 == nil } ?? 1
                let judged = calls[1...(calls[(signedOut + 1)...].firstIndex { $0 != nil } ?? calls.count - 1)]
                try expect(
                    judged.count <= 4,
                    "the listener heard a change more than once: \(judged.count) calls for 4 changes",
                    expected: "one call each for the sign-in, the forced refresh, the sign-out and the next sign-in: "
                        + "\(uid), \(uid), nobody, \(uid)",
                    actual: judged.map { $0 ?? "nobody" }.joined(separator: ", "))
            }
        ])
}
