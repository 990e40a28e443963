import MockIdP

extension Rule {
    public static let apple3 = Rule(
        "APPLE-3", .must, flow: .apple, title: "An identity token whose nonce is the raw nonce's hash signs in",
        statement: "Sign-in with an identity token whose nonce claim equals the SHA-256 hex of the raw nonce succeeds.",
        sources: [
            .firebaseApple(
                section: "OAuthProvider.appleCredential(withIDToken:rawNonce:fullName:), Auth.auth().signIn(with:)")
        ],
        hint: """
            if this fails, check that the backend hashes the raw nonce (SHA-256, lowercase hex) before comparing it \
            with the token's nonce claim
            """,
        checks: [
            Check(
                id: "new-user-per-apple-id",
                "Alice signs in on one device and Bob on another, each as a new apple.com user"
            ) { context in
                try context.setUpApple()
                let backend = try await context.makeBackend()
                try await expectEveryCase(
                    [(AppleAccounts.alice, Device.primary), (AppleAccounts.bob, Device.secondary)], "first sign-ins"
                ) { account, device in
                    let client = try await context.launch(backend, on: device)
                    let (authorization, credential) = try await context.appleCredential(as: account, on: client)
                    let claims = try CompactJWS(authorization.identityToken).payload
                    try expectEqual(
                        AppleIdentityClaims(payload: claims)?.nonce, credential.appleRawNonce.map(AppleNonce.sha256Hex),
                        """
                        the nonce claim of Apple's token for \(account.email) (the hash of the credential's raw nonce \
                        expected)
                        """)
                    let result = try await expectSuccess("signIn(with: the Apple credential of \(account.email))") {
                        try await client.signIn(with: credential)
                    }
                    try expect(
                        result.user.providerData.contains { $0.providerID == ProviderID.apple && $0.uid == account.id },
                        "\(account.email)'s user has no apple.com provider for the Apple ID",
                        expected: "\(ProviderID.apple) \(account.id)",
                        actual: "\(result.user.providerData.map { "\($0.providerID) \($0.uid)" })")
                    try expectEqual(
                        result.additionalUserInfo?.isNewUser, true, "isNewUser of \(account.email)'s first sign-in")
                }
            }
        ])
}
