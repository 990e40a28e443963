import ConformanceKit
import Crypto
import Foundation
import MockIdP

/// Sign in with Apple on the backend (`signInWithIdp` for `apple.com`): the identity token verified against
/// Apple's published keys, its nonce against the raw nonce's SHA-256 hex, and the user found or created by
/// Apple's `sub`; revocation through Apple's token and revoke endpoints.
extension ReferenceBackend {
    func signInWithApple(
        idToken: String, rawNonce: String?, fullName: PersonName?, creatingUser: Bool
    ) async throws(AuthError) -> SignInOutcome {
        let claims = try await verifiedAppleClaims(idToken, rawNonce: rawNonce)
        let pair = "\(idToken) \(rawNonce ?? "")"
        guard !behaviour.apple.refusesReplay || !usedAppleCredentials.contains(pair) else {
            throw AuthError(.invalidCredential, "this identity token and nonce already signed someone in")
        }
        let outcome: SignInOutcome
        if var user = users.values.first(where: { $0.oauthIdentities[ProviderID.apple] == claims.sub }) {
            if !behaviour.apple.keepsStoredName { user.displayName = fullName.map(displayName) }
            users[user.uid] = user
            outcome =
                behaviour.apple.asksForSecondFactor
                ? firstFactorSucceeded(for: user, provider: ProviderID.apple)
                : .signedIn(startSession(for: user, provider: ProviderID.apple, isNewUser: false))
        } else {
            guard creatingUser else { throw AuthError(.userMismatch, "no user has this Apple ID") }
            outcome = .signedIn(
                startSession(for: newAppleUser(claims, fullName: fullName), provider: ProviderID.apple, isNewUser: true)
            )
        }
        if case .signedIn = outcome { usedAppleCredentials.insert(pair) }
        return outcome
    }

    private func newAppleUser(_ claims: AppleIdentityClaims, fullName: PersonName?) -> UserRecord {
        var user = UserRecord(uid: newUID(), createdAt: stampedNow, lastSignInAt: stampedNow)
        user.oauthIdentities[ProviderID.apple] = claims.sub
        user.displayName = behaviour.apple.keepsFullName ? fullName.map(displayName) : nil
        user.photoURL = behaviour.apple.photoURL
        let isRelay = claims.email?.lowercased().hasSuffix("@privaterelay.appleid.com") ?? false
        if let email = claims.email, behaviour.apple.keepsRelayEmail || !isRelay,
            !users.values.contains(where: { $0.email == email })
        {
            user.email = email
            user.isEmailVerified =
                claims.emailVerified.map { $0.value && (behaviour.apple.readsStringBooleans || !$0.isString) }
                ?? behaviour.apple.emailWithoutClaimIsVerified
        }
        return user
    }

    private func displayName(_ name: PersonName) -> String {
        let parts =
            behaviour.apple.familyNameFirst ? [name.familyName, name.givenName] : [name.givenName, name.familyName]
        return parts.compactMap { $0 }.joined(separator: " ")
    }

    /// Apple's identity for a credential being linked to `uid`; `credentialAlreadyInUse`, with the credential
    /// that signs in to the other account, when another user has it (APPLE-9).
    func appleIdentity(
        toLink credential: AuthCredential, idToken: String, rawNonce: String?, toUser uid: String
    ) async throws(AuthError) -> String {
        let claims = try await verifiedAppleClaims(idToken, rawNonce: rawNonce)
        guard users[uid]?.oauthIdentities[ProviderID.apple] == nil else {
            throw AuthError(.providerAlreadyLinked, "the user already has an Apple ID")
        }
        if behaviour.apple.linkChecksOtherAccounts,
            users.values.contains(where: { $0.uid != uid && $0.oauthIdentities[ProviderID.apple] == claims.sub })
        {
            throw AuthError(
                .credentialAlreadyInUse, "this Apple ID already belongs to another user",
                updatedCredential: behaviour.apple.offersUpdatedCredential ? credential : nil)
        }
        for other in users.values where other.uid != uid && other.oauthIdentities[ProviderID.apple] == claims.sub {
            users[other.uid]?.oauthIdentities[ProviderID.apple] = nil
        }
        return claims.sub
    }

