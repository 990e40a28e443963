/// Text made safe for an HTML page, in element content and in quoted attributes alike: whatever a subject put in a
/// message, an error or a transcript (`<script>`, quotes, `&`) shows as written and never becomes markup. Control
/// characters, which a page cannot show, are written as `\u{1B}`.
enum HTMLEscaping {
    static func text(_ string: some StringProtocol) -> String {
        var result = ""
        result.reserveCapacity(string.utf8.count)
        for scalar in string.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&#39;"
            case "\n", "\t": result.unicodeScalars.append(scalar)
            case _ where scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value):
                result += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// A link's address: only `http` and `https` links are written as links (a `javascript:` URL from a hostile
    /// report is text, not a link).
    static func link(_ url: String, _ label: String) -> String {
        let lowercased = url.lowercased()
        guard lowercased.hasPrefix("https://") || lowercased.hasPrefix("http://") else { return text(label) }
        return "<a href=\"\(text(url))\">\(text(label))</a>"
    }
}

/// What a report shows of a token: a JSON Web Token (three base64url segments, the first `eyJ`, a JSON object) is
/// `<JWT>`, so that a page passed around holds no token a reader could replay, and a transcript reads at a glance.
enum TokenMask {
    static func masked(_ text: String) -> String {
        guard text.contains("eyJ") else { return text }
        return text.replacing(#/eyJ[A-Za-z0-9_\-]+\.[A-Za-z0-9_\-]+\.[A-Za-z0-9_\-]*/#, with: "<JWT>")
    }
}
