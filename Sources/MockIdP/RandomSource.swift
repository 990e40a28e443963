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

    /// A value below `bound`, drawn as the standard library's `next(upperBound:)` draws it (Lemire's method, "Fast
    /// Random Integer Generation in an Interval": the high word of a full-width product, drawn again while its low word
    /// lies where the result would be biased), so every seeded value stays the same. Written for `UInt64` alone: the
    /// generic method is not specialised in the debug builds `swift test` makes, and the world's strings draw one
    /// value per character (`RandomSourceTests` holds the two to the same draws).
    public mutating func draw(below bound: UInt64) -> UInt64 {
        precondition(bound != 0, "a bound of zero")
        var product = next().multipliedFullWidth(by: bound)
        if product.low < bound {
            let threshold = (0 &- bound) % bound
            while product.low < threshold { product = next().multipliedFullWidth(by: bound) }
        }
        return product.high
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
    public func digits(_ count: Int) -> String { string(length: count, ascii: Self.decimalDigits) }

    /// `length` characters of base64url's alphabet.
    public func string(length: Int) -> String { string(length: length, ascii: Self.base64URLBytes) }

    public func string(length: Int, alphabet: [Character]) -> String {
        precondition(!alphabet.isEmpty, "an alphabet needs at least one character")
        var ascii: [UInt8] = []
        ascii.reserveCapacity(alphabet.count)
        for character in alphabet {
            guard let byte = character.asciiValue else {
                return withGenerator { generator in
                    String((0..<max(0, length)).map { _ in alphabet.randomElement(using: &generator)! })
                }
            }
            ascii.append(byte)
        }
        return string(length: length, ascii: ascii)
    }

    /// The same draws as `randomElement(using:)` on the alphabet (one `next(upperBound:)` per character), written as
    /// bytes: most values the world makes are ASCII, and building them from `Character`s was a tenth of a catalogue's
    /// time.
    private func string(length: Int, ascii: [UInt8]) -> String {
        let count = UInt64(ascii.count)
        return withGenerator { generator in
            String(unsafeUninitializedCapacity: max(0, length)) { buffer in
                for index in 0..<buffer.count { buffer[index] = ascii[Int(generator.draw(below: count))] }
                return buffer.count
            }
        }
    }

    private static let base64URLBytes = base64URL.map { $0.asciiValue! }
    private static let decimalDigits = Array("0123456789".utf8)

    /// `count` bytes, each the low byte of one draw: what `UInt8.random(in: .min ... .max, using:)` draws, written
    /// without its generic path (`RandomSourceTests` holds the two to the same bytes).
    public func bytes(_ count: Int) -> [UInt8] {
        withGenerator { generator in
            [UInt8](unsafeUninitializedCapacity: max(0, count)) { buffer, initialized in
                for index in 0..<buffer.count { buffer[index] = UInt8(truncatingIfNeeded: generator.next()) }
                initialized = buffer.count
            }
        }
    }
}
