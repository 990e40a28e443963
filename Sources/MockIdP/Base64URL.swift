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
    public static func decode(_ string: some StringProtocol) -> Data? {
        var base64 = Array(string.utf8)
        let unpadded = base64.withUnsafeMutableBufferPointer { buffer in
            for index in 0..<buffer.count {
                switch buffer[index] {
                case 0x2D: buffer[index] = 0x2B  // "-" to "+"
                case 0x5F: buffer[index] = 0x2F  // "_" to "/"
                case 0x3D: return false  // "="
                default: break
                }
            }
            return true
        }
        guard unpadded else { return nil }
        base64.append(contentsOf: repeatElement(UInt8(ascii: "="), count: (4 - base64.count % 4) % 4))
        return Data(base64Encoded: Data(base64))
    }

    /// Decodes base64url with or without padding, and standard base64 characters too.
    public static func decodeLeniently(_ string: some StringProtocol) -> Data? {
        decode(String(decoding: string.utf8.filter { $0 != UInt8(ascii: "=") }, as: UTF8.self))
    }
}
