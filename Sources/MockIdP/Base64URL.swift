import Foundation

/// Base64url without padding (RFC 4648 §5), as JWTs and PKCE use it.
///
/// Every token the world and the reference sign or read passes through here, so the alphabet is swapped byte by byte
/// rather than with string replacements (which were a tenth of a whole catalogue run's time).
public enum Base64URL {
    public static func encode(_ bytes: some Sequence<UInt8>) -> String {
        let standard = Data(bytes).base64EncodedData()
        var url = [UInt8]()
        url.reserveCapacity(standard.count)
        for byte in standard {
            switch byte {
            case UInt8(ascii: "+"): url.append(UInt8(ascii: "-"))
            case UInt8(ascii: "/"): url.append(UInt8(ascii: "_"))
            case UInt8(ascii: "="): continue
            default: url.append(byte)
            }
        }
        return String(decoding: url, as: UTF8.self)
    }

    /// Decodes base64url without padding; the standard alphabet's `+` and `/` are read too, any `=` is refused.
    public static func decode(_ string: some StringProtocol) -> Data? {
        var standard = [UInt8]()
        standard.reserveCapacity(string.utf8.count + 3)
        for byte in string.utf8 {
            switch byte {
            case UInt8(ascii: "-"): standard.append(UInt8(ascii: "+"))
            case UInt8(ascii: "_"): standard.append(UInt8(ascii: "/"))
            case UInt8(ascii: "="): return nil
            default: standard.append(byte)
            }
        }
        // Any byte outside the alphabet (a multi-byte character too) is refused by `Data(base64Encoded:)` below.
        standard += repeatElement(UInt8(ascii: "="), count: (4 - standard.count % 4) % 4)
        return Data(base64Encoded: Data(standard))
    }

    /// Decodes base64url with or without padding, and standard base64 characters too.
    public static func decodeLeniently(_ string: some StringProtocol) -> Data? {
        decode(String(string.filter { $0 != "=" }))
    }
}
