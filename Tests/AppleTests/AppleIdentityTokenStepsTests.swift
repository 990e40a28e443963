import ConformanceKit
import Foundation
import MockIdP
import Testing

@Suite("Apple identity-token verification steps, one at a time")
struct AppleIdentityTokenStepsTests {
    typealias Reason = AppleIdentityTokenError.Reason

    static let rawNonce = "7hN3q-V2x._kR9mZbLp0sT4uY8cEaGdF"
    static let claims = AppleIdentityClaims(
        aud: "com.example.conformance", exp: 1_000, iat: 400, sub: "001.a.1", nonce: AppleNonce.sha256Hex(rawNonce))

    static func reason(_ step: () throws(AppleIdentityTokenError) -> Void) -> Reason? {
        do { try step() } catch { return error.reason }
        return nil
    }

    static func fixtureCase(_ id: String) throws -> IDTokenCase {
        try #require(AppleIdentityTokenTests.cases.first { $0.id == id })
    }

    @Test("leaving the signature step out lets a tampered payload through, as a reference defect would")
    func composedWithoutSignature() throws {
        let tampered = try Self.fixtureCase("bad-signature-payload-one-claim-changed")
        let token = try AppleIdentityToken.read(tampered.token)
        try AppleIdentityToken.checkAlgorithm(of: token)
        _ = try AppleIdentityToken.signingKey(of: token, in: IDTokenCase.keySet)
        try AppleIdentityToken.checkIssuer(of: token.claims)
        try AppleIdentityToken.checkAudience(of: token.claims, clientID: tampered.clientID)
        try AppleIdentityToken.checkExpiry(of: token.claims, now: tampered.date)
        try AppleIdentityToken.checkNonce(of: token.claims, rawNonce: tampered.rawNonce)
        let key = try AppleIdentityToken.signingKey(of: token, in: IDTokenCase.keySet)
        #expect(
            Self.reason { () throws(AppleIdentityTokenError) in
                try AppleIdentityToken.checkSignature(of: token, by: key)
            } == .badSignature)
    }

    @Test("the key is chosen by kid, not by position: the second published key signs valid-key-2")
    func keyByID() throws {
        let token = try AppleIdentityToken.read(try Self.fixtureCase("valid-key-2").token)
        let key = try AppleIdentityToken.signingKey(of: token, in: IDTokenCase.keySet)
        #expect(key.kid == "TEST-APPLE-2" && key.kid != IDTokenCase.keySet.keys.first?.kid)
        #expect(
            Self.reason { () throws(AppleIdentityTokenError) in
                try AppleIdentityToken.checkSignature(of: token, by: IDTokenCase.keySet.keys[0])
            } == .badSignature)
        #expect(
            Self.reason { () throws(AppleIdentityTokenError) in
                _ = try AppleIdentityToken.signingKey(of: token, in: JSONWebKeySet(keys: []))
            } == .unknownKey)
    }

    @Test("exp is checked against fractional now: half a second before exp is valid, exp itself expired")
    func expiry() {
        func check(_ now: Double) -> Reason? {
            Self.reason { () throws(AppleIdentityTokenError) in
                try AppleIdentityToken.checkExpiry(of: Self.claims, now: Date(timeIntervalSince1970: now))
            }
        }
        #expect(check(999.5) == nil)
        #expect(check(1_000) == .expired)
        #expect(check(1_000.25) == .expired)
    }

    @Test("the audience may be one string or an array that contains the client ID; an empty array is wrong")
    func audience() {
        var claims = Self.claims
        func check(_ aud: AppleIdentityClaims.Audience) -> Reason? {
            claims.aud = aud
            return Self.reason { () throws(AppleIdentityTokenError) in
                try AppleIdentityToken.checkAudience(of: claims, clientID: "com.example.conformance")
            }
        }
        #expect(check(.one("com.example.conformance")) == nil)
        #expect(check(.many(["x", "com.example.conformance"])) == nil)
        #expect(check(.many([])) == .wrongAudience)
        #expect(check(.one("com.example.conformance ")) == .wrongAudience)
    }

    @Test("nonce: missing wins over mismatch, the raw nonce in the claim is named, only the lowercase hash matches")
    func nonce() {
        func check(claim: String?, raw: String?) -> Reason? {
            var claims = Self.claims
            claims.nonce = claim
            return Self.reason { () throws(AppleIdentityTokenError) in
                try AppleIdentityToken.checkNonce(of: claims, rawNonce: raw)
            }
        }
        let hash = AppleNonce.sha256Hex(Self.rawNonce)
        #expect(check(claim: hash, raw: Self.rawNonce) == nil)
        #expect(check(claim: nil, raw: nil) == .nonceMissing)
        #expect(check(claim: "", raw: Self.rawNonce) == .nonceMissing)
        #expect(check(claim: hash, raw: "") == .nonceMissing)
        #expect(check(claim: Self.rawNonce, raw: Self.rawNonce) == .rawNonceInToken)
        #expect(check(claim: hash.uppercased(), raw: Self.rawNonce) == .nonceMismatch)
        #expect(check(claim: hash, raw: Self.rawNonce + " ") == .nonceMismatch)
    }

    @Test("alg: RS256 passes, none and HS256 are named, any other (case-sensitive) is a bad signature")
    func algorithm() throws {
        let payload = Self.claims.json
        for (alg, expected) in [
            ("RS256", nil), ("none", Reason.algNone), ("HS256", .algHS256), ("NONE", .badSignature),
            ("rs256", .badSignature), ("ES256", .badSignature),
        ] {
            let jws = """
                \(Base64URL.encode(Data(#"{"alg":"\#(alg)","kid":"TEST-APPLE-1"}"#.utf8))).\
                \(Base64URL.encode(payload)).
                """
            let token = try AppleIdentityToken.read(jws)
            #expect(
                Self.reason { () throws(AppleIdentityTokenError) in try AppleIdentityToken.checkAlgorithm(of: token) }
                    == expected, "\(alg)")
        }
    }

    @Test("the error says which step failed and what it found")
    func errorText() throws {
        let wrongAudience = try Self.fixtureCase("wrong-audience-other-app")
        #expect {
            _ = try AppleIdentityToken.verify(
                wrongAudience.token, keySet: IDTokenCase.keySet, clientID: wrongAudience.clientID,
                rawNonce: wrongAudience.rawNonce, now: wrongAudience.date)
        } throws: { error in "\(error)".hasPrefix("wrongAudience: ") && "\(error)".contains("com.example.other") }
    }
}
