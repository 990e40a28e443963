import Foundation

/// How many random bits strings drawn by one generator carry, judged from many of them (OAUTH-4): the generator's
/// alphabet is the smallest common encoding that holds every character seen (hex carries 4 bits a character,
/// base64url 6), and only the positions that vary between the strings count. One string's distinct characters say
/// nothing: 32 random hex digits carry exactly 128 bits though they can show at most 16 distinct characters.
public enum RandomStringEntropy {
    /// The common encodings, smallest first.
    static let alphabets: [(name: String, characters: Set<Character>)] = [
        ("decimal", Set("0123456789")), ("lowercase hex", Set("0123456789abcdef")),
        ("uppercase hex", Set("0123456789ABCDEF")), ("base32", Set("ABCDEFGHIJKLMNOPQRSTUVWXYZ234567=")),
        ("alphanumeric", Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789")),
        ("base64url", Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_=")),
        ("base64", Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/=")),
    ]

    /// The encoding that holds every character of `samples`, and the bits it carries per character; padding (`=`)
    /// carries none. Printable ASCII (95 characters) when no common encoding holds them.
    public static func alphabet(of samples: [String]) -> (name: String, bitsPerCharacter: Double) {
        let seen = Set(samples.joined())
        guard let alphabet = alphabets.first(where: { seen.isSubset(of: $0.characters) }) else {
            return ("printable ASCII", log2(95))
        }
        return (alphabet.name, log2(Double(alphabet.characters.subtracting(["="]).count)))
    }

    /// The estimated random bits of one string of the generator that drew `samples` (at least two): the positions
    /// (of the shortest sample) whose character is not the same in every sample, times the alphabet's bits.
    public static func estimatedBits(of samples: [String]) -> Double {
        guard samples.count >= 2, let shortest = samples.map(\.count).min() else { return 0 }
        let strings = samples.map { Array($0.filter { $0 != "=" }) }
        let length = min(shortest, strings.map(\.count).min() ?? 0)
        let varying = (0..<length).filter { position in Set(strings.map { $0[position] }).count > 1 }.count
        return Double(varying) * alphabet(of: samples).bitsPerCharacter
    }
}
