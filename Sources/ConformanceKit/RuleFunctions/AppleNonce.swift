import Crypto
import Foundation

/// The raw nonce of a Sign in with Apple request and the hash Apple receives (APPLE-1, APPLE-2). Firebase's Apple
/// guide (`randomNonceString`, `sha256`) makes the raw nonce from random bytes over a 64-character alphabet that
/// has no uppercase `W`, sends Apple the lowercase hex SHA-256 (`"%02x"`) of its UTF-8 bytes, and keeps the raw
/// nonce for the credential. `Fixtures/apple/nonce.json` holds hash vectors.
public enum AppleNonce {
    /// The documented alphabet, `W` left out as in Firebase's sample: 64 characters, so each byte's low six bits
    /// pick one without bias.
    public static let alphabet = "0123456789ABCDEFGHIJKLMNOPQRSTUVXYZabcdefghijklmnopqrstuvwxyz-._"
    public static let defaultLength = 32

    private static let characters = Array(alphabet)
    private static let bytes = Set(alphabet.utf8)

    /// Why no nonce was made.
    public enum Error: Swift.Error, Sendable, Hashable, CustomStringConvertible {
        /// Firebase's sample asserts `length > 0`: an empty nonce would hash to a constant anyone can replay.
        case nonPositiveLength(Int)

        public var description: String {
            switch self {
            case .nonPositiveLength(let length): "a nonce needs a positive length, not \(length)"
            }
        }
    }

    /// A fresh raw nonce from the system's cryptographically secure generator.
    public static func random(length: Int = defaultLength) throws(AppleNonce.Error) -> String {
        var generator = SystemRandomNumberGenerator()
        return try random(length: length, using: &generator)
    }

    /// A raw nonce drawn from `generator`; each character is one uniformly chosen member of ``alphabet``.
    public static func random(
        length: Int = defaultLength, using generator: inout some RandomNumberGenerator
    ) throws(AppleNonce.Error) -> String {
        guard length > 0 else { throw .nonPositiveLength(length) }
        return String((0..<length).map { _ in characters[Int.random(in: characters.indices, using: &generator)] })
    }

    /// Whether `nonce` could have come from ``random(length:)``: exactly `length` characters, all from ``alphabet``.
    public static func isWellFormed(_ nonce: String, length: Int = defaultLength) -> Bool {
        length > 0 && nonce.utf8.count == length && nonce.utf8.allSatisfy(bytes.contains)
    }

    /// The SHA-256 of `input`'s UTF-8 bytes as 64 lowercase hex digits: what the request to Apple carries and what
    /// the token's `nonce` claim must equal.
    public static func sha256Hex(_ input: String) -> String {
        SHA256.hash(data: Data(input.utf8)).map { byte in
            let hex = String(byte, radix: 16)
            return byte < 0x10 ? "0" + hex : hex
        }.joined()
    }
}
