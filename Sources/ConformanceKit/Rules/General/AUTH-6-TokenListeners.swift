import MockIdP

extension Rule {
    public static let auth6 = Rule(
        "AUTH-6", .must, flow: .general,
        title: "ID-token listeners hear every sign-in, every token refresh and the sign-out, in order",
        statement: """
            ID-token listeners are called when registered, on every sign-in whatever the flow (phone, password, email \
            link, GitHub, Apple, a resolved second factor), whenever the current user's ID token is refreshed (also a \
            forced refresh), and on sign-out. Calls reach each listener in the order of the changes, so once every \
            call has been delivered the last call a listener has received names the current user. When a sign-out \
            and a sign-in overlap, once both calls have returned the listener's last call names whoever is then \
            signed in (nobody, if the implementation dropped the overtaken sign-in, as the Firebase SDK does; the \
            user, if the sign-in completed after the sign-out); a sign-out when nobody is signed in need not notify. \
            Each listener gets one call at a time: a call does not begin while that listener's previous call is still \
            running (the SDKs deliver on one serial queue).
            """,
        sources: [
            .firebaseAuthReference(
                section: """
                    addIDTokenDidChangeListener(_:): “invoked when … the user signs in, the user signs out, the \
                    current user's ID token changes”
                    """), .firebaseUserReference(section: "getIDTokenForcingRefresh(_:)"),
            .firebaseMultiFactor(section: "Signing users in with a second factor"),
        ],
        hint: """
            if this fails, check that every path that makes a user current or gives it a new ID token (each sign-in, \
            resolveSignIn, getIDToken with forceRefresh or at expiry) tells every ID-token listener, in the order of \
            the changes, one call after another on one serial queue (never from a concurrent queue)
            """,
        checks: [
            Check(
                id: "every-offered-sign-in",
                "a listener hears each sign-in the subject offers, a forced refresh after each, and each sign-out"
            ) { context in
                let flows = context.capabilities.flows
                // A phone sign-in needs the code the backend texts.
                let byPhone = flows.contains(.phone) && Flow.phone.isReadable(under: context.capabilities)
                let byPassword = context.capabilities.implements(.password)
                guard byPhone || byPassword else {
                    throw NotApplicable(
                        """
                        the subject declares neither password sign-in nor a phone sign-in whose texts the suite reads \
                        (an email-link, GitHub or Apple sign-in has a check of its own)
                        """)
                }
                let app = try await context.launchApp()
                let (heard, registration) = try await context.listen(on: app.client)
                if byPassword {
                    try await context.expectHeard(heard, on: app.client, "the sign-up of ada") {
                        try await context.signUp(.ada, on: app.client)
                    }
                    try await context.expectRefreshAndSignOutHeard(heard, on: app.client)
                    try await context.expectHeard(heard, on: app.client, "ada's password sign-in") {
                        _ = try await expectSuccess("signIn(with: ada's password)") {
                            try await app.client.signIn(with: PasswordUser.ada.credential)
                        }
                    }
                    try await context.expectRefreshAndSignOutHeard(heard, on: app.client)
                }
                if byPhone {
                    try await context.expectHeard(heard, on: app.client, "a phone sign-in") {
                        try await context.signInWithSMS(PhoneNumbers.us, on: app.client)
                    }
                    try await context.expectRefreshAndSignOutHeard(heard, on: app.client)
                }
                await app.client.removeIDTokenDidChangeListener(registration)
            },
            Check(
                id: "email-link-sign-in", "a listener hears an email-link sign-in, a forced refresh and the sign-out",
                requires: [.flow(.emailLink)]
            ) { context in
                let app = try await context.launchApp()
                let (heard, _) = try await context.listen(on: app.client)
                let link = try await context.requestSignInLink(for: PasswordUser.ada.email, on: app.client)
                try await context.expectHeard(heard, on: app.client, "the email-link sign-in") {
                    try await context.signIn(email: PasswordUser.ada.email, link: link, on: app.client)
                }
                try await context.expectRefreshAndSignOutHeard(heard, on: app.client)
            },
            Check(
                id: "github-sign-in", "a listener hears a GitHub sign-in, a forced refresh and the sign-out",
                requires: [.flow(.oauth)]
            ) { context in
                let app = try await context.launchGitHubApp()
                let (heard, _) = try await context.listen(on: app.client)
                try await context.expectHeard(heard, on: app.client, "the GitHub sign-in") {
                    try await context.signInWithGitHub(as: "octocat", on: app.client)
                }
                try await context.expectRefreshAndSignOutHeard(heard, on: app.client)
            },
            Check(
                id: "apple-sign-in", "a listener hears a Sign in with Apple, a forced refresh and the sign-out",
                requires: [.flow(.apple)]
            ) { context in
                let app = try await context.launchAppleApp()
                let (heard, _) = try await context.listen(on: app.client)
                try await context.expectHeard(heard, on: app.client, "the Apple sign-in") {
                    try await context.signInWithApple(as: AppleAccounts.alice, on: app.client)
                }
                try await context.expectRefreshAndSignOutHeard(heard, on: app.client)
            },
            Check(
                id: "second-factor-sign-in", "a listener hears a sign-in completed with a second factor",
                requires: [.flow(.multiFactor)]
            ) { context in
                let (app, resolver) = try await context.pendingSignIn()
                let (heard, _) = try await context.listen(on: app.client)
                let verificationID = try await context.requestCode(for: resolver.hints[0], of: resolver, on: app.client)
                try await context.expectHeard(heard, on: app.client, "resolveSignIn with the code from the SMS") {
                    _ = try await expectSuccess("resolveSignIn(with: the code from the SMS)") {
                        try await resolver.resolveSignIn(
                            with: .phone(
                                verificationID: verificationID,
                                verificationCode: try context.latestCode(sentTo: PhoneNumbers.us)))
                    }
                }
                try await context.expectRefreshAndSignOutHeard(heard, on: app.client)
            },
            Check(
                id: "enrollment-and-unenrollment",
                "a listener hears the new ID token a second factor's enrollment, and its unenrollment, installs",
                requires: [.flow(.multiFactor)]
            ) { context in
                let app = try await context.launchApp()
                try await context.signUpVerified(.ada, on: app.client)
                let (heard, _) = try await context.listen(on: app.client)
                var factorUID = ""
                try await context.expectTokenChangeHeard(heard, on: app.client, "the enrollment of \(PhoneNumbers.us)")
                { factorUID = try await context.enroll(PhoneNumbers.us, on: app.client).uid }
                try await context.expectTokenChangeHeard(
                    heard, on: app.client, "the unenrollment of \(PhoneNumbers.us)"
                ) {
                    try await expectSuccess("unenroll(factorUID: the factor of \(PhoneNumbers.us))") {
                        try await app.client.unenroll(factorUID: factorUID)
                    }
                }
            },
            Check(
                id: "sign-out-during-sign-in",
                """
                a listener's last call names the current user after a sign-out made while a sign-in is in flight, at \
                each of its requests
                """, requires: [.worldNetwork]
            ) { context in
                let firstUser = try context.firstUser()
                let app = try await context.launchApp(for: firstUser)
                let (heard, _) = try await context.listen(on: app.client)
                for passing in 0... {
                    let seen = heard.count
                    let signIn = ConcurrentCall("the sign-in of \(firstUser)") {
                        try await firstUser.signIn(on: app.client, in: context)
                    }
                    let signOut = ConcurrentCall("signOut()") { try await app.client.signOut() }
                    guard try await context.interrupting(signIn, afterPassing: passing, with: signOut) != nil else {
                        try context.expectHeldOnce(signIn, passing: passing)
                        break
                    }
                    let change = "\(signOut.name) made while request \(passing + 1) of \(signIn.name) was in flight"
                    let current = await app.client.currentUser?.uid
                    // Both calls have returned. A sign-in that completed is announced; so is whatever the listener
                    // heard since. With nobody signed in and nothing heard, the sign-in was dropped and the sign-out
                    // found nobody to sign out, which need not notify: the listener's last call still names nobody.
                    if current != nil || heard.count > seen {
                        try await context.waiting(
                            for: "the ID-token listener to hear a call naming \(current ?? "nobody") after \(change)"
                        ) { try await heard.next(after: seen) { $0?.uid == current } }
                    }
                    let last = heard.all.last.flatMap { $0?.uid }
                    try expect(
                        last == current, "after \(change), the listener's last call does not name the current user",
                        expected: current ?? "nobody",
                        actual:
                            "\(last ?? "nobody") (calls since: \(heard.all.dropFirst(seen).map { $0?.uid ?? "nil" }))")
                    if current != nil {
                        try await context.expectHeard(heard, on: app.client, "signOut() after \(change)") {
                            try await expectSuccess("signOut()") { try await app.client.signOut() }
                        }
                    }
                    try context.letRateLimitsPass()
                }
            }, .auth6BurstOfChanges, .auth6ListenerAddedDuringSignIn, .auth6OneCallAtATime,
        ])
}

