import Foundation

/// Base64url without padding (RFC 4648 §5), as JWTs and PKCE use it.
public enum Base64URL {
    public static func encode(_ bytes: some Sequence<UInt8>) -> String {
        // Byte by byte: every JWT the suite signs, forges or reads passes here, and Foundation's string replacement
        // costs far more than the encoding itself.
        let standard = Data(bytes).base64EncodedString().utf8
        var url: [UInt8] = []
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

    public static func decode(_ string: some StringProtocol) -> Data? {
        var base64: [UInt8] = []
        base64.reserveCapacity(string.utf8.count + 3)
        for byte in string.utf8 {
            switch byte {
            case UInt8(ascii: "-"): base64.append(UInt8(ascii: "+"))
            case UInt8(ascii: "_"): base64.append(UInt8(ascii: "/"))
            case UInt8(ascii: "="): return nil
            default: base64.append(byte)
            }
        }
        base64 += repeatElement(UInt8(ascii: "="), count: (4 - base64.count % 4) % 4)
        return Data(base64Encoded: Data(base64))
    }

    /// Decodes base64url with or without padding, and standard base64 characters too.
    public static func decodeLeniently(_ string: some StringProtocol) -> Data? {
        decode(String(decoding: string.utf8.filter { $0 != UInt8(ascii: "=") }, as: UTF8.self))
    }
}
