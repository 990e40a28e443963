extension Rule {
    public static let mfa9 = Rule(
        "MFA-9", .must, flow: .multiFactor,
        title: "resolveSignIn with the SMS code signs in, keeping the first factor's provider",
        statement: """
            resolveSignIn with the code from that SMS signs the user in; the session keeps the first factor's provider \
            (the ID token's firebase.sign_in_provider; additionalUserInfo, which the iOS SDK leaves nil after \
            resolveSignIn, names it when present) and, for OAuth, its credential.
            """,
        sources: [
            .firebaseMultiFactor(
                section: """
                    Signing users in with a second factor: “Complete sign-in. This will also trigger the Auth state \
                    listeners.”
                    """),
            .firebaseAuthEmulatorSource(
                section: "operations.ts, mfaSignInFinalize: the tokens keep the pending credential's signInProvider"),
        ],
        hint: """
            if this fails, check that resolveSignIn signs in the user of the pending first factor and mints tokens \
            whose firebase.sign_in_provider is that first factor's provider, not phone
            """,
        checks: [
            Check(
                id: "after-password",
                "the code from the hint's SMS signs the user in; the session's provider stays password"
            ) { context in
                let (app, resolver) = try await context.pendingSignIn()
                let verificationID = try await context.requestCode(for: resolver.hints[0], of: resolver, on: app.client)
                let code = try context.latestCode(sentTo: PhoneNumbers.us)
                let result = try await expectSuccess("resolveSignIn(with: the code from the SMS)") {
                    try await resolver.resolveSignIn(
                        with: .phone(verificationID: verificationID, verificationCode: code))
                }
                let current = await app.client.currentUser
                try expectEqual(current?.email, PasswordUser.ada.email, "the email of currentUser after resolveSignIn")
                if let info = result.additionalUserInfo {
                    try expectEqual(
                        info.providerID, ProviderID.password, "the provider resolveSignIn reports (the first factor's)")
                }
                try await context.expectSessionSignedIn(with: ProviderID.password, on: app)
            },
            Check(
                id: "after-email-link",
                "after an email-link first factor, the SMS code signs the user in and the provider stays password",
                requires: [.flow(.emailLink)]
            ) { context in
                let app = try await context.launchApp()
                try await context.multiFactorUser(on: app.client)
                let link = try await context.requestSignInLink(for: PasswordUser.ada.email, on: app.client)
                let error = try await expectFailure(
                    .secondFactorRequired, when: "signIn(withEmail:link:), a multi-factor user"
                ) { try await app.client.signIn(withEmail: PasswordUser.ada.email, link: link) }
                guard let resolver = error.resolver, let hint = resolver.hints.first else {
                    throw CheckFailure(
                        "secondFactorRequired carries no resolver with a hint", expected: "a resolver with a hint",
                        actual: "\(error)")
                }
                let verificationID = try await context.requestCode(for: hint, of: resolver, on: app.client)
                let code = try context.latestCode(sentTo: PhoneNumbers.us)
                try await expectSuccess("resolveSignIn(with: the code from the SMS)") {
                    try await resolver.resolveSignIn(
                        with: .phone(verificationID: verificationID, verificationCode: code))
                }
                try await context.expectSessionSignedIn(with: ProviderID.password, on: app)
            },
            Check(
                id: "after-github",
                "after a GitHub first factor, the SMS code signs the user in and the provider stays github.com",
                requires: [.flow(.oauth)]
            ) { context in
                let app = try await context.multiFactorUserWithGitHub()
                let credential = try await context.gitHubCredential(as: "octocat", on: app.client)
                try await context.expectProviderFirstFactorResolved(
                    credential, named: "octocat's GitHub credential", on: app
                ) { if case .oauth(ProviderID.github, let accessToken, _) = $0 { !accessToken.isEmpty } else { false } }
            },
            Check(
                id: "after-apple",
                "after an Apple first factor, the SMS code signs the user in and the provider stays apple.com",
                requires: [.flow(.apple)]
            ) { context in
                let app = try await context.multiFactorUserWithApple()
                let credential = try await context.appleCredential(as: AppleAccounts.alice, on: app.client).credential
                try await context.expectProviderFirstFactorResolved(
                    credential, named: "Alice's Apple credential", on: app
                ) { $0.providerID == ProviderID.apple }
            },
        ])
}
