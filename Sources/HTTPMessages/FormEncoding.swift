import Foundation

/// `application/x-www-form-urlencoded`, as HTML forms and OAuth token endpoints use it.
public enum FormEncoding {
    private static let unreserved = CharacterSet(
        charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")

    public static func encode(_ items: [(String, String)]) -> String {
        items.map { escape($0.0) + "=" + escape($0.1) }.joined(separator: "&")
    }

    public static func decode(_ text: String) -> [(name: String, value: String)] {
        text.split(separator: "&", omittingEmptySubsequences: true).map { pair in
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            return (unescape(parts[0]), parts.count > 1 ? unescape(parts[1]) : "")
        }
    }

    package static func escape(_ string: String) -> String {
        string.addingPercentEncoding(withAllowedCharacters: unreserved) ?? string
    }

    private static func unescape(_ part: Substring) -> String {
        // Most names and values have nothing to decode, and Foundation's decoding goes through NSString on Linux.
        guard part.utf8.contains(where: { $0 == UInt8(ascii: "+") || $0 == UInt8(ascii: "%") }) else {
            return String(part)
        }
        let spaced = part.replacingOccurrences(of: "+", with: " ")
        return spaced.removingPercentEncoding ?? spaced
    }
}
