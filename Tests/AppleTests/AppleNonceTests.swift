import ConformanceKit
import Foundation
import Testing

@Suite("Apple nonce generator and SHA-256 hex against Fixtures/apple/nonce.json")
struct AppleNonceTests {
    static let file = try? AppleFixtureFile<NonceCase>.load("nonce")
    static let cases = file?.cases ?? []

    /// A seeded generator (SplitMix64), so a distribution check cannot flake.
    struct SeededGenerator: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    @Test("case", arguments: cases)
    func fixtureCase(_ fixtureCase: NonceCase) {
        #expect(AppleNonce.sha256Hex(fixtureCase.input) == fixtureCase.sha256Hex)
        if fixtureCase.rules.contains("APPLE-1") {
            #expect(AppleNonce.isWellFormed(fixtureCase.input, length: fixtureCase.input.count))
        }
    }

    @Test("the file is apple/nonce with at least 15 cases: empty, non-ASCII, a 32-character nonce, -._, long input")
    func coverage() throws {
        let file = try #require(Self.file)
        #expect(file.fixture == "apple/nonce" && file.version >= 1 && file.cases.count >= 15)
        #expect(Set(file.cases.map(\.id)).count == file.cases.count)
        let inputs = file.cases.map(\.input)
        #expect(inputs.contains(""))
        #expect(inputs.contains { $0.unicodeScalars.contains { $0.value >= 0x1_0000 } })
        #expect(inputs.contains { $0.unicodeScalars.contains { (0x80..<0x800).contains($0.value) } })
        #expect(inputs.contains { $0.unicodeScalars.contains { (0x4E00...0x9FFF).contains($0.value) } })
        #expect(inputs.contains { AppleNonce.isWellFormed($0) })
        #expect(inputs.contains { $0.contains("-") && $0.contains(".") && $0.contains("_") })
        #expect(inputs.contains { $0.utf8.count > 1_000 })
        #expect(
            file.cases.allSatisfy {
                $0.sha256Hex.count == 64 && $0.sha256Hex.allSatisfy { "0123456789abcdef".contains($0) }
            })
    }

    @Test("the alphabet is the documented 64 characters: digits, A-Z without W, a-z, - . _")
    func alphabet() {
        #expect(AppleNonce.alphabet == "0123456789ABCDEFGHIJKLMNOPQRSTUVXYZabcdefghijklmnopqrstuvwxyz-._")
        #expect(AppleNonce.alphabet.count == 64 && Set(AppleNonce.alphabet).count == 64)
        #expect(!AppleNonce.alphabet.contains("W") && AppleNonce.alphabet.contains("w"))
        #expect(AppleNonce.defaultLength == 32)
    }

    @Test("a nonce has 32 characters by default, or the length asked for, all from the alphabet")
    func lengths() throws {
        #expect(try AppleNonce.random().count == 32)
        for length in [1, 16, 43, 64, 200] {
            let nonce = try AppleNonce.random(length: length)
            #expect(nonce.count == length && AppleNonce.isWellFormed(nonce, length: length))
        }
    }

    @Test("a length of 0 or less is refused", arguments: [0, -1, -32, Int.min])
    func nonPositiveLength(_ length: Int) {
        #expect(throws: AppleNonce.Error.nonPositiveLength(length)) { try AppleNonce.random(length: length) }
        var generator = SeededGenerator(state: 1)
        #expect(throws: AppleNonce.Error.nonPositiveLength(length)) {
            try AppleNonce.random(length: length, using: &generator)
        }
    }

    @Test("over many draws only alphabet characters appear, never W, and every one of the 64 does; two draws differ")
    func draws() throws {
        let nonces = try (0..<300).map { _ in try AppleNonce.random() }
        let seen = Set(nonces.joined())
        #expect(seen == Set(AppleNonce.alphabet))
        #expect(!seen.contains("W"))
        #expect(nonces.allSatisfy { AppleNonce.isWellFormed($0) })
        #expect(Set(nonces).count == nonces.count)
        #expect(try AppleNonce.random() != AppleNonce.random())
    }

    @Test("with a given generator the draw is reproducible and each character about equally likely")
    func unbiased() throws {
        var first = SeededGenerator(state: 42)
        var second = SeededGenerator(state: 42)
        #expect(try AppleNonce.random(using: &first) == AppleNonce.random(using: &second))
        let sample = try AppleNonce.random(length: 64_000, using: &first)
        let counts = Dictionary(grouping: sample, by: { $0 }).mapValues(\.count)
        #expect(counts.count == 64)
        #expect(counts.values.allSatisfy { (850...1_150).contains($0) }, "\(counts.values.sorted())")
    }

    @Test("isWellFormed: exact length, alphabet only")
    func wellFormed() throws {
        let nonce = try AppleNonce.random()
        #expect(AppleNonce.isWellFormed(nonce))
        #expect(!AppleNonce.isWellFormed(nonce, length: 31))
        #expect(!AppleNonce.isWellFormed(String(nonce.dropLast()) + "W"))
        #expect(!AppleNonce.isWellFormed(String(nonce.dropLast()) + "é"))
        #expect(!AppleNonce.isWellFormed(String(nonce.dropLast()) + " "))
        #expect(!AppleNonce.isWellFormed("", length: 0))
    }

    @Test("sha256Hex is 64 lowercase hex digits and keeps leading zero bytes")
    func hexShape() {
        for input in ["", "a", "nonce", String(repeating: "x", count: 100)] {
            let hex = AppleNonce.sha256Hex(input)
            #expect(hex.count == 64 && hex == hex.lowercased() && hex.allSatisfy(\.isHexDigit))
        }
        // SHA-256("abc") starts ba78, the empty string's e3b0: both from FIPS 180-2.
        #expect(AppleNonce.sha256Hex("abc").hasPrefix("ba7816bf"))
        #expect(Self.cases.contains { $0.sha256Hex.hasPrefix("0") })
    }
}
