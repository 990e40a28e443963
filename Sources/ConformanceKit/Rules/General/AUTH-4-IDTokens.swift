import Foundation
import MockIdP

extension Rule {
    public static let auth4 = Rule(
        "AUTH-4", .must, flow: .general,
        title: "ID tokens are real credentials: tampered, malformed, expired and foreign ones are refused",
        statement: """
            ID tokens are real credentials: the backend's verification accepts its own current tokens and refuses a \
            tampered token (payload changed, signature removed, alg: none), a malformed one (not three segments), an \
            expired one, and one issued for another project; refusing never crashes. The backend's own account \
            operations (looking the account up, changing its password or email, enrolling or unenrolling a factor) \
            accept no token that this verification refuses: a forged token naming another user reads and changes \
            nothing.
            """,
        sources: [
            .firebaseVerifyIDTokens(
                section: """
                    Verify ID tokens using a third-party JWT library: the header and payload claims to check (alg, \
                    kid, exp, aud, iss) and the signature
                    """)
        ],
        hint: """
            if this fails, check that verifyIDToken checks the RS256 signature with the backend's own key, refuses alg \
            none and malformed tokens, checks exp on the world's clock and aud and iss against this project, and \
            throws an AuthError instead of crashing; and that accounts:lookup, accounts:update and the mfaEnrollment \
            calls verify the ID token the same way before they read whose account it names
            """,
        checks: [
            Check(
                id: "tampered-tokens-refused",
                "the backend accepts its own token and refuses every tampering and malformed token with an AuthError"
            ) { context in
                let app = try await context.signedInApp()
                let token = try await context.currentVerifiedIDToken(of: app)
                try await expectEveryCase(IDTokenForgery.all(of: token), "forged ID tokens") { forgery, forged in
                    _ = try await expectAuthError(when: "verifyIDToken(\(forgery): \"\(forged.abbreviated)\")") {
                        try await app.backend.verifyIDToken(forged)
                    }
                }
            },
            Check(id: "expired-token-refused", "a token past its expiry is refused") { context in
                let expiry = try context.idTokenExpiry()
                let app = try await context.signedInApp()
                let token = try await context.currentVerifiedIDToken(of: app)
                let age = try await context.letIDTokensExpire(expiry)
                _ = try await expectAuthError(when: "verifyIDToken(a token issued \(age))") {
                    try await app.backend.verifyIDToken(token)
                }
            },
            Check(id: "other-project-refused", "a token another project issued is refused") { context in
                let app = try await context.signedInApp()
                let otherApp = try await context.signedInApp(
                    .standard.with(\.projectID, "another-project"), on: .secondary)
                let foreign = try await expectSuccess("getIDToken() in another-project") {
                    try await otherApp.client.getIDToken(forceRefresh: false)
                }
                _ = try await expectAuthError(
                    when: "verifyIDToken(a token of another-project) on \(ProjectConfiguration.standard.projectID)"
                ) { try await app.backend.verifyIDToken(foreign) }
            },
            Check(
                id: "account-calls-forged",
                """
                the backend's own account calls refuse every forged token; one naming another user reads and changes \
                nothing
                """, requires: [.flow(.multiFactor)]
            ) { context in
                let app = try await context.launchApp()
                let door = try context.accounts(of: app.backend)
                let victim = try await context.signUpVerified(.ada, on: app.client)
                let factor = try await context.enroll(PhoneNumbers.us, displayName: "Phone 1", on: app.client)
                try await expectSuccess("signOut()") { try await app.client.signOut() }
                let attacker = try await context.signUp(.grace, on: app.client)
                let token = try await expectSuccess("grace's getIDToken()") {
                    try await app.client.getIDToken(forceRefresh: false)
                }
                let own = try await expectSuccess("accounts:lookup with grace's own token") {
                    try await door.lookUp(idToken: token)
                }
                try expectEqual(own.uid, attacker.uid, "the user accounts:lookup with grace's own token answered")
                let forgeries = IDTokenForgery.all(of: token) + IDTokenForgery.naming(victim.uid, in: token)
                try await expectEveryCase(forgeries, "forged ID tokens") { forgery, forged in
                    try await context.expectDoorShut(
                        door, to: forged, named: "\(forgery) (victim: ada, \(victim.uid.abbreviated))",
                        factorUID: factor.uid)
                }
                try await context.expectAccountUnchanged(.ada, factors: 1, on: app.backend)
            },
            Check(
                id: "account-calls-expired", "the backend's own account calls refuse an expired token",
                requires: [.flow(.multiFactor)]
            ) { context in
                let expiry = try context.idTokenExpiry()
                let app = try await context.launchApp()
                let door = try context.accounts(of: app.backend)
                try await context.signUp(.ada, on: app.client)
                let token = try await context.currentVerifiedIDToken(of: app)
                let age = try await context.letIDTokensExpire(expiry)
                try await context.expectDoorShut(door, to: token, named: "ada's token, issued \(age)")
                try await context.expectAccountUnchanged(.ada, factors: 0, on: app.backend)
            },
            Check(
                id: "account-calls-other-project",
                "the backend's own account calls refuse a token another project issued", requires: [.flow(.multiFactor)]
            ) { context in
                let app = try await context.launchApp()
                let door = try context.accounts(of: app.backend)
                try await context.signUp(.ada, on: app.client)
                let otherApp = try await context.launchApp(
                    .standard.with(\.projectID, "another-project"), on: .secondary)
                try await context.signUp(.ada, on: otherApp.client)
                let foreign = try await expectSuccess("getIDToken() in another-project") {
                    try await otherApp.client.getIDToken(forceRefresh: false)
                }
                try await context.expectDoorShut(
                    door, to: foreign, named: "a token of ada's namesake in another-project")
                try await context.expectAccountUnchanged(.ada, factors: 0, on: app.backend)
            }, .doorEditedTokenFirstStep, .doorExpiredTokenFirstStep, .doorEditedTokenPhoneUser,
            .doorEditedTokenEmailLinkUser,
        ])
}

