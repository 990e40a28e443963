import Foundation

/// Escaping and small forms shared by the markdown renderings.
enum Markdown {
    /// A status as the markdown, the page and the comparison write it: `pass`, `not judged`, `n/a`.
    static func word(_ status: ConformanceStatus) -> String { status == .notApplicable ? "n/a" : status.description }

    /// Text inside a table cell: one line, no column break.
    static func cell(_ text: String) -> String { inline(text).replacingOccurrences(of: "|", with: "\\|") }

    /// Text on one line that renders as written: what markdown would take for emphasis, links or HTML is
    /// escaped (`+1******1234` stays a masked number), and paired backticks stay code spans.
    static func inline(_ text: String) -> String {
        let line = text.replacingOccurrences(of: "\r\n", with: " ").replacingOccurrences(of: "\n", with: " ")
        let parts = line.split(separator: "`", omittingEmptySubsequences: false)
        guard parts.count > 1, parts.count.isMultiple(of: 2) == false else { return escaped(line) }
        return parts.enumerated().map { index, part in index.isMultiple(of: 2) ? escaped(part) : "`\(part)`" }.joined()
    }

    private static func escaped(_ text: some StringProtocol) -> String {
        var result = ""
        for character in text {
            switch character {
            case "\\", "`", "*", "_", "[", "]": result += "\\\(character)"
            default: result.append(character)
            }
        }
        return html(result)
    }

    static func html(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;")
    }

    /// A code fence longer than any run of backticks in `text`.
    static func fence(for text: String) -> String {
        var longest = 0
        var run = 0
        for character in text {
            run = character == "`" ? run + 1 : 0
            longest = max(longest, run)
        }
        return String(repeating: "`", count: max(3, longest + 1))
    }

    /// A short name for a source's link: the last part of its address (`phone-auth`, `T-REC-E.164`).
    static func label(of source: RuleSource) -> String {
        let last = source.url.path.split(separator: "/").last.map(String.init) ?? ""
        return last.isEmpty ? (source.url.host ?? source.url.absoluteString) : last
    }

    /// Seconds with two decimals, whatever the locale: `0.25`.
    static func seconds(_ seconds: Double) -> String {
        let hundredths = Int((max(0, seconds) * 100).rounded())
        return "\(hundredths / 100).\(hundredths % 100 < 10 ? "0" : "")\(hundredths % 100)"
    }
}
