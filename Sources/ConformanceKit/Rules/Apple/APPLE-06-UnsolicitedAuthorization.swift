import MockIdP

extension Rule {
    public static let apple6 = Rule(
        "APPLE-6", .must, flow: .apple, title: "An authorization nobody asked for is rejected",
        statement: "An authorization that arrives when no sign-in request is pending is rejected; nobody is signed in.",
        sources: [
            .firebaseApple(section: "\"Invalid state: A login callback was received, but no login request was sent.\"")
        ],
        hint: """
            if this fails, check that the authorization callback requires the nonce of a request this app sent (the \
            guide's currentNonce)
            """,
        checks: [
            Check(
                id: "other-app-authorization-refused",
                "an authorization another app obtained, delivered to an app that sent no request, is refused"
            ) { context in
                let app = try await context.launchAppleApp()
                context.world.apple.script(.approve(userID: AppleAccounts.alice.id))
                let request = AppleAuthorizationRequest(
                    clientID: ProjectConfiguration.standard.apple.clientID, requestedScopes: [.fullName, .email],
                    nonce: AppleNonce.sha256Hex("a nonce of someone else's request"), state: nil)
                let answer = await context.world.apple.authorize(request, on: .secondary)
                guard case .success(let authorization) = answer else {
                    throw CheckFailure(
                        "the world's Apple did not authorize the other request", expected: "an authorization",
                        actual: "\(answer)")
                }
                try await context.expectUnsolicitedRefused(authorization, on: app.client)
            },
            Check(
                id: "other-device-request-refused",
                "an authorization for a request sent on another device is refused by the app that sent none"
            ) { context in
                try context.setUpApple()
                let backend = try await context.makeBackend()
                let requester = try await context.launch(backend, on: .secondary)
                let authorization = try await context.appleAuthorization(as: AppleAccounts.alice, on: requester)
                let bystander = try await context.launch(backend, on: .primary)
                try await context.expectUnsolicitedRefused(authorization, on: bystander)
            },
            Check(
                id: "after-restart-refused",
                "an authorization that arrives after the app restarted, its request lost with it, is refused"
            ) { context in
                try context.setUpApple()
                let backend = try await context.makeBackend()
                let before = try await context.launch(backend)
                let authorization = try await context.appleAuthorization(as: AppleAccounts.alice, on: before)
                let relaunched = try await context.launch(backend)
                try await context.expectUnsolicitedRefused(authorization, on: relaunched)
            },
        ])
}

extension CheckContext {
    /// The callback must refuse `authorization`, or the credential it makes must not sign in; nobody is signed in.
    fileprivate func expectUnsolicitedRefused(
        _ authorization: AppleAuthorization, on client: any AuthClient
    ) async throws {
        let credential: AuthCredential
        do { credential = try await client.appleCredential(for: authorization) } catch is AuthError {
            return try await expectSignedOut(client, after: "an unsolicited authorization")
        }
        let outcome = try? await client.signIn(with: credential)
        try expect(
            outcome == nil,
            """
            credential(for:) and signIn(with:) signed someone in with an authorization no request of this app asked \
            for
            """, expected: "credential(for:) or signIn(with:) fails", actual: outcome.map { describe($0) } ?? "")
        try await expectSignedOut(client, after: "an unsolicited authorization")
    }
}
