import HTTPMessages
import Testing

/// `split(atASCII:omittingEmpty:)` reads ASCII text in its bytes; its answer must be `split(separator:)`'s for any
/// text.
@Suite("Splitting at an ASCII separator")
struct ASCIISplitTests {
    static let texts = [
        "", "&", "&&", "a", "a&b", "&a&", "a&&b", "n=v&m=&=w&x", "a=b=c", "a&\u{301}b&c", "é&ü&ß", "\u{1F600}&x",
        "a=\u{301}b", "%C3%A9=%26&+=+",
    ]

    @Test("the same pieces as split(separator:), empty ones kept or omitted", arguments: texts)
    func sameAsSplit(_ text: String) {
        for separator: Unicode.Scalar in ["&", "="] {
            for omitting in [true, false] {
                let expected = text.split(separator: Character(separator), omittingEmptySubsequences: omitting)
                #expect(text.split(atASCII: separator, omittingEmpty: omitting) == expected)
                let sub = text.dropFirst(0)
                #expect(sub.split(atASCII: separator, omittingEmpty: omitting) == expected[...].map { $0 })
            }
        }
    }

    @Test("a form body: names before the first =, values after it, escapes read")
    func formBody() {
        let items = FormEncoding.decode("a=1&b=x=y&c&d=%26%3D+z&&e=")
        #expect(items.map(\.name) == ["a", "b", "c", "d", "e"])
        #expect(items.map(\.value) == ["1", "x=y", "", "&= z", ""])
        #expect(
            FormEncoding.encode([("a b", "c&d=é"), ("safe-._~", "AZaz09")]) == "a%20b=c%26d%3D%C3%A9&safe-._~=AZaz09")
    }
}
