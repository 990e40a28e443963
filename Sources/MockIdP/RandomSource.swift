import Synchronization

/// SplitMix64: a small, fast, well-distributed generator. Seeded, so every world replays the same way.
public struct SeededGenerator: RandomNumberGenerator, Sendable {
    private var state: UInt64

    public init(seed: UInt64) { state = seed }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// The world's seeded source of randomness, shared by every party and by the subject under test.
public final class RandomSource: Sendable {
    public static let alphanumerics = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789")
    public static let base64URL = alphanumerics + ["-", "_"]

    private let generator: Mutex<SeededGenerator>

    public init(seed: UInt64) { generator = Mutex(SeededGenerator(seed: seed)) }

    public func withGenerator<T>(_ body: (inout SeededGenerator) -> T) -> T { generator.withLock { body(&$0) } }

    /// `count` decimal digits; leading zeros are possible.
    public func digits(_ count: Int) -> String { string(length: count, alphabet: Array("0123456789")) }

    public func string(length: Int, alphabet: [Character] = RandomSource.base64URL) -> String {
        precondition(!alphabet.isEmpty, "an alphabet needs at least one character")
        let ascii = alphabet.compactMap(\.asciiValue)
        guard ascii.count == alphabet.count else {
            return withGenerator { generator in
                String((0..<max(0, length)).map { _ in alphabet.randomElement(using: &generator)! })
            }
        }
        // The same draws as `randomElement(using:)` (one `next(upperBound:)` per character), written as bytes: most
        // values the world makes are ASCII, and building them from `Character`s was a tenth of a catalogue's time.
        let count = UInt(ascii.count)
        return withGenerator { generator in
            String(unsafeUninitializedCapacity: max(0, length)) { buffer in
                for index in 0..<buffer.count { buffer[index] = ascii[Int(generator.next(upperBound: count))] }
                return buffer.count
            }
        }
    }

    public func bytes(_ count: Int) -> [UInt8] {
        withGenerator { generator in (0..<max(0, count)).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
        }
    }
}