    /// Verifies an identity token as Apple's "Verifying a user" asks, step by step with the public rule
    /// functions: signature by the key `kid` names, issuer, audience, expiry, and the nonce claim against the raw
    /// nonce's SHA-256 hex.
    func verifiedAppleClaims(_ idToken: String, rawNonce: String?) async throws(AuthError) -> AppleIdentityClaims {
        let apple = behaviour.apple
        do {
            let signed = try AppleIdentityToken.parse(idToken)
            if apple.requiresUTF8 { try AppleIdentityToken.checkUTF8(of: signed) }
            if apple.duplicateMembers == .refused { try AppleIdentityToken.checkUniqueMemberNames(of: signed) }
            // The token as read: with duplicate members, their last (RFC 7515 §4) or Foundation's first.
            let token = apple.duplicateMembers == .lastRead ? try Self.lastMembersRead(of: idToken) : signed
            if apple.checksSignature && !apple.extraAlgorithms.contains(token.jws.header.alg) {
                if apple.checksAlgorithm { try AppleIdentityToken.checkAlgorithm(of: token) }
                let keys = try await appleKeySet(containing: token.jws.header.kid)
                let key = try apple.selectsKeyByKid ? AppleIdentityToken.signingKey(of: token, in: keys) : keys.keys[0]
                // The signature covers the header and payload as they were sent.
                try AppleIdentityToken.checkSignature(of: signed, by: key)
            }
            if apple.checksIssuer { try AppleIdentityToken.checkIssuer(of: token.claims) }
            if apple.checksAudience && apple.comparesCodePoints {
                try AppleIdentityToken.checkAudience(of: token.claims, clientID: configuration.apple.clientID)
            }
            if apple.checksAudience && !apple.comparesCodePoints
                && !token.claims.aud.values.contains(configuration.apple.clientID)
            {
                throw AppleIdentityTokenError(
                    .wrongAudience, "aud is \(token.claims.aud.values), not \(configuration.apple.clientID)")
            }
            if apple.checksExpiry {
                try AppleIdentityToken.checkExpiry(
                    of: token.claims, now: appleNow.addingTimeInterval(-apple.expiryLeeway))
            }
            try checkNonce(of: token.claims, rawNonce: rawNonce)
            return token.claims
        } catch let error as AppleIdentityTokenError {
            throw AuthError(error.authErrorCode, error.description)
        } catch let error as AuthError { throw error } catch { throw AuthError(.invalidCredential, "\(error)") }
    }

    /// `idToken` read with each header and payload member's last value, as RFC 7515 §4 allows a JWS parser to read
    /// duplicate names.
    private static func lastMembersRead(
        of idToken: String
    ) throws(AppleIdentityTokenError) -> AppleIdentityToken.Unverified {
        let parts = CompactJWS.segments(of: idToken)
        guard parts.count == 3, let header = Base64URL.decode(parts[0]).flatMap(LastMemberJSON.keepingLast),
            let payload = Base64URL.decode(parts[1]).flatMap(LastMemberJSON.keepingLast)
        else { return try AppleIdentityToken.parse(idToken) }
        return try AppleIdentityToken.parse("\(Base64URL.encode(header)).\(Base64URL.encode(payload)).\(parts[2])")
    }