extension CheckContext {
    /// Every account call of the backend's door refuses `token`.
    fileprivate func expectDoorShut(
        _ door: any AccountsFacet, to token: String, named forgery: String, factorUID: String = "any-factor"
    ) async throws {
        _ = try await expectAuthError(when: "accounts:lookup with \(forgery)") { try await door.lookUp(idToken: token) }
        _ = try await expectAuthError(when: "accounts:update (password) with \(forgery)") {
            try await door.updatePassword(idToken: token, newPassword: Self.attackersPassword)
        }
        _ = try await expectAuthError(when: "accounts:update (email) with \(forgery)") {
            try await door.updateEmail(idToken: token, newEmail: CheckIdentity.email("mallory"))
        }
        _ = try await expectAuthError(when: "mfaEnrollment:start with \(forgery)") {
            try await door.startEnrollment(idToken: token, phoneNumber: PhoneNumbers.uk)
        }
        _ = try await expectAuthError(when: "mfaEnrollment:finalize with \(forgery)") {
            try await door.finalizeEnrollment(
                idToken: token, assertion: .phone(verificationID: "unknown-verification", verificationCode: "123456"),
                displayName: nil)
        }
        _ = try await expectAuthError(when: "mfaEnrollment:withdraw with \(forgery)") {
            try await door.withdrawEnrollment(idToken: token, factorUID: factorUID)
        }
    }

    /// `user` still passes the first factor with its own password and address, keeps its `factors` second factors, and
    /// the password a forged token tried to set does not pass.
    fileprivate func expectAccountUnchanged(
        _ user: PasswordUser, factors: Int, on backend: any AuthBackend
    ) async throws {
        let client = try await launch(backend, on: .secondary)
        do {
            _ = try await client.signIn(with: user.credential)
            try expectEqual(
                0, factors, "the number of second factors \(user.email)'s password sign-in asks for after the forgeries"
            )
        } catch let error as AuthError where error.code == .secondFactorRequired {
            let hints = error.resolver?.hints.count ?? 0
            try expectEqual(
                hints, factors,
                "the number of second factors \(user.email)'s password sign-in asks for after the forgeries")
        } catch let error as AuthError {
            throw CheckFailure(
                "after the forgeries \(user.email) no longer signs in with her own password",
                expected: "a sign-in, or \(AuthErrorCode.secondFactorRequired.label)", actual: "\(error)")
        }
        let error = try await expectAuthError(
            when: "signIn(with: \(user.email) and the password a forged token tried to set)"
        ) { try await client.signIn(with: .password(email: user.email, password: Self.attackersPassword)) }
        try expect(
            error.code != .secondFactorRequired,
            "the password a forged token tried to set passes the first factor of \(user.email)",
            expected: "an error other than \(AuthErrorCode.secondFactorRequired.label)", actual: "\(error)")
    }

