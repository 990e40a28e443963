import Foundation

/// Base64url without padding (RFC 4648 §5), as JWTs and PKCE use it.
public enum Base64URL {
    public static func encode(_ bytes: some Sequence<UInt8>) -> String {
        Data(bytes).base64EncodedString().replacingOccurrences(of: "+", with: "-").replacingOccurrences(
            of: "/", with: "_"
        ).replacingOccurrences(of: "=", with: "")
    }

    public static func decode(_ string: some StringProtocol) -> Data? {
        var base64 = string.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        guard !base64.contains("=") else { return nil }
        base64 += String(repeating: "=", count: (4 - base64.count % 4) % 4)
        return Data(base64Encoded: base64)
    }

    /// Decodes base64url with or without padding, and standard base64 characters too.
    public static func decodeLeniently(_ string: some StringProtocol) -> Data? {
        let unpadded = string.replacingOccurrences(of: "=", with: "")
        return decode(unpadded)
    }
}
