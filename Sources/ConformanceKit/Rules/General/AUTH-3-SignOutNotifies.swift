extension Rule {
    public static let auth3 = Rule(
        "AUTH-3", .must, flow: .general, title: "Signing out clears the current user and notifies every listener",
        statement: """
            Signing out clears the current user and notifies every registered listener (each of several); a token \
            refresh that was in flight never signs the user back in.
            """,
        sources: [
            .firebasePhoneAuth(section: "Next steps: “to sign out a user, call signOut:”"),
            .firebaseMultiFactor(section: "Signing users in with a second factor: the Auth state listeners"),
            .firebaseEmailLink(section: "Next steps: signOut"), .firebaseGitHub(section: "Next steps: signOut"),
            .firebaseApple(section: "Next steps: signOut"),
        ],
        hint: """
            if this fails, check that signOut clears the current user and notifies every registered ID-token listener, \
            each of them, with a nil user; and that a refresh answered after a sign-out does not make its user current \
            again (in memory or in the keychain)
            """,
        checks: [
            Check(
                id: "three-listeners",
                """
                each of three ID-token listeners hears the sign-in (of a user of any declared flow) and then the \
                sign-out
                """
            ) { context in
                let firstUser = try context.firstUser()
                let app = try await context.launchApp(for: firstUser)
                var listeners: [(name: String, heard: EventLog<AuthUser?>, registration: ListenerRegistration)] = []
                for index in 1...3 {
                    let name = "ID-token listener \(index) of 3"
                    let (heard, registration) = try await context.listen(on: app.client, as: name)
                    listeners.append((name, heard, registration))
                }
                let user = try await firstUser.signIn(on: app.client, in: context).user
                var beforeSignOut: [Int] = []
                for listener in listeners {
                    try await context.waiting(for: "\(listener.name) to hear the sign-in of \(user.uid)") {
                        try await listener.heard.next(after: 1) { $0?.uid == user.uid }
                    }
                    beforeSignOut.append(listener.heard.count)
                }
                try await expectSuccess("signOut()") { try await app.client.signOut() }
                try await context.expectSignedOut(app.client, after: "signOut()")
                for (listener, seen) in zip(listeners, beforeSignOut) {
                    try await context.waiting(for: "\(listener.name) to hear the sign-out (a nil user)") {
                        try await listener.heard.next(after: seen) { $0 == nil }
                    }
                    await app.client.removeIDTokenDidChangeListener(listener.registration)
                }
            },
            Check(
                id: "sign-out-during-refresh",
                """
                a sign-out while a forced token refresh is in flight, at each of its requests, leaves nobody signed \
                in, also after a relaunch
                """, requires: [.worldNetwork, .worldKeychain]
            ) { context in try await context.expectSignedOutAfterSigningOut(during: .request) }, .auth3AnswerHeld,
        ])
}
