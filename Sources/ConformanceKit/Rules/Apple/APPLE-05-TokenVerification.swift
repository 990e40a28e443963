import MockIdP

extension Rule {
    public static let apple5 = Rule(
        "APPLE-5", .must, flow: .apple,
        title: "The identity token's signature, issuer, audience and expiry are verified",
        statement: """
            The identity token is verified: RS256 signature by the Apple key named by kid in Apple's key set, iss == \
            https://appleid.apple.com, aud == the app's client ID, exp in the future; alg: none, a wrong key, an unknown kid, a \
            tampered payload, a wrong issuer or audience, or an expired token fail with invalidCredential [17004].
            """,
        sources: [
            .appleVerifyingUser(section: "verify the signature with the server's public key, iss, aud, and that the time is earlier than exp"),
            .appleFetchPublicKey(section: "select the key with the matching key identifier (kid)"),
            .openIDConnectCore(section: "3.1.3.7 ID Token Validation"),
        ],
        hint: "if this fails, check that the backend picks the key by kid from Apple's /auth/keys, accepts only RS256, and checks iss, aud and exp",
        checks: [
            Check("a wrong key, an unknown kid, alg none, HS256, a tampered payload, a near-miss issuer or audience and an expired token are refused") { context in
                let app = try await context.launchAppleApp()
                let (authorization, credential) = try await context.appleCredential(as: AppleAccounts.alice, on: app.client)
                let clientID = ProjectConfiguration.standard.apple.clientID
                let forgeries: [(String, AppleTokenForgery, [AuthErrorCode])] = [
                    ("signed by another of Apple's keys than its kid names", .signedByWrongKey, [.invalidCredential]),
                    ("signed by a key Apple does not publish", .unknownKeyID, [.invalidCredential]),
                    ("with alg: none", .algNone, [.invalidCredential]),
                    ("HS256-signed with Apple's public key", .hs256WithPublicKey, AuthErrorCode.allCases),
                    ("with a claim changed after signing", .tamperedPayload, [.invalidCredential]),
                    ("issued by https://appleid.apple.com/ (trailing slash)", .issuer("https://appleid.apple.com/"), [.invalidCredential]),
                    ("issued by https://appleid.apple.co", .issuer("https://appleid.apple.co"), [.invalidCredential]),
                    ("for the client ID \(clientID).widget", .audience("\(clientID).widget"), [.invalidCredential]),
                    ("expired an hour ago", .expired, [.invalidCredential]),
                ]
                for (situation, forgery, codes) in forgeries {
                    let forged = credential.withApple(idToken: try context.world.apple.forge(forgery, from: authorization.identityToken))
                    try await context.expectAppleSignInRefused(forged, codes, because: "with an identity token \(situation)", on: app.client)
                }
                try await expectSuccess("signIn(with: the genuine credential) after the forgeries") { try await app.client.signIn(with: credential) }
            },
            Check("after Apple rotates its keys, a token signed by the new key signs in") { context in
                let app = try await context.launchAppleApp()
                try await context.signInWithApple(as: AppleAccounts.alice, on: app.client)
                try await expectSuccess("signOut()") { try await app.client.signOut() }
                context.world.apple.rotateKeys()
                try await context.signInWithApple(as: AppleAccounts.alice, on: app.client)
            },
            Check("a token is accepted a second before its exp and refused at its exp", requires: [.worldClock]) { context in
                let app = try await context.launchAppleApp()
                let (authorization, credential) = try await context.appleCredential(as: AppleAccounts.alice, on: app.client)
                let claims = AppleIdentityClaims(payload: try CompactJWS(authorization.identityToken).payload)
                guard let exp = claims?.exp else { throw CheckFailure("Apple's token has no exp") }
                let now = Int(context.world.clock.date.timeIntervalSince1970)
                try context.advanceAppleClock(by: .seconds(exp - now - 1))
                try await expectSuccess("signIn(with:) one second before the token's exp") { try await app.client.signIn(with: credential) }
                try await expectSuccess("signOut()") { try await app.client.signOut() }
                let (later, fresh) = try await context.appleCredential(as: AppleAccounts.alice, on: app.client)
                let laterExp = AppleIdentityClaims(payload: try CompactJWS(later.identityToken).payload)?.exp ?? 0
                try context.advanceAppleClock(by: .seconds(laterExp - Int(context.world.clock.date.timeIntervalSince1970)))
                try await context.expectAppleSignInRefused(fresh, [.invalidCredential], because: "at the identity token's exp", on: app.client)
            },
        ])
}
