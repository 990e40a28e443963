extension Rule {
    public static let mfa9 = Rule(
        "MFA-9", .must, flow: .multiFactor,
        title: "resolveSignIn with the SMS code signs in, keeping the first factor's provider",
        statement: """
            resolveSignIn with the code from that SMS signs the user in; the session keeps the first factor's provider (the \
            ID token's firebase.sign_in_provider; additionalUserInfo, which the iOS SDK leaves nil after resolveSignIn, \
            names it when present) and, for OAuth, its credential.
            """,
        sources: [
            .firebaseMultiFactor(section: "Signing users in with a second factor: “Complete sign-in. This will also trigger the Auth state listeners.”"),
            .firebaseAuthEmulatorSource(section: "operations.ts, mfaSignInFinalize: the tokens keep the pending credential's signInProvider"),
        ],
        hint: """
            if this fails, check that resolveSignIn signs in the user of the pending first factor and mints tokens whose \
            firebase.sign_in_provider is that first factor's provider, not phone
            """,
        checks: [
            Check("the code from the hint's SMS signs the user in; the session's provider stays password") { context in
                let (app, resolver) = try await context.pendingSignIn()
                let verificationID = try await context.requestCode(for: resolver.hints[0], of: resolver, on: app.client)
                let code = try context.latestCode(sentTo: PhoneNumbers.us)
                let result = try await expectSuccess("resolveSignIn(with: the code from the SMS)") {
                    try await resolver.resolveSignIn(with: .phone(verificationID: verificationID, verificationCode: code))
                }
                let current = await app.client.currentUser
                try expect(current?.email == PasswordUser.ada.email, "after resolveSignIn the current user is \((current?.email).shown)")
                if let info = result.additionalUserInfo {
                    try expect(info.providerID == ProviderID.password, "resolveSignIn reports provider \(info.providerID); expected the first factor's, password")
                }
                let token = try await expectSuccess("getIDToken()") { try await app.client.getIDToken(forceRefresh: false) }
                let claims = try await expectSuccess("verifyIDToken(the resolved session's token)") { try await app.backend.verifyIDToken(token) }
                try expect(claims.signInProvider == ProviderID.password, "the resolved session's sign-in provider is \(claims.signInProvider); expected password")
            },
            Check("after an email-link first factor, the SMS code signs the user in and the provider stays password", requires: [.flow(.emailLink)]) { context in
                let app = try await context.launchApp()
                try await context.multiFactorUser(on: app.client)
                let link = try await context.requestSignInLink(for: PasswordUser.ada.email, on: app.client)
                let error = try await expectFailure(.secondFactorRequired, when: "signIn(withEmail:link:), a multi-factor user") {
                    try await app.client.signIn(withEmail: PasswordUser.ada.email, link: link)
                }
                guard let resolver = error.resolver, let hint = resolver.hints.first else { throw CheckFailure("secondFactorRequired carries no resolver with a hint: \(error)") }
                let verificationID = try await context.requestCode(for: hint, of: resolver, on: app.client)
                let code = try context.latestCode(sentTo: PhoneNumbers.us)
                try await expectSuccess("resolveSignIn(with: the code from the SMS)") {
                    try await resolver.resolveSignIn(with: .phone(verificationID: verificationID, verificationCode: code))
                }
                let token = try await expectSuccess("getIDToken()") { try await app.client.getIDToken(forceRefresh: false) }
                let claims = try await expectSuccess("verifyIDToken(the resolved session's token)") { try await app.backend.verifyIDToken(token) }
                try expect(claims.signInProvider == ProviderID.password, "the resolved session's sign-in provider is \(claims.signInProvider); expected password")
            },
            Check("after a GitHub first factor, the SMS code signs the user in and the provider stays github.com", requires: [.flow(.oauth)]) { context in
                let app = try await context.multiFactorUserWithGitHub()
                let credential = try await context.gitHubCredential(as: "octocat", on: app.client)
                let error = try await expectFailure(.secondFactorRequired, when: "signIn(with: octocat's GitHub credential), a multi-factor user") {
                    try await app.client.signIn(with: credential)
                }
                guard let resolver = error.resolver, let hint = resolver.hints.first else { throw CheckFailure("secondFactorRequired carries no resolver with a hint: \(error)") }
                let verificationID = try await context.requestCode(for: hint, of: resolver, on: app.client)
                let code = try context.latestCode(sentTo: PhoneNumbers.us)
                let result = try await expectSuccess("resolveSignIn(with: the code from the SMS)") {
                    try await resolver.resolveSignIn(with: .phone(verificationID: verificationID, verificationCode: code))
                }
                if let info = result.additionalUserInfo {
                    try expect(info.providerID == ProviderID.github, "resolveSignIn reports provider \(info.providerID); expected the first factor's, github.com")
                }
                if let credential = result.credential {  // the iOS SDK returns none from resolveSignIn; the web SDK keeps it
                    guard case .oauth(ProviderID.github, let accessToken, _) = credential, !accessToken.isEmpty else {
                        throw CheckFailure("resolveSignIn after a GitHub first factor returned the credential \(credential); expected the GitHub credential with its access token")
                    }
                }
                let providers = result.user.providerData.map(\.providerID)
                try expect(providers.contains(ProviderID.github), "after resolveSignIn the user's providers are \(providers); expected github.com kept")
                let token = try await expectSuccess("getIDToken()") { try await app.client.getIDToken(forceRefresh: false) }
                let claims = try await expectSuccess("verifyIDToken(the resolved session's token)") { try await app.backend.verifyIDToken(token) }
                try expect(claims.signInProvider == ProviderID.github, "the resolved session's sign-in provider is \(claims.signInProvider); expected github.com")
            },
        ])
}
