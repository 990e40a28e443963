import Foundation
import MockIdP
import Synchronization
import Testing

@Suite("Base64url")
struct Base64URLTests {
    @Test("base64url round-trips without padding")
    func base64URL() {
        let bytes: [UInt8] = [0xfb, 0xff, 0x01, 0x02]
        #expect(Base64URL.encode(bytes) == "-_8BAg")
        #expect(Base64URL.decode("-_8BAg").map(Array.init) == bytes)
        #expect(Base64URL.decode("a=") == nil)
    }

    @Test(
        """
        every length round-trips; standard base64's + and / are read too; = is refused by decode and skipped by \
        decodeLeniently; what is not base64 is nil
        """)
    func spellings() {
        for length in 0..<40 {
            let bytes = (0..<length).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ 251) }
            let encoded = Base64URL.encode(bytes)
            #expect(!encoded.contains("=") && !encoded.contains("+") && !encoded.contains("/"))
            #expect(Base64URL.decode(encoded).map(Array.init) == bytes)
            #expect(Base64URL.decodeLeniently(encoded).map(Array.init) == bytes)
            let standard = Data(bytes).base64EncodedString()
            #expect(Base64URL.decodeLeniently(standard).map(Array.init) == bytes, "\(standard)")
            #expect(standard.contains("=") ? Base64URL.decode(standard) == nil : Base64URL.decode(standard) != nil)
        }
        #expect(Base64URL.decode("+/8BAg").map(Array.init) == [0xfb, 0xff, 0x01, 0x02])
        #expect(Base64URL.decodeLeniently("-_=8B=Ag==").map(Array.init) == [0xfb, 0xff, 0x01, 0x02])
        for invalid in ["a", "ab!c", "ab.c", "é", "-_8BA"] {
            #expect(Base64URL.decode(invalid) == nil, "\(invalid)")
            #expect(Base64URL.decodeLeniently(invalid) == nil, "\(invalid)")
        }
    }
}
