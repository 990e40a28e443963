import Foundation

extension AppleIDProvider {
    private static var testKeys: [JSONWebKey] { JSONWebKeySet.appleTestKeys.keys }

    /// What `GET /auth/keys` returns: public members only.
    public var publishedKeys: JSONWebKeySet {
        let published = state.withLock { $0.published }
        return JSONWebKeySet(keys: published.map { Self.testKeys[$0].publicKey })
    }

    /// The `kid` new identity tokens are signed under.
    public var signingKeyID: String { Self.testKeys[state.withLock { $0.signing }].kid }

    /// Apple's key rotation (forum thread 129047): publishes test keys 1 and 2 and signs with key 2 from now on,
    /// so a token signed by key 0 no longer finds its `kid`.
    package func rotateKeys() {
        state.withLock { state in
            state.published = [1, 2]
            state.signing = 2
        }
    }

    /// A token for claims of the check's choosing, signed with the current key: for an authorization that never
    /// happened.
    package func mintIdentityToken(_ claims: AppleIdentityClaims) -> String {
        let signing = state.withLock { $0.signing }
        return Self.sign(
            claims.json, header: JOSEHeader(alg: "RS256", kid: Self.testKeys[signing].kid),
            with: .rsa(Self.testKeys[signing]))
    }

    /// Apple's time as Unix seconds.
    var unixNow: Int { Int(date.timeIntervalSince1970.rounded(.down)) }

    /// The identity token claims of `grant` issued now.
    func identityClaims(for grant: GrantKey, nonce: String?, authTime: Int, realUserStatus: Bool) -> AppleIdentityClaims
    {
        let now = unixNow
        let (account, settled, relay) = state.withLock { state in
            let team = state.apps[grant.clientID]?.teamID ?? ""
            return (state.accounts[grant.userID], state.grants[grant], state.relays[relayKey(grant.userID, team: team)])
        }
        var claims = AppleIdentityClaims(
            aud: grant.clientID, exp: now + Self.identityTokenLifetime, iat: now, sub: grant.userID, nonce: nonce,
            authTime: authTime)
        if let account, let settled, settled.scopes.contains(.email) {
            let hidden = settled.emailChoice == .hide && relay != nil
            claims.email = hidden ? relay : account.email
            claims.emailVerified = AppleBoolean(true, asString: account.claimsAsStrings)
            claims.isPrivateEmail = AppleBoolean(hidden, asString: account.claimsAsStrings)
        }
        if realUserStatus { claims.realUserStatus = account?.realUserStatus }
        return claims
    }

    func relayKey(_ userID: String, team: String) -> String { "\(team)/\(userID)" }

    static func sign(_ payload: Data, header: JOSEHeader, with key: JWSSigningKey) -> String {
        do { return try CompactJWS.sign(header: header, payload: payload, with: key).compact } catch {
            fatalError("the fixture's test keys cannot sign: \(error)")
        }
    }
}
