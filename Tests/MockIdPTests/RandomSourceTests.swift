import Foundation
import MockIdP
import Synchronization
import Testing

@Suite("Seeded randomness")
struct RandomSourceTests {
    @Test("the same seed gives the same randomness")
    func seeded() {
        #expect(World(seed: 7).random.string(length: 16) == World(seed: 7).random.string(length: 16))
        #expect(World(seed: 7).random.digits(6) != World(seed: 8).random.digits(6))
    }

    @Test("one source does not repeat itself: a constant generator fails this")
    func varies() {
        let random = World(seed: 7).random
        let draws = (0..<20).map { _ in random.string(length: 16) }
        #expect(Set(draws).count == draws.count)
        let digits = (0..<20).map { _ in random.digits(6) }
        #expect(Set(digits).count > 15, "20 six-digit draws with \(Set(digits).count) distinct values")
    }

    @Test(
        """
        draw(below:) draws what the standard library's next(upperBound:) draws, and strings are the alphabet's \
        randomElement(using:) one character at a time: every seeded value stays the same
        """)
    func drawsAsTheStandardLibrary() {
        // Small bounds (alphabets), bounds whose biased zone is large (just above a power of two, near the top), and 1.
        let bounds: [UInt64] = [1, 2, 3, 10, 16, 26, 36, 62, 64, 1 << 32 + 1, 1 << 63 + 1, .max - 1, .max]
        for seed in UInt64(0)..<50 {
            for bound in bounds {
                var ours = SeededGenerator(seed: seed)
                var standard = SeededGenerator(seed: seed)
                let drawn = (0..<200).map { _ in ours.draw(below: bound) }
                let expected = (0..<200).map { _ in standard.next(upperBound: bound) }
                #expect(drawn == expected, "seed \(seed), bound \(bound)")
            }
        }
        let alphabet = Array("0123456789abcdef")
        let string = RandomSource(seed: 11).string(length: 300, alphabet: alphabet)
        let expected = RandomSource(seed: 11).withGenerator { generator in
            String((0..<300).map { _ in alphabet.randomElement(using: &generator)! })
        }
        #expect(string == expected)
        let bytes = RandomSource(seed: 12).bytes(300)
        let expectedBytes = RandomSource(seed: 12).withGenerator { generator in
            (0..<300).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
        }
        #expect(bytes == expectedBytes)
    }
}