extension CheckContext {
    /// After `change`, the listener hears the client's current user (nil after a sign-out), and that call is its last.
    fileprivate func expectHeard(
        _ heard: EventLog<AuthUser?>, on client: any AuthClient, _ change: String, _ body: () async throws -> Void
    ) async throws {
        let seen = heard.count
        try await body()
        let current = await client.currentUser?.uid
        try await waiting(for: "the ID-token listener to hear \(change) (a call naming \(current ?? "nobody"))") {
            try await heard.next(after: seen) { $0?.uid == current }
        }
        let last = heard.all.last.flatMap { $0?.uid }
        try expectEqual(
            last, current, "the user the listener's last call names after \(change) (the current user expected)")
    }

    /// When `change` gives the current user a new ID token (as `getIDToken()` hands it out), the listener hears it: a
    /// call naming the current user, its last.
    fileprivate func expectTokenChangeHeard(
        _ heard: EventLog<AuthUser?>, on client: any AuthClient, _ change: String, _ body: () async throws -> Void
    ) async throws {
        let before = try await expectSuccess("getIDToken() before \(change)") {
            try await client.getIDToken(forceRefresh: false)
        }
        let seen = heard.count
        try await body()
        let after = try await expectSuccess("getIDToken() after \(change)") {
            try await client.getIDToken(forceRefresh: false)
        }
        guard after != before else { return }
        let current = await client.currentUser?.uid
        try await waiting(for: "the ID-token listener to hear the new ID token of \(change)") {
            try await heard.next(after: seen) { $0?.uid == current }
        }
        let last = heard.all.last.flatMap { $0?.uid }
        try expectEqual(
            last, current, "the user the listener's last call names after \(change) (the current user expected)")
    }

    /// A forced refresh of the current user's token, then the sign-out: the listener hears both.
    fileprivate func expectRefreshAndSignOutHeard(_ heard: EventLog<AuthUser?>, on client: any AuthClient) async throws
    {
        try await expectHeard(heard, on: client, "getIDToken(forceRefresh: true)") {
            _ = try await expectSuccess("getIDToken(forceRefresh: true)") {
                try await client.getIDToken(forceRefresh: true)
            }
        }
        try await expectHeard(heard, on: client, "signOut()") {
            try await expectSuccess("signOut()") { try await client.signOut() }
        }
    }
}