    /// The token's nonce against the raw nonce: the rule function's check, or the comparison a defect makes instead.
    private func checkNonce(of claims: AppleIdentityClaims, rawNonce: String?) throws(AppleIdentityTokenError) {
        let apple = behaviour.apple
        if apple.nonceComparison == .sha256Hex && apple.requiresNonce {
            return try AppleIdentityToken.checkNonce(of: claims, rawNonce: rawNonce)
        }
        guard let raw = rawNonce, let claim = claims.nonce else {
            if apple.requiresNonce {
                throw AppleIdentityTokenError(.nonceMissing, "the raw nonce or the nonce claim is missing")
            }
            return
        }
        let accepted: Bool =
            switch apple.nonceComparison {
            case .sha256Hex: claim == AppleNonce.sha256Hex(raw)
            case .raw: claim == raw
            case .either: claim == AppleNonce.sha256Hex(raw) || claim == raw
            case .sha256HexIgnoringCase: claim.lowercased() == AppleNonce.sha256Hex(raw)
            }
        guard accepted else {
            throw AppleIdentityTokenError(
                .nonceMismatch, "the nonce claim is neither the raw nonce's hash nor what this backend takes")
        }
    }

    /// Apple's key set, fetched again when it lacks the key a token names (Apple rotates its keys).
    private func appleKeySet(containing kid: String?) async throws(AuthError) -> JSONWebKeySet {
        if let keys = appleKeys, kid.map({ keys.key(withID: $0) != nil }) ?? true { return keys }
        let response = try await call(.apple, HTTPRequest(url: URL(string: "https://appleid.apple.com/auth/keys")!))
        guard response.status == 200, let keys = try? JSONWebKeySet(json: response.body), !keys.keys.isEmpty else {
            throw behaviour.outsideParties.failure("Apple's key set could not be read (HTTP \(response.status))")
        }
        appleKeys = keys
        return keys
    }

    /// `revokeToken(withAuthorizationCode:)` for the session's user: the code exchanged for a refresh token at
    /// Apple's token endpoint, then that token revoked (Apple "Revoke tokens").
    func revokeAppleToken(authorizationCode: String, idToken: String) async throws(AuthError) {
        _ = try session(idToken)
        guard behaviour.apple.revokesAtApple else { return }
        let settings = configuration.apple
        let secret = try appleClientSecret(settings)
        let token = try await call(
            .apple,
            .form(
                URL(string: "https://appleid.apple.com/auth/token")!,
                [
                    ("client_id", settings.clientID), ("client_secret", secret), ("code", authorizationCode),
                    ("grant_type", "authorization_code"),
                ]))
        guard token.status == 200, let refreshToken = token.jsonObject?["refresh_token"] as? String else {
            throw AuthError(
                .invalidCredential,
                """
                Apple refused the authorization code: \
                \(token.jsonObject?["error"] as? String ?? "HTTP \(token.status)")
                """)
        }
        let revoke = try await call(
            .apple,
            .form(
                URL(string: "https://appleid.apple.com/auth/revoke")!,
                [
                    ("client_id", settings.clientID), ("client_secret", secret), ("token", refreshToken),
                    ("token_type_hint", "refresh_token"),
                ]))
        guard revoke.status == 200 else {
            throw AuthError(.invalidCredential, "Apple refused the revocation (HTTP \(revoke.status))")
        }
    }

    /// The time Apple's tokens are judged and the client secret stamped with: the world's, or the system clock's.
    private var appleNow: Date { behaviour.apple.usesSystemClock ? Date() : world.clock.date }

    /// The ES256 `client_secret` Apple's token and revoke endpoints take: signed by the developer's key, valid an hour.
    private func appleClientSecret(_ settings: AppleSignInSettings) throws(AuthError) -> String {
        let now = Int(appleNow.timeIntervalSince1970)
        guard let key = try? P256.Signing.PrivateKey(rawRepresentation: settings.privateKey) else {
            throw AuthError(.invalidCredential, "the project's Apple key is not a P-256 private key")
        }
        return AppleClientSecretClaims(iss: settings.teamID, iat: now, exp: now + 3600, sub: settings.clientID).signed(
            kid: settings.keyID, with: key)
    }
}
