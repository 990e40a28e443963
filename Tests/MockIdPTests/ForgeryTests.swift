import Foundation
import MockIdP
import Testing

@Suite("Forgery: a forged artifact differs from the genuine one in the bytes it names")
struct ForgeryTests {
    @Test("`A` changed to `B` as the last character of a 32-byte base64url signature is the same bytes: no forgery")
    func nonCanonicalSpelling() throws {
        // 43 characters: the last one's 2 low bits are unused.
        let signature = Base64URL.encode([UInt8](repeating: 0, count: 32))
        #expect(signature.last == "A")
        let respelt = String(signature.dropLast()) + "B"
        #expect(Base64URL.decodeLeniently(respelt) == Base64URL.decodeLeniently(signature))
        #expect(!Forgery.differs(respelt, from: signature))
        #expect(Forgery.differs(Forgery.changingCharacter(at: signature.count - 1, of: signature), from: signature))
    }

    @Test("a character changed anywhere changes the bytes, for every length and every last character")
    func everyPositionEveryLength() {
        var generator = SeededGenerator(seed: 28)
        for length in 1...40 {
            for _ in 0..<8 {
                let bytes = (0..<length).map { _ in UInt8.random(in: 0...255, using: &generator) }
                for text in [Base64URL.encode(bytes), Data(bytes).base64EncodedString()] {
                    for offset in text.indices.map({ text.distance(from: text.startIndex, to: $0) }) {
                        let forged = Forgery.changingCharacter(at: offset, of: text)
                        #expect(Forgery.differs(forged, from: text), "\(text) at \(offset)")
                    }
                }
            }
        }
    }

    @Test("a compact JWS differs in the segment a changed character lies in, or in its shape")
    func segments() {
        let token = "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJhZGEifQ.\(Base64URL.encode([UInt8](repeating: 0, count: 32)))"
        #expect(Forgery.Segment.holding(offset: 0, of: token) == .header)
        #expect(Forgery.Segment.holding(offset: token.count - 1, of: token) == .signature)
        let last = Forgery.changingCharacter(at: token.count - 1, of: token)
        #expect(Forgery.differs(last, from: token, in: [.signature]))
        #expect(!Forgery.differs(last, from: token, in: [.header, .payload]))
        let respelt = String(token.dropLast()) + "B"
        #expect(!Forgery.differs(respelt, from: token, in: [.signature]))
        let dot = token.firstIndex(of: ".").map { token.distance(from: token.startIndex, to: $0) } ?? 0
        #expect(Forgery.differs(Forgery.changingCharacter(at: dot, of: token), from: token, in: [.payload]))
    }
}
