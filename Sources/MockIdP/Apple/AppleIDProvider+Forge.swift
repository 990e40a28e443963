import Crypto
import Foundation

extension AppleIDProvider {
    /// `token` spoiled by exactly one defect, for checks that a verifier refuses it. Re-signed forgeries are signed
    /// by the test key the token's `kid` names (the current signing key when it names none), so only the defect
    /// differs. The forgery differs from the token in what it names (its claims, header or signature), every run
    /// (``Forgery``); a forgery that would change nothing (a claim set to the value it has) throws.
    package func forge(_ forgery: AppleTokenForgery, from token: String) throws(JOSEError) -> String {
        let forged = try spoil(token, with: forgery)
        let original = try CompactJWS(token)
        let spoiled = try CompactJWS(forged)
        let changed: Bool
        switch forgery {
        case .signedByWrongKey: changed = spoiled.signature != original.signature
        case .unknownKeyID, .algNone, .hs256WithPublicKey, .mislabelledAlgorithm:
            changed = spoiled.header != original.header && spoiled.signature != original.signature
        case .duplicateHeaderParameter, .headerInUTF16: changed = spoiled.rawHeader != original.rawHeader
        case .duplicateClaim, .payloadInUTF16: changed = spoiled.payload != original.payload
        case .tamperedPayload, .expired, .expiringAt, .issuer, .audience, .nonce, .claims:
            // The claims as bytes: Swift's == takes a Kelvin sign for a K, and that difference is a forgery.
            changed =
                AppleIdentityClaims(payload: spoiled.payload)?.json
                != AppleIdentityClaims(payload: original.payload)?.json
                && Forgery.differs(forged, from: token, in: [.payload])
        }
        guard changed else { throw .notAForgery("\(forgery) leaves the token as it was") }
        return forged
    }

    private func spoil(_ token: String, with forgery: AppleTokenForgery) throws(JOSEError) -> String {
        let jws = try CompactJWS(token)
        guard var claims = AppleIdentityClaims(payload: jws.payload) else {
            throw .malformed("the payload is not an Apple identity token")
        }
        let keys = JSONWebKeySet.appleTestKeys
        let published = publishedKeys
        let own = jws.header.kid.flatMap { keys.key(withID: $0) } ?? keys.key(withID: signingKeyID) ?? keys.keys[0]
        let header = JOSEHeader(alg: "RS256", kid: own.kid)
        switch forgery {
        case .signedByWrongKey:
            let others = keys.keys.filter { $0.kid != own.kid }
            let other = others.first { published.key(withID: $0.kid) != nil } ?? others.first ?? own
            return try CompactJWS.sign(header: header, payload: jws.payload, with: .rsa(other)).compact
        case .unknownKeyID:
            guard let unpublished = keys.keys.first(where: { published.key(withID: $0.kid) == nil }) else {
                throw .malformedKeySet("every test key is published")
            }
            let unknown = JOSEHeader(alg: "RS256", kid: unpublished.kid)
            return try CompactJWS.sign(header: unknown, payload: jws.payload, with: .rsa(unpublished)).compact
        case .algNone:
            return try CompactJWS.sign(header: JOSEHeader(alg: "none", kid: own.kid), payload: jws.payload, with: .none)
                .compact
        case .hs256WithPublicKey:
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys]
            let secret = (try? encoder.encode(own.publicKey)) ?? Data()
            let hmac = JOSEHeader(alg: "HS256", kid: own.kid)
            return try CompactJWS.sign(header: hmac, payload: jws.payload, with: .hmac(SymmetricKey(data: secret)))
                .compact
        case .mislabelledAlgorithm(let alg):
            return try CompactJWS.signing(
                rawHeader: Self.json(JOSEHeader(alg: alg, kid: own.kid)), payload: jws.payload, with: .rsa(own))
        case .tamperedPayload:
            claims.sub += ".tampered"
            let parts = CompactJWS.segments(of: token)
            return "\(parts[0]).\(Base64URL.encode(claims.json)).\(parts[2])"
        case .duplicateClaim(let name, let json):
            return try CompactJWS.signing(
                rawHeader: Self.json(header), payload: Self.appending(name, json, to: jws.payload), with: .rsa(own))
        case .duplicateHeaderParameter(let name, let json):
            return try CompactJWS.signing(
                rawHeader: Self.appending(name, json, to: Self.json(header)), payload: jws.payload, with: .rsa(own))
        case .payloadInUTF16:
            return try CompactJWS.signing(
                rawHeader: Self.json(header), payload: Self.utf16(jws.payload), with: .rsa(own))
        case .headerInUTF16:
            return try CompactJWS.signing(
                rawHeader: Self.utf16(Self.json(header)), payload: jws.payload, with: .rsa(own))
        case .expired:
            claims.exp = unixNow - 3600
            claims.iat = claims.exp - Self.identityTokenLifetime
        case .expiringAt(let exp): claims.exp = exp
        case .issuer(let issuer): claims.iss = issuer
        case .audience(let audience): claims.aud = .one(audience)
        case .nonce(let nonce): claims.nonce = nonce
        case .claims(let change): change(&claims)
        }
        return try CompactJWS.sign(header: header, payload: claims.json, with: .rsa(own)).compact
    }

    private static func json(_ header: JOSEHeader) -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return (try? encoder.encode(header)) ?? Data()
    }

    /// `object` (JSON text of an object) with `"name": json` added as its last member.
    private static func appending(_ name: String, _ json: String, to object: Data) -> Data {
        var text = String(decoding: object, as: UTF8.self)
        guard let close = text.lastIndex(of: "}") else { return object }
        text.replaceSubrange(close...close, with: ",\"\(name)\":\(json)}")
        return Data(text.utf8)
    }

    private static func utf16(_ text: Data) -> Data {
        Data(String(decoding: text, as: UTF8.self).utf16.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] })
    }
}
