import MockIdP

extension Rule {
    public static let apple4 = Rule(
        "APPLE-4", .must, flow: .apple,
        title: "A nonce that is not the raw nonce's hash fails with missingOrInvalidNonce",
        statement: """
            Sign-in fails with missingOrInvalidNonce [17094] when the token's nonce is not the SHA-256 hex of the raw \
            nonce: the raw nonce itself in the token, another nonce's hash, a missing raw nonce, or a missing nonce \
            claim. The hash is compared exactly, as the lowercase hex the SDKs produce: the right hash in uppercase \
            hex is another string and fails.
            """,
        sources: [
            .firebaseApple(
                section: """
                    Firebase validates the response by hashing the original nonce and comparing it to the value passed \
                    by Apple
                    """),
            .firebaseApple(section: "the guide's sha256(_:) writes each byte of the hash as %02x: lowercase hex"),
            .firebaseAuthErrorCode(section: "missingOrInvalidNonce"),
        ],
        hint: """
            if this fails, check that the backend requires both the raw nonce and the nonce claim and compares \
            sha256(rawNonce), in lowercase hex, with the claim exactly (not ignoring case)
            """,
        checks: [
            Check(
                id: "mismatched-nonces-refused",
                """
                the raw nonce in the token, another nonce's hash, no raw nonce and no nonce claim each fail; nobody is \
                signed in
                """
            ) { context in
                let app = try await context.launchAppleApp()
                let (authorization, credential) = try await context.appleCredential(
                    as: AppleAccounts.alice, on: app.client)
                let rawNonce = credential.appleRawNonce ?? ""
                let other = try app.client.randomNonce(length: 32)
                let token = authorization.identityToken
                let cases: [(String, AuthCredential)] = [
                    (
                        "with the raw nonce itself in the token",
                        credential.withApple(idToken: try context.appleToken(.nonce(rawNonce), from: token))
                    ),
                    (
                        "with another nonce's hash in the token",
                        credential.withApple(
                            idToken: try context.appleToken(.nonce(AppleNonce.sha256Hex(other)), from: token))
                    ), ("with no raw nonce", credential.withApple(rawNonce: .some(nil))),
                    (
                        "with a token that has no nonce claim",
                        credential.withApple(idToken: try context.appleToken(.nonce(nil), from: token))
                    ),
                ]
                try await expectEveryCase(cases, "nonce mismatches") { situation, forged in
                    try await context.signOutAfterAnAcceptedCase(app.client)
                    try await context.expectAppleSignInRefused(
                        forged, [.missingOrInvalidNonce], because: situation, on: app.client)
                }
            },
            // The nearest wrong input: the right hash, spelt in the other case. The SDKs send (and Apple echoes) the
            // lowercase hex of the raw nonce's SHA-256; a backend that compares ignoring case takes a claim that no
            // SDK produced, so the comparison is exact.
            Check(
                id: "uppercase-hash-refused",
                """
                a token whose nonce claim is the raw nonce's SHA-256 in uppercase hex fails with \
                missingOrInvalidNonce; the genuine credential then signs in
                """
            ) { context in
                let app = try await context.launchAppleApp()
                let (authorization, credential) = try await context.appleCredential(
                    as: AppleAccounts.alice, on: app.client)
                let uppercase = AppleNonce.sha256Hex(credential.appleRawNonce ?? "").uppercased()
                let forged = credential.withApple(
                    idToken: try context.appleToken(.nonce(uppercase), from: authorization.identityToken))
                try await context.expectAppleSignInRefused(
                    forged, [.missingOrInvalidNonce],
                    because: "with the raw nonce's SHA-256 in uppercase hex (\(uppercase)) as the token's nonce",
                    on: app.client)
                try await expectSuccess("signIn(with: the genuine credential) after the uppercase hash was refused") {
                    try await app.client.signIn(with: credential)
                }
            },
        ])
}
