import MockIdP

extension Rule {
    public static let apple5 = Rule(
        "APPLE-5", .must, flow: .apple,
        title: "The identity token's signature, issuer, audience and expiry are verified",
        statement: """
            The identity token is verified: RS256 signature by the Apple key named by kid in Apple's key set, iss == \
            https://appleid.apple.com, aud == the app's client ID, exp in the future; alg: none, a wrong key, an \
            unknown kid, a tampered payload, a wrong issuer or audience, or an expired token fail with \
            invalidCredential [17004]. There is no leeway: at exactly exp the token has expired. The header and \
            payload are UTF-8 JSON with unique member names (a token with a duplicate member is refused), or read as \
            the lexically last of them, as RFC 7515 §4 allows (so a token whose duplicate aud or iss ends in a wrong \
            value is refused either way, and one that reads the first of two members does not conform), and iss and \
            aud are compared code point by code point, with no normalisation (RFC 7515 §4, RFC 7519 §4 and §7.2).
            """,
        sources: [
            .appleVerifyingUser(
                section:
                    "verify the signature with the server's public key, iss, aud, and that the time is earlier than exp"
            ), .appleFetchPublicKey(section: "select the key with the matching key identifier (kid)"),
            .openIDConnectCore(section: "3.1.3.7 ID Token Validation"),
            .rfc7515(
                section: """
                    4: Header Parameter names MUST be unique; parsers MUST reject duplicates or take only the last; \
                    4.1.1: alg identifies the algorithm that secures the JWS
                    """),
            .rfc7519(
                section: """
                    4 (unique Claim Names), 7.2 (UTF-8 JSON), 2 (StringOrURI values compared as is, without \
                    transformation)
                    """),
        ],
        hint: """
            if this fails, check that the backend picks the key by kid from Apple's /auth/keys, accepts only RS256, \
            checks iss, aud and exp with no leeway, refuses header or payload JSON that is not UTF-8, refuses a member \
            named twice or reads its last value (never its first, which Foundation's decoders keep), and compares iss \
            and aud by code points (Swift's == takes canonically equivalent strings for equal)
            """,
        checks: [
            Check(
                id: "forged-tokens-refused",
                """
                a wrong key, an unknown kid, alg none, HS256, a tampered payload, a near-miss issuer or audience and \
                an expired token are refused
                """
            ) { context in
                let app = try await context.launchAppleApp()
                let (authorization, credential) = try await context.appleCredential(
                    as: AppleAccounts.alice, on: app.client)
                let clientID = ProjectConfiguration.standard.apple.clientID
                let forgeries: [(String, AppleTokenForgery, [AuthErrorCode])] = [
                    ("signed by another of Apple's keys than its kid names", .signedByWrongKey, [.invalidCredential]),
                    ("signed by a key Apple does not publish", .unknownKeyID, [.invalidCredential]),
                    ("with alg: none", .algNone, [.invalidCredential]),
                    ("HS256-signed with Apple's public key", .hs256WithPublicKey, AuthErrorCode.allCases),
                    ("with a claim changed after signing", .tamperedPayload, [.invalidCredential]),
                    (
                        "issued by https://appleid.apple.com/ (trailing slash)", .issuer("https://appleid.apple.com/"),
                        [.invalidCredential]
                    ),
                    ("issued by https://appleid.apple.co", .issuer("https://appleid.apple.co"), [.invalidCredential]),
                    ("for the client ID \(clientID).widget", .audience("\(clientID).widget"), [.invalidCredential]),
                    ("expired an hour ago", .expired, [.invalidCredential]),
                ]
                // Every forgery is tried: a subject that accepts three learns of all three in one run.
                try await context.expectForgeriesRefused(forgeries, of: authorization, credential, on: app.client)
                try await expectSuccess("signIn(with: the genuine credential) after the forgeries") {
                    try await app.client.signIn(with: credential)
                }
            },
            // The mutant that deletes the verifier's look at alg, and checks the RS256 signature by the kid's key
            // whatever alg says, passed every other check: alg none and HS256 come with a signature that is no RS256
            // one. Here only the algorithm's name is wrong.
            Check(
                id: "mislabelled-alg-refused",
                """
                a token whose only alg says none, RS512 or HS256, though its signature is a genuine RS256 one by the \
                key its kid names over that header and payload, is refused
                """
            ) { context in
                let app = try await context.launchAppleApp()
                let (authorization, credential) = try await context.appleCredential(
                    as: AppleAccounts.alice, on: app.client)
                let forgeries = ["none", "RS512", "HS256"].map { alg -> (String, AppleTokenForgery, [AuthErrorCode]) in
                    (
                        "whose header says alg: \(alg) over an RS256 signature by the key its kid names",
                        .mislabelledAlgorithm(alg), [.invalidCredential]
                    )
                }
                try await context.expectForgeriesRefused(forgeries, of: authorization, credential, on: app.client)
                try await expectSuccess("signIn(with: the genuine credential) after the forgeries") {
                    try await app.client.signIn(with: credential)
                }
            },
            Check(id: "rotated-key-accepted", "after Apple rotates its keys, a token signed by the new key signs in") {
                context in
                let app = try await context.launchAppleApp()
                try await context.signInWithApple(as: AppleAccounts.alice, on: app.client)
                try await expectSuccess("signOut()") { try await app.client.signOut() }
                context.world.apple.rotateKeys()
                try await context.signInWithApple(as: AppleAccounts.alice, on: app.client)
            },
            Check(
                id: "exact-expiry", "a token is accepted a second before its exp and refused at its exp",
                requires: [.worldClock]
            ) { context in
                let app = try await context.launchAppleApp()
                let (authorization, credential) = try await context.appleCredential(
                    as: AppleAccounts.alice, on: app.client)
                let claims = AppleIdentityClaims(payload: try CompactJWS(authorization.identityToken).payload)
                guard let exp = claims?.exp else {
                    throw CheckFailure(
                        "the world's Apple issued a token with no exp", expected: "an exp claim", actual: "none")
                }
                let now = Int(context.world.clock.date.timeIntervalSince1970)
                try context.advanceAppleClock(by: .seconds(exp - now - 1))
                try await expectSuccess("signIn(with:) one second before the token's exp") {
                    try await app.client.signIn(with: credential)
                }
                try await expectSuccess("signOut()") { try await app.client.signOut() }
                let (later, fresh) = try await context.appleCredential(as: AppleAccounts.alice, on: app.client)
                let laterExp = AppleIdentityClaims(payload: try CompactJWS(later.identityToken).payload)?.exp ?? 0
                try context.advanceAppleClock(
                    by: .seconds(laterExp - Int(context.world.clock.date.timeIntervalSince1970)))
                try await context.expectAppleSignInRefused(
                    fresh, [.invalidCredential], because: "at the identity token's exp", on: app.client)
            },
            Check(
                id: "duplicate-claims-refused",
                "a token naming iss, aud, exp or alg a second time, wrongly, or with JSON in UTF-16, is refused"
            ) { context in
                let app = try await context.launchAppleApp()
                let (authorization, credential) = try await context.appleCredential(
                    as: AppleAccounts.alice, on: app.client)
                let past = Int(context.world.clock.date.timeIntervalSince1970) - 3600
                let clientID = ProjectConfiguration.standard.apple.clientID
                // Each second member is wrong and comes last: a verifier that refuses duplicates and one that reads the
                // last (RFC 7515 §4) both refuse it; one that reads the first sees a genuine token. A duplicate whose
                // last value is right may go either way, and is not tried.
                let forgeries: [(String, AppleTokenForgery)] = [
                    (
                        "whose payload names iss a second time, as https://evil.example.com",
                        .duplicateClaim("iss", json: "\"https://evil.example.com\"")
                    ),
                    (
                        "whose payload names iss a second time, escaped as \\u0069ss",
                        .duplicateClaim("\\u0069ss", json: "\"https://evil.example.com\"")
                    ), ("whose payload names exp a second time, an hour ago", .duplicateClaim("exp", json: "\(past)")),
                    (
                        "whose payload names aud a second time, as \(clientID).widget",
                        .duplicateClaim("aud", json: "\"\(clientID).widget\"")
                    ),
                    (
                        "whose header names alg a second time, as none",
                        .duplicateHeaderParameter("alg", json: "\"none\"")
                    ), ("whose payload is JSON in UTF-16", .payloadInUTF16),
                    ("whose header is JSON in UTF-16", .headerInUTF16),
                ]
                try await context.expectForgeriesRefused(
                    forgeries.map { ($0, $1, [.invalidCredential]) }, of: authorization, credential, on: app.client)
                try await expectSuccess("signIn(with: the genuine credential) after the forgeries") {
                    try await app.client.signIn(with: credential)
                }
            },
            Check(
                id: "normalised-lookalikes-refused",
                """
                an aud equal to the client ID only after normalisation (Kelvin sign for K, fullwidth K) and a \
                fullwidth iss are refused
                """
            ) { context in
                let app = try await context.launchAppleApp(.standard.with(\.apple.clientID, "com.example.Kiosk"))
                let (authorization, credential) = try await context.appleCredential(
                    as: AppleAccounts.alice, on: app.client)
                let forgeries: [(String, AppleTokenForgery)] = [
                    (
                        "for com.example.\u{212A}iosk (U+212A KELVIN SIGN, canonically equivalent to K)",
                        .audience("com.example.\u{212A}iosk")
                    ),
                    (
                        "for com.example.\u{FF2B}iosk (U+FF2B FULLWIDTH K, K after NFKC)",
                        .audience("com.example.\u{FF2B}iosk")
                    ),
                    (
                        "issued by https://appleid.apple.\u{FF43}om (U+FF43 FULLWIDTH c, c after NFKC)",
                        .issuer("https://appleid.apple.\u{FF43}om")
                    ),
                ]
                try await context.expectForgeriesRefused(
                    forgeries.map { ($0, $1, [.invalidCredential]) }, of: authorization, credential, on: app.client)
                try await expectSuccess(
                    "signIn(with: the genuine credential for com.example.Kiosk) after the forgeries"
                ) { try await app.client.signIn(with: credential) }
            },
        ])
}

extension CheckContext {
    /// Each forgery of the genuine identity token, in an otherwise genuine credential, is refused with one of its
    /// codes and signs nobody in; every broken case is reported.
    fileprivate func expectForgeriesRefused(
        _ forgeries: [(String, AppleTokenForgery, [AuthErrorCode])], of authorization: AppleAuthorization,
        _ credential: AuthCredential, on client: any AuthClient, filePath: String = #filePath, line: Int = #line
    ) async throws {
        try await expectEveryCase(forgeries, "forged identity tokens", filePath: filePath, line: line) {
            situation, forgery, codes in
            try await signOutAfterAnAcceptedCase(client)
            let forged = credential.withApple(
                idToken: try world.apple.forge(forgery, from: authorization.identityToken))
            try await expectAppleSignInRefused(
                forged, codes, because: "with an identity token \(situation)", on: client, filePath: filePath,
                line: line)
        }
    }
}
