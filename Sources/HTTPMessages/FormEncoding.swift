import Foundation

/// `application/x-www-form-urlencoded`, as HTML forms and OAuth token endpoints use it.
public enum FormEncoding {
    private static let unreserved = CharacterSet(
        charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")

    public static func encode(_ items: [(String, String)]) -> String {
        items.map { escape($0.0) + "=" + escape($0.1) }.joined(separator: "&")
    }

    public static func decode(_ text: String) -> [(name: String, value: String)] {
        text.split(atASCII: "&", omittingEmpty: true).map { pair in
            // The name before the first `=`, the value all after it.
            let parts = pair.split(atASCII: "=", omittingEmpty: false)
            return (unescape(parts[0]), parts.count > 1 ? unescape(pair[parts[1].startIndex...]) : "")
        }
    }

    package static func escape(_ string: String) -> String {
        // Most names and values are unreserved characters only, and Foundation's encoding goes through NSString on
        // Linux.
        guard string.utf8.contains(where: { !isUnreserved($0) }) else { return string }
        return string.addingPercentEncoding(withAllowedCharacters: unreserved) ?? string
    }

    /// `A`-`Z`, `a`-`z`, `0`-`9`, `-`, `.`, `_`, `~` (RFC 3986 §2.3), the characters `unreserved` holds.
    private static func isUnreserved(_ byte: UInt8) -> Bool {
        switch byte {
        case 0x41...0x5A, 0x61...0x7A, 0x30...0x39, 0x2D, 0x2E, 0x5F, 0x7E: true
        default: false
        }
    }

    private static func unescape(_ part: Substring) -> String {
        let plus = part.utf8.contains(UInt8(ascii: "+"))
        let spaced = plus ? part.replacingOccurrences(of: "+", with: " ") : String(part)
        return spaced.percentDecoded ?? spaced
    }
}

extension StringProtocol {
    /// `removingPercentEncoding`, which text without a `%` is already: Foundation's decoding goes through NSString on
    /// Linux, and every form body and link a check reads passes here.
    package var percentDecoded: String? { utf8.contains(UInt8(ascii: "%")) ? removingPercentEncoding : String(self) }
}
