import MockIdP

extension Rule {
    public static let apple2 = Rule(
        "APPLE-2", .must, flow: .apple,
        title: "Apple receives the SHA-256 hex of the raw nonce, and the fullName and email scopes",
        statement: """
            The authorization request sent to Apple carries the lowercase hex SHA-256 of the raw nonce, never the raw nonce, and asks \
            for the fullName and email scopes.
            """,
        sources: [.firebaseApple(section: "startSignInWithAppleFlow(): request.requestedScopes = [.fullName, .email], request.nonce = sha256(nonce)")],
        hint: "if this fails, check that the request's nonce is sha256(rawNonce) as lowercase hex and that the raw nonce stays in the app",
        checks: [
            Check("the request that reached Apple carries sha256 hex of the credential's raw nonce, asks for name and email, and the raw nonce never left the app") { context in
                let app = try await context.launchAppleApp()
                let credential = try await context.appleCredential(as: AppleAccounts.alice, on: app.client).credential
                let request = try context.lastAppleRequest()
                guard let rawNonce = credential.appleRawNonce else { throw CheckFailure("the Apple credential carries no raw nonce: \(credential)") }
                let hash = AppleNonce.sha256Hex(rawNonce)
                if request.nonce != hash {
                    throw CheckFailure(
                        "Apple received the nonce \(request.nonce.shown); expected the SHA-256 hex of the raw nonce \"\(rawNonce)\"", expected: hash,
                        actual: request.nonce.shown)
                }
                try expect(Set(request.requestedScopes) == [.fullName, .email], "Apple was asked for the scopes \(request.requestedScopes.map(\.rawValue)); expected name and email")
                let leaks = context.world.transcript.all.filter { "\($0)".contains(rawNonce) }
                try expect(leaks.isEmpty, "the raw nonce reached the outside world: \(leaks.map { "\($0)" })")
            },
        ])
}
