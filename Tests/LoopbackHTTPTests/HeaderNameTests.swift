import Foundation
import HTTPMessages
import Testing

/// Header names are compared as HTTP compares them, case-insensitively, byte by byte for ASCII.
@Suite("Header names")
struct HeaderNameTests {
    @Test("every pair of printable ASCII characters, and some names, compare as caseInsensitiveCompare compares them")
    func sameAsFoundation() {
        let characters = (0x20...0x7E).map { String(UnicodeScalar(UInt8($0))) }
        for lhs in characters {
            for rhs in characters {
                #expect(
                    lhs.equalsIgnoringCase(rhs) == (lhs.caseInsensitiveCompare(rhs) == .orderedSame), "\(lhs) \(rhs)")
            }
        }
        let names = [
            "Content-Type", "content-type", "CONTENT-TYPE", "Content-Typ", "Content_Type", "Straße", "STRASSE",
        ]
        for lhs in names {
            for rhs in names {
                #expect(
                    lhs.equalsIgnoringCase(rhs) == (lhs.caseInsensitiveCompare(rhs) == .orderedSame), "\(lhs) \(rhs)")
            }
        }
        #expect(
            HTTPRequest(url: URL(string: "http://x/")!, headers: ["content-TYPE": "a"]).header("Content-Type") == "a")
    }
}
