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

    /// Numbers Swift writes in every form (integral, fraction, exponent, negative zero, the smallest subnormal), every
    /// character JSON escapes or leaves alone, keys that sort by case, digits and beyond ASCII, and every fixture file.
    static var valuesToEncode: [FixtureValue] {
        get throws {
            let numbers: [Double] = [
                0, -0.0, 3600, -3, 1.5, 0.1, 1e20, 1e-7, 2.5e15, 1e16, 12345678.9, 1e300, .leastNonzeroMagnitude,
            ]
            let strings = [
                "", "a/b\"c\\d\n\t\r\u{08}\u{0C}\u{01}\u{1F}\u{7F} é \u{2028} \u{1F600}", "https://x/y?z=1&w",
                "nul\u{00}inside\u{00}",
            ]
            let keys = ["b", "B", "a", "é", "e", "Z", "_", "10", "9", "aa", "a b", "\u{1F600}", "ﬀ"]
            let fixtures = try FileManager.default.subpathsOfDirectory(atPath: fixturesPath).filter {
                $0.hasSuffix(".json")
            }
            #expect(fixtures.count > 5)
            return try numbers.map(FixtureValue.number) + strings.map(FixtureValue.string) + [
                .null, .bool(true), .array([]), .object([:]),
                .object(Dictionary(uniqueKeysWithValues: keys.enumerated().map { ($1, .number(Double($0))) })),
                .array([.object(["n": .array([.null, .bool(false)])]), .string("x")]),
            ] + sameTexts.map { try JSONDecoder().decode(FixtureValue.self, from: Data($0.utf8)) }
                + fixtures.map { path in
                    try JSONDecoder().decode(
                        FixtureValue.self, from: Data(contentsOf: URL(fileURLWithPath: fixturesPath + "/" + path)))
                }
        }
    }

    static let fixturesPath = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
        "../../Fixtures"
    ).standardized.path

    @Test("encoded writes the bytes JSONEncoder writes with sorted keys, and {} where it throws")
    func encodedAsJSONEncoder() throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        for value in try Self.valuesToEncode {
            #expect(
                String(decoding: value.encoded, as: UTF8.self)
                    == String(decoding: try encoder.encode(value), as: UTF8.self))
        }
        for value: FixtureValue in [.number(.infinity), .array([.number(.nan)]), .object(["a": .number(-.infinity)])] {
            #expect(throws: EncodingError.self) { try encoder.encode(value) }
            #expect(value.encoded == Data("{}".utf8))
        }
    }
}
