import MockIdP

extension Rule {
    public static let apple13 = Rule(
        "APPLE-13", .should, flow: .apple,
        title: "A used identity token and nonce pair is refused",
        statement: "An identity token and raw nonce pair that already signed someone in is refused when presented again (replay).",
        sources: [.openIDConnectCore(section: "15.5.2 Nonce Implementation Notes")],
        hint: "if this fails, check that the backend remembers the identity tokens (or nonces) that signed someone in until they expire",
        checks: [
            Check("Alice's credential signs in once; the same credential presented again, before its exp, is refused") { context in
                let app = try await context.launchAppleApp()
                let credential = try await context.appleCredential(as: AppleAccounts.alice, on: app.client).credential
                try await expectSuccess("signIn(with: Alice's Apple credential)") { try await app.client.signIn(with: credential) }
                try await expectSuccess("signOut()") { try await app.client.signOut() }
                _ = try await expectAuthError(when: "signIn(with: the same Apple credential) again") { try await app.client.signIn(with: credential) }
                try await context.expectSignedOut(app.client, after: "the replayed credential")
            },
        ])
}
