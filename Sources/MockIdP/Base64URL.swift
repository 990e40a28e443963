import Foundation

/// Base64url without padding (RFC 4648 §5), as JWTs and PKCE use it.
///
/// Every JWT the suite signs, forges or reads passes here, many times per check, in the debug builds `swift test`
/// makes: so the characters are swapped in a byte buffer, written as numbers (a loop over a generic sequence, and even
/// `UInt8(ascii:)`, are calls there, not constants) and Foundation does the base64 itself.
public enum Base64URL {
    public static func encode(_ bytes: some Sequence<UInt8>) -> String {
        var encoded = Array(Data(bytes).base64EncodedData())
        var end = encoded.count
        encoded.withUnsafeMutableBufferPointer { buffer in
            for index in 0..<buffer.count {
                switch buffer[index] {
                case 0x2B: buffer[index] = 0x2D  // "+" to "-"
                case 0x2F: buffer[index] = 0x5F  // "/" to "_"
                case 0x3D: end = min(end, index)  // "="
                default: break
                }
            }
        }
        return String(decoding: encoded[..<end], as: UTF8.self)
    }

    /// The bytes of base64url without padding; standard base64's `+` and `/` are read too, `=` is refused.
    public static func decode(_ string: some StringProtocol) -> Data? { decoded(Array(string.utf8), padding: false) }

    /// Decodes base64url with or without padding, and standard base64 characters too.
    public static func decodeLeniently(_ string: some StringProtocol) -> Data? {
        decoded(Array(string.utf8), padding: true)
    }

    /// `characters` as standard base64 for Foundation to decode: `-` and `_` swapped for `+` and `/`, and each `=`
    /// skipped when `padding` is allowed (nil when it is not), then padded as Foundation requires.
    private static func decoded(_ characters: [UInt8], padding: Bool) -> Data? {
        var base64 = characters
        var count = 0
        let allowed = base64.withUnsafeMutableBufferPointer { buffer in
            for index in 0..<buffer.count {
                var byte = buffer[index]
                switch byte {
                case 0x2D: byte = 0x2B  // "-" to "+"
                case 0x5F: byte = 0x2F  // "_" to "/"
                case 0x3D:  // "="
                    guard padding else { return false }
                    continue
                default: break
                }
                buffer[count] = byte
                count += 1
            }
            return true
        }
        guard allowed else { return nil }
        base64.removeLast(base64.count - count)
        base64.append(contentsOf: repeatElement(UInt8(ascii: "="), count: (4 - count % 4) % 4))
        return Data(base64Encoded: Data(base64))
    }
}
