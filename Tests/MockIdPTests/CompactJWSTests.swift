import Crypto
import Foundation
import MockIdP
import Testing

@Suite
struct CompactJWSTests {
    let keys = JSONWebKeySet.appleTestKeys
    let payload = Data(#"{"iss":"https://appleid.apple.com","sub":"001"}"#.utf8)

    @Test
    func rs256SignatureVerifiesOnlyWithTheSigningKey() throws {
        let jws = try CompactJWS.sign(
            header: JOSEHeader(alg: "RS256", kid: keys.keys[0].kid), payload: payload, with: .rsa(keys.keys[0]))
        let read = try CompactJWS(jws.compact)
        #expect(read.header.kid == keys.keys[0].kid)
        #expect(read.payload == payload)
        #expect(read.hasValidRS256Signature(by: keys.keys[0].publicKey))
        #expect(!read.hasValidRS256Signature(by: keys.keys[1].publicKey))
    }

    @Test
    func aTamperedPayloadNoLongerVerifies() throws {
        let jws = try CompactJWS.sign(
            header: JOSEHeader(alg: "RS256", kid: keys.keys[0].kid), payload: payload, with: .rsa(keys.keys[0]))
        let parts = jws.compact.split(separator: ".")
        let tampered = try CompactJWS(
            """
            \(parts[0]).\(Base64URL.encode(Data(#"{"iss":"https://appleid.apple.com","sub":"002"}"#.utf8))).\
            \(parts[2])
            """)
        #expect(!tampered.hasValidRS256Signature(by: keys.keys[0].publicKey))
    }

    @Test
    func es256SignatureIsRawRAndS() throws {
        let key = P256.Signing.PrivateKey()
        let jws = try CompactJWS.sign(
            header: JOSEHeader(alg: "ES256", kid: "ABC123DEFG"), payload: payload, with: .p256(key))
        #expect(jws.signature.count == 64)
        #expect(jws.hasValidES256Signature(by: key.publicKey))
        #expect(!jws.hasValidES256Signature(by: P256.Signing.PrivateKey().publicKey))
    }

    @Test
    func thePublishedSetHasNoPrivateMembers() throws {
        let published = try JSONWebKeySet(json: keys.publicKeys.json)
        #expect(published.keys.allSatisfy { !$0.isPrivate })
        #expect(published.key(withID: keys.keys[1].kid)?.n == keys.keys[1].n)
    }

    @Test(arguments: ["", "a.b", "a.b.c.d", "!!.e30.", "e30.bm90LWpzb24.", "e30.e30."])
    func malformedCompactFormsAreRefused(_ text: String) { #expect(throws: JOSEError.self) { try CompactJWS(text) } }

    /// Empty segments kept, a dot first or last, non-ASCII anywhere (a combining mark after a dot joins it into one
    /// `Character`, so that dot separates nothing), and base64url's whole alphabet.
    @Test(arguments: [
        "", ".", "..", "a", "a.b", ".a.", "a..b", "e30.e30.", "eyJ-_0.AZaz09-_.sig", "a.\u{301}b.c", "é.ü.ß",
        "a.b.c.d.e", "\u{1F600}.x",
    ])
    func segmentsAreWhatSplittingByDotGives(_ compact: String) {
        #expect(CompactJWS.segments(of: compact) == compact.split(separator: ".", omittingEmptySubsequences: false))
    }
}