    fileprivate static let attackersPassword = "mallory's password"
}

/// The nearest forgeries of an ID token: single characters changed anywhere, and for a compact JWS a changed
/// payload with the old signature, the signature removed, `alg: none`, and wrong segment counts. Each differs from the
/// token in the bytes it names, every run (``Forgery``): a changed character changes the bytes its segment decodes to,
/// and a forgery the token already is (the signature removed from an unsigned token) is left out.
enum IDTokenForgery {
    static func all(of token: String) -> [(String, String)] {
        var forgeries: [(String, String)] = [
            ("empty", ""), ("one segment", "not-a-token"), ("two segments", "a.b"), ("four segments", token + ".extra"),
        ]
        for (name, index) in [("first", 0), ("middle", token.count / 2), ("last", token.count - 1)] where !token.isEmpty
        {
            let forged = Forgery.changingCharacter(at: index, of: token)
            let segments = Forgery.Segment.holding(offset: index, of: token).map { Set([$0]) } ?? []
            Forgery.requireChanged(segments, of: forged, from: token, "the token with its \(name) character changed")
            forgeries.append(("its \(name) character changed", forged))
        }
        let parts = CompactJWS.segments(of: token).map(String.init)
        guard parts.count == 3, let payload = Base64URL.decode(parts[1]),
            var claims = (try? JSONSerialization.jsonObject(with: payload)) as? [String: Any]
        else { return forgeries }
        claims["sub"] = "someone-else"
        claims["user_id"] = "someone-else"
        let changed = Base64URL.encode(
            (try? JSONSerialization.data(withJSONObject: claims, options: .sortedKeys)) ?? Data())
        let none = Base64URL.encode(Data(#"{"alg":"none","typ":"JWT"}"#.utf8))
        if !parts[2].isEmpty {
            // The middle of the signature: the signed bytes change and the claims do not.
            let signature = Forgery.changingCharacter(at: parts[2].count / 2, of: parts[2])
            forgeries.append(
                ("a character in the middle of its signature changed", "\(parts[0]).\(parts[1]).\(signature)"))
        }
        let named: [(String, String, Set<Forgery.Segment>)] = [
            ("payload changed (sub), old signature", "\(parts[0]).\(changed).\(parts[2])", [.payload]),
            ("signature removed", "\(parts[0]).\(parts[1]).", [.signature]),
            ("alg: none", "\(none).\(parts[1]).", [.header]),
            ("alg: none with the payload changed", "\(none).\(changed).", [.header, .payload]),
        ]
        return forgeries + named.filter { Forgery.differs($0.1, from: token, in: $0.2) }.map { ($0.0, $0.1) }
    }

    /// The token's payload edited to name `uid` (`sub`, `user_id`): with the old signature, with none, and as `alg:
    /// none`.
    static func naming(_ uid: String, in token: String) -> [(String, String)] {
        let parts = CompactJWS.segments(of: token).map(String.init)
        guard parts.count == 3, let payload = Base64URL.decode(parts[1]),
            var claims = (try? JSONSerialization.jsonObject(with: payload)) as? [String: Any]
        else { return [] }
        claims["sub"] = uid
        claims["user_id"] = uid
        let changed = Base64URL.encode(
            (try? JSONSerialization.data(withJSONObject: claims, options: .sortedKeys)) ?? Data())
        let none = Base64URL.encode(Data(#"{"alg":"none","typ":"JWT"}"#.utf8))
        return [
            ("payload naming another user, old signature", "\(parts[0]).\(changed).\(parts[2])"),
            ("payload naming another user, signature removed", "\(parts[0]).\(changed)."),
            ("alg: none naming another user", "\(none).\(changed)."),
        ].filter { Forgery.differs($0.1, from: token, in: [.payload]) }
    }
}

/// Firebase ID tokens expire an hour after they are issued (Firebase Admin `verifyIdToken` docs, “Manage User
/// Sessions”).
