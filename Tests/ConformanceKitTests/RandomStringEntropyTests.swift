import ConformanceKit
import Testing

/// OAUTH-4: a state's bits come from its encoding and from many states, never from one state's distinct characters.
@Suite("RandomStringEntropy")
struct RandomStringEntropyTests {
    private func samples(_ count: Int, length: Int, alphabet: String) -> [String] {
        var generator = SystemRandomNumberGenerator()
        let characters = Array(alphabet)
        return (0..<count).map { _ in String((0..<length).map { _ in characters.randomElement(using: &generator)! }) }
    }

    @Test("32 hex digits carry 128 bits, 22 base64url characters 132")
    func encodings() {
        #expect(RandomStringEntropy.estimatedBits(of: samples(8, length: 32, alphabet: "0123456789abcdef")) == 128)
        #expect(
            RandomStringEntropy.estimatedBits(
                of: samples(8, length: 22, alphabet: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")
            ) == 132)
    }

    @Test("31 hex digits, a counter, and a fixed prefix with few random characters are under 128 bits")
    func under() {
        #expect(RandomStringEntropy.estimatedBits(of: samples(8, length: 31, alphabet: "0123456789abcdef")) == 124)
        #expect(RandomStringEntropy.estimatedBits(of: (1...8).map(String.init)) < 4)
        let prefixed = samples(8, length: 8, alphabet: "0123456789abcdef").map { "state-of-this-app-" + $0 }
        #expect(RandomStringEntropy.estimatedBits(of: prefixed) < 128)
    }
}
