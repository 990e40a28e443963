import MockIdP

extension Rule {
    public static let apple2 = Rule(
        "APPLE-2", .must, flow: .apple,
        title: "Apple receives the SHA-256 hex of the raw nonce, and the fullName and email scopes",
        statement: """
            The authorization request sent to Apple carries the lowercase hex SHA-256 of the raw nonce, never the raw \
            nonce, and asks for the fullName and email scopes.
            """,
        sources: [
            .firebaseApple(
                section: """
                    startSignInWithAppleFlow(): request.requestedScopes = [.fullName, .email], request.nonce = \
                    sha256(nonce)
                    """)
        ],
        hint: """
            if this fails, check that the request's nonce is sha256(rawNonce) as lowercase hex and that the raw nonce \
            stays in the app
            """,
        checks: [
            Check(
                id: "hashed-nonce-reaches-apple",
                """
                the request that reached Apple carries sha256 hex of the credential's raw nonce, asks for name and \
                email, and the raw nonce never left the app
                """
            ) { context in
                let app = try await context.launchAppleApp()
                let credential = try await context.appleCredential(as: AppleAccounts.alice, on: app.client).credential
                let request = try context.lastAppleRequest()
                guard let rawNonce = credential.appleRawNonce else {
                    throw CheckFailure(
                        "the Apple credential carries no raw nonce", expected: "an Apple credential with a raw nonce",
                        actual: "\(credential)")
                }
                try expectEqual(
                    request.nonce, AppleNonce.sha256Hex(rawNonce),
                    "the nonce Apple received for the raw nonce \(rawNonce.debugDescription) (its SHA-256 hex expected)"
                )
                try expectEqual(
                    Set(request.requestedScopes.map(\.rawValue)).sorted(),
                    [AppleScope.email, .fullName].map(\.rawValue).sorted(), "the scopes Apple was asked for")
                let leaks = context.world.transcript.all.filter {
                    $0.event.reachesTheWorld && "\($0)".contains(rawNonce)
                }
                try expect(
                    leaks.isEmpty, "the raw nonce reached the outside world",
                    expected: "the raw nonce stays in the app", actual: "\(leaks.map { "\($0)" })")
            }
        ])
}
