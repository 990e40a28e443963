import MockIdP

extension Rule {
    public static let apple1 = Rule(
        "APPLE-1", .must, flow: .apple,
        title: "The raw nonce is random, 32 characters of the guide's alphabet, fresh per request",
        statement: """
            The raw nonce is cryptographically random, 32 characters by default, drawn from the documented \
            64-character alphabet (0-9, A-Z without W, a-z, -, ., _), fresh for every request; a length of 0 is \
            refused, and every length from 1 up gives a nonce of exactly that length.
            """,
        sources: [.firebaseApple(section: "randomNonceString(length:): charset without W, precondition(length > 0)")],
        hint: """
            if this fails, check the nonce generator's charset (64 characters, no W), its default length of 32 and \
            that each request makes a new one
            """,
        checks: [
            Check(
                id: "distinct-full-alphabet",
                """
                64 nonces of randomNonce(length: 32) are distinct, 32 characters each, and use the whole alphabet and \
                nothing else
                """
            ) { context in
                let app = try await context.launchAppleApp()
                var nonces: [String] = []
                for _ in 0..<64 {
                    nonces.append(
                        try await expectSuccess("randomNonce(length: 32)") { try app.client.randomNonce(length: 32) })
                }
                let wrongLength = nonces.filter { $0.count != 32 }
                try expect(
                    wrongLength.isEmpty, "randomNonce(length: 32) answered nonces of another length",
                    expected: "64 nonces of 32 characters",
                    actual: """
                        \(wrongLength.count) of another length, e.g. \(wrongLength[0].debugDescription) \
                        (\(wrongLength[0].count) characters)
                        """)
                let alphabet = Set(AppleNonce.alphabet)
                let used = Set(nonces.joined())
                let foreign = used.subtracting(alphabet)
                try expectEqual(String(foreign.sorted()), "", "the nonces' characters outside the guide's alphabet")
                try expectEqual(
                    Set(nonces).count, nonces.count,
                    "the number of distinct nonces in 64 calls of randomNonce(length: 32)")
                // 2,048 uniform draws from 64 characters miss one with probability below 1e-12: a smaller alphabet
                // shows.
                let unused = alphabet.subtracting(used)
                try expectEqual(
                    String(unused.sorted()), "",
                    "the characters of the guide's 64-character alphabet that 2,048 nonce characters never used")
                let short = try await expectSuccess("randomNonce(length: 16)") {
                    try app.client.randomNonce(length: 16)
                }
                try expectEqual(
                    short.count, 16, "the length of randomNonce(length: 16)'s nonce \(short.debugDescription)")
            },
            Check(id: "zero-length-refused", "randomNonce(length: 0) is refused") { context in
                let app = try await context.launchAppleApp()
                _ = try await expectAuthError(when: "randomNonce(length: 0)") { try app.client.randomNonce(length: 0) }
            },
            Check(
                id: "every-length-exact",
                """
                every length from 1 (the shortest) to 100, and 1,000, gives a nonce of exactly that length from the \
                alphabet
                """
            ) { context in
                let app = try await context.launchAppleApp()
                let alphabet = Set(AppleNonce.alphabet)
                try await expectEveryCase(Array(1...100) + [1_000], "nonce lengths") { length in
                    let nonce = try await expectSuccess("randomNonce(length: \(length))") {
                        try app.client.randomNonce(length: length)
                    }
                    try expectEqual(
                        nonce.count, length,
                        "the length of randomNonce(length: \(length))'s nonce \(nonce.debugDescription)")
                    try expectEqual(
                        String(nonce.filter { !alphabet.contains($0) }), "",
                        "the characters of randomNonce(length: \(length))'s nonce outside the alphabet")
                }
            },
            Check(
                id: "fresh-nonce-per-request",
                "two sign-in requests carry two fresh 32-character raw nonces of the alphabet"
            ) { context in
                let app = try await context.launchAppleApp()
                let first =
                    try await context.appleCredential(as: AppleAccounts.alice, on: app.client).credential.appleRawNonce
                    ?? ""
                let second =
                    try await context.appleCredential(as: AppleAccounts.alice, on: app.client).credential.appleRawNonce
                    ?? ""
                try await expectEveryCase([("first", first), ("second", second)], "raw nonces") { ordinal, nonce in
                    try expect(
                        AppleNonce.isWellFormed(nonce),
                        "the \(ordinal) request's raw nonce is not 32 characters of the guide's alphabet",
                        expected: "32 characters of the guide's alphabet",
                        actual: "\(nonce.debugDescription) (\(nonce.count) characters)")
                }
                try expect(
                    first != second, "two requests used the same raw nonce", expected: "two different raw nonces",
                    actual: "\(first.debugDescription) twice")
                let sent = context.world.apple.authorizationRequests.map(\.nonce)
                try expect(
                    Set(sent).count == 2, "the two requests that reached Apple did not carry two different nonces",
                    expected: "two different nonces", actual: "\(sent)")
            },
        ])
}
