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
}
