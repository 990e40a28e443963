import MockIdP

extension Rule {
    public static let apple1 = Rule(
        "APPLE-1", .must, flow: .apple,
        title: "The raw nonce is random, 32 characters of the guide's alphabet, fresh per request",
        statement: """
            The raw nonce is cryptographically random, 32 characters by default, drawn from the documented 64-character alphabet \
            (0-9, A-Z without W, a-z, -, ., _), fresh for every request; a length of 0 is refused, and every length from 1 up gives \
            a nonce of exactly that length.
            """,
        sources: [.firebaseApple(section: "randomNonceString(length:): charset without W, precondition(length > 0)")],
        hint: "if this fails, check the nonce generator's charset (64 characters, no W), its default length of 32 and that each request makes a new one",
        checks: [
            Check("64 nonces of randomNonce(length: 32) are distinct, 32 characters each, and use the whole alphabet and nothing else") { context in
                let app = try await context.launchAppleApp()
                var nonces: [String] = []
                for _ in 0..<64 { nonces.append(try await expectSuccess("randomNonce(length: 32)") { try app.client.randomNonce(length: 32) }) }
                let wrongLength = nonces.filter { $0.count != 32 }
                try expect(wrongLength.isEmpty, "randomNonce(length: 32) answered \(wrongLength.count) nonces of another length, e.g. \"\(wrongLength.first ?? "")\"")
                let alphabet = Set(AppleNonce.alphabet)
                let used = Set(nonces.joined())
                let foreign = used.subtracting(alphabet)
                try expect(foreign.isEmpty, "the nonces use characters outside the guide's alphabet: \(String(foreign.sorted()).debugDescription)")
                try expect(Set(nonces).count == nonces.count, "randomNonce(length: 32) answered the same nonce twice in 64 calls")
                // 2,048 uniform draws from 64 characters miss one with probability below 1e-12: a smaller alphabet shows.
                let unused = alphabet.subtracting(used)
                try expect(unused.isEmpty, "2,048 nonce characters never used \(String(unused.sorted()).debugDescription): the alphabet is not the guide's 64 characters")
                let short = try await expectSuccess("randomNonce(length: 16)") { try app.client.randomNonce(length: 16) }
                try expect(short.count == 16, "randomNonce(length: 16) answered \(short.count) characters")
            },
            Check("randomNonce(length: 0) is refused") { context in
                let app = try await context.launchAppleApp()
                _ = try await expectAuthError(when: "randomNonce(length: 0)") { try app.client.randomNonce(length: 0) }
            },
            Check("every length from 1 (the shortest) to 100, and 1,000, gives a nonce of exactly that length from the alphabet") { context in
                let app = try await context.launchAppleApp()
                let alphabet = Set(AppleNonce.alphabet)
                for length in Array(1...100) + [1_000] {
                    let nonce = try await expectSuccess("randomNonce(length: \(length))") { try app.client.randomNonce(length: length) }
                    try expect(nonce.count == length, "randomNonce(length: \(length)) answered \(nonce.count) characters: \"\(nonce)\"")
                    try expect(nonce.allSatisfy(alphabet.contains), "randomNonce(length: \(length)) answered characters outside the alphabet: \"\(nonce)\"")
                }
            },
            Check("two sign-in requests carry two fresh 32-character raw nonces of the alphabet") { context in
                let app = try await context.launchAppleApp()
                let first = try await context.appleCredential(as: AppleAccounts.alice, on: app.client).credential.appleRawNonce ?? ""
                let second = try await context.appleCredential(as: AppleAccounts.alice, on: app.client).credential.appleRawNonce ?? ""
                for nonce in [first, second] {
                    try expect(AppleNonce.isWellFormed(nonce), "the request's raw nonce \"\(nonce)\" is not 32 characters of the guide's alphabet")
                }
                try expect(first != second, "two requests used the same raw nonce \"\(first)\"")
                let sent = context.world.apple.authorizationRequests.map(\.nonce)
                try expect(Set(sent).count == 2, "the two requests that reached Apple carried the nonces \(sent)")
            },
        ])
}
