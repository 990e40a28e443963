/// Text made safe for an HTML page, in element content and in quoted attributes alike: whatever a subject put in a
/// message, an error or a transcript (`<script>`, quotes, `&`) shows as written and never becomes markup. Control
/// characters, which a page cannot show, are written as `\u{1B}`.
enum HTMLEscaping {
    /// Byte by byte over UTF-8, where every character to replace is one byte: the page of the whole catalogue is
    /// escaped in a few milliseconds, even in a debug build.
    static func text(_ string: some StringProtocol) -> String {
        let utf8 = string.utf8
        guard utf8.contains(where: needsEscaping) else { return String(string) }
        var result: [UInt8] = []
        result.reserveCapacity(utf8.count + utf8.count / 8)
        for byte in utf8 {
            switch byte {
            case UInt8(ascii: "&"): result.append(contentsOf: "&amp;".utf8)
            case UInt8(ascii: "<"): result.append(contentsOf: "&lt;".utf8)
            case UInt8(ascii: ">"): result.append(contentsOf: "&gt;".utf8)
            case UInt8(ascii: "\""): result.append(contentsOf: "&quot;".utf8)
            case UInt8(ascii: "'"): result.append(contentsOf: "&#39;".utf8)
            case UInt8(ascii: "\n"), UInt8(ascii: "\t"): result.append(byte)
            case 0..<0x20, 0x7F: result.append(contentsOf: "\\u{\(String(byte, radix: 16, uppercase: true))}".utf8)
            default: result.append(byte)
            }
        }
        return String(decoding: result, as: UTF8.self)
    }

    private static func needsEscaping(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "\n"), UInt8(ascii: "\t"): false
        case UInt8(ascii: "&"), UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "\""), UInt8(ascii: "'"), 0..<0x20,
            0x7F:
            true
        default: false
        }
    }

    /// A link's address: only `http` and `https` links are written as links (a `javascript:` URL from a hostile
    /// report is text, not a link).
    static func link(_ url: String, _ label: String) -> String {
        let lowercased = url.lowercased()
        guard lowercased.hasPrefix("https://") || lowercased.hasPrefix("http://") else { return text(label) }
        return "<a href=\"\(text(url))\">\(text(label))</a>"
    }
}

/// What a report shows of a token: a JSON Web Token (three base64url segments, the first starting `eyJ`, a JSON
/// object) is `<JWT>`, so that a page passed around holds no token a reader could replay, and a transcript reads at a
/// glance.
package enum TokenMask {
    package static func masked(_ text: String) -> String {
        guard text.contains("eyJ") else { return text }
        let bytes = Array(text.utf8)
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            if let end = tokenEnd(in: bytes, from: index) {
                result.append(contentsOf: "<JWT>".utf8)
                index = end
            } else {
                result.append(bytes[index])
                index += 1
            }
        }
        return String(decoding: result, as: UTF8.self)
    }

    /// Where a token that starts at `start` ends: `eyJ`, base64url, `.`, base64url, `.`, base64url (the signature
    /// may be empty); nil when none starts there.
    private static func tokenEnd(in bytes: [UInt8], from start: Int) -> Int? {
        guard bytes[start...].starts(with: "eyJ".utf8) else { return nil }
        var index = start
        for segment in 0..<3 {
            let first = index
            while index < bytes.count, isBase64URL(bytes[index]) { index += 1 }
            guard segment == 2 || (index > first && index < bytes.count && bytes[index] == UInt8(ascii: ".")) else {
                return nil
            }
            if segment < 2 { index += 1 }
        }
        return index
    }

    private static func isBase64URL(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"):
            true
        default: false
        }
    }
}
