import ConformanceKit
import Foundation
import MockIdP
import Testing

@Suite("Apple identity-token verification against Fixtures/apple/id-tokens.json")
struct AppleIdentityTokenTests {
    typealias Reason = AppleIdentityTokenError.Reason

    static let file = try? AppleFixtureFile<IDTokenCase>.load("id-tokens")
    static let cases = file?.cases ?? []

    static func verdict(_ fixtureCase: IDTokenCase) -> Result<AppleIdentityClaims, AppleIdentityTokenError> {
        Result { () throws(AppleIdentityTokenError) in
            try AppleIdentityToken.verify(
                fixtureCase.token, keySet: IDTokenCase.keySet, clientID: fixtureCase.clientID,
                rawNonce: fixtureCase.rawNonce, now: fixtureCase.date)
        }
    }

    @Test("case", arguments: cases)
    func fixtureCase(_ fixtureCase: IDTokenCase) throws {
        switch Self.verdict(fixtureCase) {
        case .success(let claims):
            #expect(
                fixtureCase.valid, "\(fixtureCase.id) was accepted; the fixture expects \(fixtureCase.reason ?? "")")
            #expect(fixtureCase.reason == nil)
            #expect(claims == fixtureCase.claims)
            #expect(claims.aud.values.contains(fixtureCase.clientID))
        case .failure(let error):
            #expect(!fixtureCase.valid, "\(fixtureCase.id) was refused: \(error)")
            #expect(error.reason.rawValue == fixtureCase.reason, "\(fixtureCase.id): \(error)")
            #expect(fixtureCase.rules.contains(error.isNonceProblem ? "APPLE-4" : "APPLE-5"))
        }
    }

    @Test("the file is apple/id-tokens with at least 20 cases, one or more per reason, and only the 11 reasons")
    func coverage() throws {
        let file = try #require(Self.file)
        #expect(file.fixture == "apple/id-tokens" && file.version >= 1)
        #expect(file.cases.count >= 20)
        #expect(Set(file.cases.map(\.id)).count == file.cases.count)
        let reasons = file.cases.compactMap(\.reason)
        #expect(Set(reasons) == Set(Reason.allCases.map(\.rawValue)))
        #expect(file.cases.allSatisfy { $0.valid == ($0.reason == nil) })
        #expect(file.cases.allSatisfy { !$0.rules.isEmpty && $0.rules.allSatisfy { $0.area == "APPLE" } })
    }

    @Test(
        """
        the valid cases cover both published keys, string and boolean flags, a relay email, an array aud and exp = now \
        + 1
        """)
    func validNearMisses() throws {
        let valid = Self.cases.filter(\.valid)
        #expect(Set(valid.compactMap(\.header?.kid)) == Set(IDTokenCase.keySet.keys.map(\.kid)))
        let claims = valid.compactMap(\.claims)
        #expect(claims.count == valid.count)
        #expect(
            claims.contains { $0.emailVerified?.isString == true }
                && claims.contains { $0.emailVerified?.isString == false })
        #expect(
            claims.contains { $0.isPrivateEmail?.isString == true }
                && claims.contains { $0.isPrivateEmail?.isString == false })
        #expect(
            claims.contains {
                $0.email?.hasSuffix("@privaterelay.appleid.com") == true && $0.isPrivateEmail?.value == true
            })
        #expect(claims.contains { if case .many = $0.aud { true } else { false } })
        #expect(valid.contains { $0.claims?.exp == $0.now + 1 })
    }

    @Test("the invalid cases include the near misses: exp == now, uppercase hex, wrong key, one claim changed, HS256")
    func invalidNearMisses() throws {
        let reasons = Dictionary(uniqueKeysWithValues: Self.cases.map { ($0.id, $0.reason) })
        #expect(Self.cases.contains { $0.reason == "expired" && $0.claims?.exp == $0.now })
        let uppercase = try #require(Self.cases.first { $0.id == "nonce-uppercase-hex" })
        #expect(uppercase.claims?.nonce == AppleNonce.sha256Hex(try #require(uppercase.rawNonce)).uppercased())
        #expect(reasons["nonce-uppercase-hex"] == "nonceMismatch")
        #expect(reasons["bad-signature-wrong-key-right-kid"] == "badSignature")
        #expect(reasons["bad-signature-payload-one-claim-changed"] == "badSignature")
        #expect(reasons["alg-hs256-public-key"] == "algHS256")
        #expect(reasons["unknown-kid-unpublished-key"] == "unknownKey")
    }

    @Test(
        "nonce reasons are missingOrInvalidNonce [17094], all others invalidCredential [17004]",
        arguments: Reason.allCases)
    func errorCode(_ reason: Reason) {
        let error = AppleIdentityTokenError(reason, "")
        let nonce: Set<Reason> = [.nonceMismatch, .nonceMissing, .rawNonceInToken]
        #expect(error.isNonceProblem == nonce.contains(reason))
        #expect(error.authErrorCode == (nonce.contains(reason) ? .missingOrInvalidNonce : .invalidCredential))
        #expect(error.authErrorCode.rawValue == (nonce.contains(reason) ? 17094 : 17004))
    }

    @Test("the reasons are the issue's eleven, by name")
    func reasonNames() {
        #expect(
            Reason.allCases.map(\.rawValue) == [
                "badSignature", "unknownKey", "algNone", "algHS256", "expired", "wrongIssuer", "wrongAudience",
                "nonceMismatch", "nonceMissing", "rawNonceInToken", "malformed",
            ])
    }
}
