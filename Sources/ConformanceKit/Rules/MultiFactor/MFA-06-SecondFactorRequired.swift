extension Rule {
    public static let mfa6 = Rule(
        "MFA-6", .must, flow: .multiFactor,
        title: "After enrollment, the first factor alone fails with secondFactorRequired and a resolver",
        statement: """
            After enrollment, a first-factor sign-in (password, email link, OAuth) does not sign the user in: it fails \
            with secondFactorRequired [17078] carrying a resolver with the hints and a session; the current user is \
            unchanged.
            """,
        sources: [
            .firebaseMultiFactor(
                section: """
                    Signing users in with a second factor: the first factor's error holds a resolver, hints of the \
                    enrolled second factors and a session
                    """), .firebaseAuthErrorCode(section: "secondFactorRequired (17078)"),
        ],
        hint: """
            if this fails, check that a first-factor sign-in of an enrolled user stops with secondFactorRequired \
            carrying one hint per factor and a non-empty session, and leaves the current user as it was
            """,
        checks: [
            Check(
                id: "password-sign-in-stops",
                "a password sign-in stops at the second factor and leaves the current user as it was"
            ) { context in
                let app = try await context.launchApp()
                let factors = try await context.multiFactorUser(on: app.client)
                let other = try await context.signUp(.grace, on: app.client)
                let (_, resolver) = try await context.expectSecondFactorRequired(.ada, on: app.client)
                try expectEqual(
                    resolver.hints.count, factors.count, "the number of the resolver's hints (one per enrolled factor)")
                try expect(
                    !resolver.session.rawValue.isEmpty, "the resolver's session is empty",
                    expected: "a non-empty session", actual: "\"\"")
                let current = await app.client.currentUser
                try expectEqual(current?.uid, other.uid, "the uid of currentUser after the stopped sign-in (unchanged)")
            },
            Check(
                id: "email-link-sign-in-stops",
                "an email-link sign-in of a multi-factor user stops at the second factor too",
                requires: [.flow(.emailLink)]
            ) { context in
                let app = try await context.launchApp()
                let factors = try await context.multiFactorUser(on: app.client)
                let link = try await context.requestSignInLink(for: PasswordUser.ada.email, on: app.client)
                let error = try await expectFailure(
                    .secondFactorRequired,
                    when: "signIn(withEmail: \"\(PasswordUser.ada.email)\", link:), a multi-factor user"
                ) { try await app.client.signIn(withEmail: PasswordUser.ada.email, link: link) }
                guard let resolver = error.resolver else {
                    throw CheckFailure(
                        "secondFactorRequired carries no resolver", expected: "a resolver", actual: "\(error)")
                }
                try expectEqual(
                    resolver.hints.count, factors.count, "the number of the resolver's hints (one per enrolled factor)")
                try await context.expectSignedOut(app.client, after: "an email-link sign-in that needs a second factor")
            },
            Check(
                id: "github-sign-in-stops", "a GitHub sign-in of a multi-factor user stops at the second factor too",
                requires: [.flow(.oauth)]
            ) { context in
                let app = try await context.multiFactorUserWithGitHub()
                let credential = try await context.gitHubCredential(as: "octocat", on: app.client)
                let error = try await expectFailure(
                    .secondFactorRequired, when: "signIn(with: octocat's GitHub credential), a multi-factor user"
                ) { try await app.client.signIn(with: credential) }
                guard let resolver = error.resolver else {
                    throw CheckFailure(
                        "secondFactorRequired carries no resolver", expected: "a resolver", actual: "\(error)")
                }
                try expectEqual(resolver.hints.count, 1, "the number of the resolver's hints (one per enrolled factor)")
                try await context.expectSignedOut(app.client, after: "a GitHub sign-in that needs a second factor")
            },
            Check(
                id: "apple-sign-in-stops", "an Apple sign-in of a multi-factor user stops at the second factor too",
                requires: [.flow(.apple)]
            ) { context in
                let app = try await context.multiFactorUserWithApple()
                let credential = try await context.appleCredential(as: AppleAccounts.alice, on: app.client).credential
                let error = try await expectFailure(
                    .secondFactorRequired, when: "signIn(with: Alice's Apple credential), a multi-factor user"
                ) { try await app.client.signIn(with: credential) }
                guard let resolver = error.resolver else {
                    throw CheckFailure(
                        "secondFactorRequired carries no resolver", expected: "a resolver", actual: "\(error)")
                }
                try expectEqual(resolver.hints.count, 1, "the number of the resolver's hints (one per enrolled factor)")
                try await context.expectSignedOut(app.client, after: "an Apple sign-in that needs a second factor")
            },
        ])
}
