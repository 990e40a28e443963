import Foundation
import MockIdP
import Testing

@Suite("JOSE JSON: UTF-8 text whose objects name each member once (RFC 7515 §4, RFC 7519 §4)")
struct JOSEJSONTests {
    static func problem(_ text: String) -> JOSEJSON.Problem? { JOSEJSON.problem(in: Array(text.utf8)) }

    @Test("JSON with unique names, nested objects, arrays, escapes and every kind of value has no problem")
    func accepted() {
        #expect(
            Self.problem(
                #"{"iss":"a","aud":["b","c"],"exp":1790000000,"x":{"iss":1,"n":-1.5e+3},"#
                    + #""t":true,"f":false,"z":null,"s":"\"\u00e9\ud83d\ude00"}"#) == nil)
        #expect(Self.problem(" { } ") == nil)
        #expect(
            Self.problem("{\"\u{E9}\":1,\"e\u{301}\":2}") == nil,
            "NFC and NFD spellings are two names: compared by code points")
    }

    @Test("a name seen twice in one object is a duplicate, also when escaped or nested")
    func duplicates() {
        #expect(Self.problem(#"{"iss":"a","iss":"b"}"#) == .duplicateMemberName("iss"))
        #expect(Self.problem(#"{"iss":"a","\u0069ss":"a"}"#) == .duplicateMemberName("iss"))
        #expect(Self.problem(#"{"alg":"RS256","kid":"k","alg":"none"}"#) == .duplicateMemberName("alg"))
        #expect(Self.problem(#"{"a":{"b":1,"b":1}}"#) == .duplicateMemberName("b"))
        #expect(Self.problem(#"{"a":[{"b":1},{"b":1}]}"#) == nil, "two objects may each have a b")
    }

    @Test("bytes that are not UTF-8 are refused: UTF-16, a Latin-1 byte, an overlong form, an encoded surrogate")
    func notUTF8() {
        #expect(JOSEJSON.problem(in: Array(#"{"iss":"Zo"#.utf8) + [0xE9] + Array(#""}"#.utf8)) == .notUTF8)
        #expect(JOSEJSON.problem(in: [0x7B, 0x22, 0xC0, 0xAF, 0x22, 0x3A, 0x31, 0x7D]) == .notUTF8)
        #expect(JOSEJSON.problem(in: [0x7B, 0x22, 0xED, 0xA0, 0x80, 0x22, 0x3A, 0x31, 0x7D]) == .notUTF8)
        let utf16 = #"{"iss":"a"}"#.utf16.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
        guard case .malformed = JOSEJSON.problem(in: utf16) else {
            Issue.record("UTF-16 JSON was taken for UTF-8 JSON")
            return
        }
    }

    @Test(
        "text that is not JSON is malformed",
        arguments: [
            #"{"a":tru}"#, #"{"a":01}"#, #"{"a":1.}"#, #"{"a":1}x"#, #"{"a" 1}"#, #"{"a":"\x"}"#, #"{"a":"\ud800"}"#,
            "{",
        ])
    func malformed(_ text: String) {
        guard case .malformed = Self.problem(text) else {
            Issue.record("\(text) was not found malformed: \(String(describing: Self.problem(text)))")
            return
        }
    }

    @Test("the forge's duplicate-member and UTF-16 tokens are signed tokens a strict reader refuses")
    func forgedTokens() async throws {
        let fixture = AppleFixture()
        let token = try await fixture.authorize(nonce: String(repeating: "0f", count: 32)).identityToken
        let key = JSONWebKeySet.appleTestKeys.keys[0].publicKey
        let duplicate = try CompactJWS(
            fixture.world.apple.forge(.duplicateClaim("iss", json: #""https://evil.example.com""#), from: token))
        #expect(duplicate.hasValidRS256Signature(by: key))
        #expect(JOSEJSON.problem(in: duplicate.payload) == .duplicateMemberName("iss"))
        let header = try CompactJWS(
            fixture.world.apple.forge(.duplicateHeaderParameter("alg", json: #""none""#), from: token))
        #expect(
            header.hasValidRS256Signature(by: key) && header.header.alg == "RS256", "Foundation keeps the first alg")
        #expect(JOSEJSON.problem(in: header.rawHeader) == .duplicateMemberName("alg"))
        let genuine = try CompactJWS(token)
        #expect(header.jsonProblem == .duplicateMemberName("alg") && genuine.jsonProblem == nil)
        let utf16 = try CompactJWS(fixture.world.apple.forge(.payloadInUTF16, from: token))
        #expect(utf16.hasValidRS256Signature(by: key))
        #expect(
            AppleIdentityClaims(payload: utf16.payload) != nil,
            "Foundation reads UTF-16 JSON, which is why a verifier must check")
        #expect(JOSEJSON.problem(in: utf16.payload) != nil)
    }
}
