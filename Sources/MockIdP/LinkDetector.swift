import Foundation

/// Finds the links a person can tap in an email body, as a mail client does: `href` attributes (double-,
/// single- or unquoted, with HTML entities decoded), `<https://…>` in plain text, and bare `http(s)` URLs
/// without the sentence punctuation that follows them (`…oobCode=XYZ.`).
public enum LinkDetector {
    public static func links(in body: String) -> [URL] {
        var found: [String] = []
        var text = ""
        var rest = Substring(body)
        while let open = rest.firstIndex(of: "<") {
            text += rest[..<open]
            guard let close = rest[open...].firstIndex(of: ">") else { break }
            let tag = rest[rest.index(after: open)..<close]
            if tag.hasPrefix("http://") || tag.hasPrefix("https://") {
                found += bareLinks(in: decodingEntities(text))
                text = ""
                found.append(String(tag))
            } else if let href = hrefAttribute(in: tag) {
                found += bareLinks(in: decodingEntities(text))
                text = ""
                found.append(decodingEntities(String(href)).trimmingCharacters(in: .whitespacesAndNewlines))
            }
            text += " "
            rest = rest[rest.index(after: close)...]
        }
        text += rest
        found += bareLinks(in: decodingEntities(text))
        var seen = Set<String>()
        return found.filter { seen.insert($0).inserted }.compactMap(URL.init(string:)).filter {
            ["http", "https"].contains($0.scheme?.lowercased())
        }
    }

    /// Bare URLs in plain text, without trailing sentence punctuation or an unbalanced closing bracket.
    static func bareLinks(in text: String) -> [String] {
        bareLinkMatches(in: text).map { match in
            var link = match
            while let last = link.last {
                let unbalanced =
                    (last == ")" && link.count(where: { $0 == "(" }) < link.count(where: { $0 == ")" }))
                    || (last == "]" && link.count(where: { $0 == "[" }) < link.count(where: { $0 == "]" }))
                guard ".,;:!?'".contains(last) || unbalanced else { break }
                link = link.dropLast()
            }
            return String(link)
        }
    }

    /// The runs of `https?://[^\s<>"]+` (the scheme in any case) in `text`, scanned by hand: a regex literal is parsed
    /// anew each time it is evaluated, and every mail a check reads passes here.
    private static func bareLinkMatches(in text: String) -> [Substring] {
        var matches: [Substring] = []
        var rest = Substring(text)
        while let start = rest.firstIndex(where: { $0 == "h" || $0 == "H" }) {
            let candidate = rest[start...]
            let head = candidate.prefix(8).lowercased()
            let scheme = ["https://", "http://"].first { head.hasPrefix($0) }
            guard let scheme else {
                rest = rest[rest.index(after: start)...]
                continue
            }
            let body = candidate.dropFirst(scheme.count)
            let end = body.firstIndex { $0.isWhitespace || $0 == "<" || $0 == ">" || $0 == "\"" } ?? body.endIndex
            if end > body.startIndex { matches.append(candidate[..<end]) }
            rest = end > body.startIndex ? rest[end...] : rest[rest.index(after: start)...]
        }
        return matches
    }

    /// The value of the `href` attribute in the inside of a tag (`a class=x href='…'`).
    static func hrefAttribute(in tag: Substring) -> Substring? {
        guard let match = tag.firstMatch(of: #/(?:^|\s)href\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'<>`]+))/#.ignoresCase())
        else { return nil }
        return match.output.1 ?? match.output.2 ?? match.output.3
    }

    /// `&amp;`, `&lt;`, `&gt;`, `&quot;`, `&apos;` and numeric references (`&#38;`, `&#x26;`) decoded; anything else
    /// kept as written. Scanned by hand: a regex literal is parsed anew at each evaluation, and links carry `&`.
    static func decodingEntities(_ text: String) -> String {
        guard text.contains("&") else { return text }
        var decoded = ""
        var rest = Substring(text)
        while let ampersand = rest.firstIndex(of: "&") {
            decoded += rest[..<ampersand]
            let after = rest[rest.index(after: ampersand)...]
            let name = after.prefix { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "#") }
            if name.endIndex < after.endIndex, after[name.endIndex] == ";", let character = entity(name) {
                decoded += character
                rest = after[after.index(after: name.endIndex)...]
            } else {
                decoded += "&"
                rest = after
            }
        }
        return decoded + rest
    }

    /// What the reference `&name;` stands for, or nil when it is none of those `decodingEntities(_:)` decodes.
    private static func entity(_ name: Substring) -> String? {
        switch name {
        case "amp": return "&"
        case "lt": return "<"
        case "gt": return ">"
        case "quot": return "\""
        case "apos": return "'"
        default:
            let hex = name.hasPrefix("#x") || name.hasPrefix("#X")
            guard name.hasPrefix("#") else { return nil }
            let digits = name.dropFirst(hex ? 2 : 1)
            let isDigit: (Character) -> Bool = { character in
                ("0"..."9").contains(character) || (hex && ("a"..."f").contains(character.lowercased()))
            }
            guard !digits.isEmpty, digits.allSatisfy(isDigit) else { return nil }
            let scalar = UInt32(digits, radix: hex ? 16 : 10).flatMap(Unicode.Scalar.init)
            return scalar.map { String(Character($0)) } ?? "&\(name);"
        }
    }
}
