import ConformanceKit
import Foundation
import MockIdP
import Testing

@Suite("Apple identity tokens: the RFCs' JSON and code-point comparison, step by step")
struct AppleIdentityTokenJSONTests {
    static func fixtureCase(_ id: String) throws -> IDTokenCase {
        try #require(AppleIdentityTokenTests.cases.first { $0.id == id })
    }

    static func reason(_ step: () throws(AppleIdentityTokenError) -> Void) -> AppleIdentityTokenError.Reason? {
        do { try step() } catch { return error.reason }
        return nil
    }

    @Test("parse reads the first of two iss members as Foundation does; checkUniqueMemberNames refuses the token")
    func duplicateFirstWins() throws {
        let forged = try Self.fixtureCase("duplicate-iss-second-forged")
        let token = try AppleIdentityToken.parse(forged.token)
        #expect(token.claims.iss == AppleIdentityClaims.issuer)
        #expect(
            Self.reason { () throws(AppleIdentityTokenError) in try AppleIdentityToken.checkUniqueMemberNames(of: token)
            } == .malformed)
        #expect(
            Self.reason { () throws(AppleIdentityTokenError) in _ = try AppleIdentityToken.read(forged.token) }
                == .malformed)
    }

    @Test("parse reads a UTF-16 payload; checkUTF8 refuses it")
    func utf16() throws {
        let token = try AppleIdentityToken.parse(try Self.fixtureCase("payload-utf16").token)
        #expect(
            Self.reason { () throws(AppleIdentityTokenError) in try AppleIdentityToken.checkUTF8(of: token) }
                == .malformed)
        #expect(
            Self.reason { () throws(AppleIdentityTokenError) in try AppleIdentityToken.checkUniqueMemberNames(of: token)
            } == nil)
    }

    @Test("Swift's == takes the Kelvin sign for K and NFD for NFC; the audience check does not")
    func codePoints() throws {
        #expect("com.example.\u{212A}iosk" == "com.example.Kiosk")
        #expect(!AppleIdentityToken.sameCodePoints("com.example.\u{212A}iosk", "com.example.Kiosk"))
        #expect(!AppleIdentityToken.sameCodePoints("cafe\u{301}", "caf\u{E9}"))
        #expect(AppleIdentityToken.sameCodePoints("cafe\u{301}", "cafe\u{301}"))
        let kelvin = try Self.fixtureCase("wrong-audience-kelvin-sign")
        let token = try AppleIdentityToken.read(kelvin.token)
        #expect(token.claims.aud.values == ["com.example.\u{212A}iosk"])
        #expect(
            Self.reason { () throws(AppleIdentityTokenError) in
                try AppleIdentityToken.checkAudience(of: token.claims, clientID: kelvin.clientID)
            } == .wrongAudience)
    }

    @Test(
        """
        the fixture holds a case for each: duplicates in payload and header, an escaped name, UTF-16, a stray byte, \
        other normal forms
        """)
    func coverage() throws {
        for id in [
            "duplicate-iss-second-forged", "duplicate-iss-escaped-name", "duplicate-exp-second-expired",
            "duplicate-sub-same-value", "duplicate-header-alg-none", "payload-utf16", "header-utf16",
            "payload-latin1-byte", "wrong-audience-kelvin-sign", "wrong-audience-decomposed",
            "wrong-audience-fullwidth", "wrong-issuer-fullwidth", "valid-aud-decomposed-exact",
        ] { _ = try Self.fixtureCase(id) }
    }
}
