import ConformanceKit
import Foundation
import Testing

@Suite("FixtureValue(json:) reads what JSONDecoder reads, and leaves the rest to it")
struct FixtureValueJSONTests {
    static let sameTexts = [
        #"{"a":1,"b":[true,false,null],"c":"x\"y\\z\/\b\f\n\r\t","d":{"e":-0.5e-3,"f":1E+2}}"#,
        #"  [ 1 , 2.25 , "\u00e9\ud83d\ude00" , {} , [] ]  "#, #""é""#, "0", "-0", "12345678901234567890", "true",
        "null", #"{"kind":"identitytoolkit#GetAccountInfoResponse","users":[{"localId":"u1","emailVerified":false}]}"#,
        #"{"dup":1,"dup":2}"#,
    ]

    static let refusedTexts = [
        "", "01", "1.", ".5", "-", "1e", "+1", "[1,]", "{\"a\":1,}", "{a:1}", "\"\u{01}\"", #""\ud800""#, #""\x""#,
        "tru", "[1] 2", "\u{FEFF}{}", "NaN", "1e999",
    ]

    @Test("the same value as JSONDecoder", arguments: sameTexts)
    func same(_ text: String) throws {
        let decoded = try JSONDecoder().decode(FixtureValue.self, from: Data(text.utf8))
        #expect(FixtureValue(json: Data(text.utf8)) == decoded)
        #expect(FixtureValue.decoding(Data(text.utf8)) == decoded)
    }

    @Test(
        "nil for what RFC 8259 does not allow; decoding(_:) then reads it as JSONDecoder does", arguments: refusedTexts)
    func refused(_ text: String) {
        #expect(FixtureValue(json: Data(text.utf8)) == nil)
        #expect(
            FixtureValue.decoding(Data(text.utf8))
                == (try? JSONDecoder().decode(FixtureValue.self, from: Data(text.utf8))))
    }

    @Test("invalid UTF-8 and nesting deeper than 256 are nil")
    func hostile() {
        #expect(FixtureValue(json: Data([0x22, 0xFF, 0x22])) == nil)
        let deep = String(repeating: "[", count: 300) + String(repeating: "]", count: 300)
        #expect(FixtureValue(json: Data(deep.utf8)) == nil)
        let fine = String(repeating: "[", count: 200) + String(repeating: "]", count: 200)
        #expect(FixtureValue(json: Data(fine.utf8)) != nil)
    }
}
