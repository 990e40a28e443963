import ConformanceKit
import MockIdP
import Testing

/// OAUTH-4: a state's bits come from its encoding and from many states, never from one state's distinct characters.
///
/// The samples are drawn on a fixed seed, so every run judges the same strings. Drawn from the system's generator, the
/// verdict was left to chance: the estimate reads the encoding off the characters seen, and eight strings of 22
/// base64url characters (176 draws from 64) hold neither `-` nor `_` with probability (62/64)^176 ≈ 0.37 %; they then
/// read as alphanumeric, 22 × log2(62) ≈ 131 bits, not 132 (one run in about 270 failed). The seeded samples hold
/// both, so they are base64url, as the test means them to be.
@Suite("RandomStringEntropy")
struct RandomStringEntropyTests {
    private func samples(_ count: Int, length: Int, alphabet: String, seed: UInt64 = 0x5EED) -> [String] {
        var generator = SeededGenerator(seed: seed)
        let characters = Array(alphabet)
        return (0..<count).map { _ in String((0..<length).map { _ in characters.randomElement(using: &generator)! }) }
    }

    @Test("32 hex digits carry 128 bits, 22 base64url characters 132")
    func encodings() {
        #expect(RandomStringEntropy.estimatedBits(of: samples(8, length: 32, alphabet: "0123456789abcdef")) == 128)
        let base64URL = samples(
            8, length: 22, alphabet: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")
        #expect(base64URL.joined().contains("-") && base64URL.joined().contains("_"), "the samples: \(base64URL)")
        #expect(RandomStringEntropy.estimatedBits(of: base64URL) == 132)
    }

    @Test("base64url strings that hold neither - nor _ read as alphanumeric: the estimate goes by the encoding seen")
    func encodingSeen() {
        let alphanumeric = samples(
            8, length: 22, alphabet: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789")
        #expect(RandomStringEntropy.alphabet(of: alphanumeric).name == "alphanumeric")
        #expect(RandomStringEntropy.estimatedBits(of: alphanumeric) < 132)
    }

    @Test("31 hex digits, a counter, and a fixed prefix with few random characters are under 128 bits")
    func under() {
        #expect(RandomStringEntropy.estimatedBits(of: samples(8, length: 31, alphabet: "0123456789abcdef")) == 124)
        #expect(RandomStringEntropy.estimatedBits(of: (1...8).map(String.init)) < 4)
        let prefixed = samples(8, length: 8, alphabet: "0123456789abcdef").map { "state-of-this-app-" + $0 }
        #expect(RandomStringEntropy.estimatedBits(of: prefixed) < 128)
    }
}
