import Foundation

/// The report as GitHub-flavoured markdown for a pull request: a summary line, a table of rules, then every
/// rule that failed, warned, is a known failure or passes while listed, with each check's message and
/// transcript folded in `<details>`.
public struct MarkdownReport: Sendable {
    public let report: ConformanceReport

    public init(_ report: ConformanceReport) { self.report = report }

    public var rendered: String {
        var lines = [summary, "", "| Rule | Level | Result | Title | Sources |", "|---|---|---|---|---|"]
        for result in report.results {
            let sources = result.sources.map { "[\(Markdown.cell(Markdown.label(of: $0)))](\($0.url.absoluteString))" }.joined(separator: ", ")
            lines.append("| \(result.rule) | \(result.level) | \(label(result)) | \(Markdown.cell(result.title)) | \(sources) |")
        }
        let problems = report.results.filter { $0.status == .fail || $0.status == .warn || $0.isFixed }
        if !problems.isEmpty {
            lines += ["", "## Details"]
            for result in problems { lines += details(of: result) }
        }
        return lines.joined(separator: "\n")
    }

    /// `**Conformance of S**: ❌ fails · 3 rules in 0.25 s · MUST: 1 pass, 1 fail · SHOULD: 1 warn`, then the
    /// known and fixed rules when there are any.
    public var summary: String {
        var parts = ["**Conformance of \(Markdown.inline(report.subject))**: \(report.passed ? "✅ passes" : "❌ fails")"]
        parts.append("\(report.results.count) rule\(report.results.count == 1 ? "" : "s") in \(Markdown.seconds(report.durationSeconds)) s")
        for level in [RequirementLevel.must, .should, .may] {
            let results = report.results.filter { $0.level == level }
            guard !results.isEmpty else { continue }
            let counts = [ConformanceStatus.pass, .fail, .warn, .notApplicable].compactMap { status -> String? in
                let count = results.count { $0.status == status }
                return count == 0 ? nil : "\(count) \(Markdown.word(status))"
            }
            parts.append("\(level): \(counts.joined(separator: ", "))")
        }
        if !report.knownFailures.isEmpty { parts.append("\(report.knownFailures.count) known") }
        if !report.fixedRules.isEmpty { parts.append("\(report.fixedRules.count) fixed") }
        return parts.joined(separator: " · ")
    }

    private func details(of result: RuleResult) -> [String] {
        var lines = ["", "### \(result.rule) [\(result.level)] \(label(result)): \(Markdown.inline(result.title))", ""]
        if let listed = result.expectedFailure {
            lines += [result.isFixed ? "**\(Markdown.inline(ReportTable.fixedNote(listed.reason)))**" : "Known failure: \(Markdown.inline(listed.reason))", ""]
        }
        lines += ["Hint: \(Markdown.inline(result.hint))", ""]
        lines += result.sources.map { source in
            "- [\(Markdown.inline(source.title))](\(source.url.absoluteString))\(source.section.map { ": \(Markdown.inline($0))" } ?? "")"
        }
        for check in result.checks where check.status == .fail || check.status == .warn {
            let message = check.message ?? ""
            let fence = Markdown.fence(for: message)
            lines += [
                "", "<details>", "<summary>\(Markdown.html(check.name)): \(Markdown.word(check.status))</summary>", "", "\(fence)text", message,
                fence, "", "</details>",
            ]
        }
        return lines
    }

    private func label(_ result: RuleResult) -> String {
        switch (result.status, result.expectedFailure?.outcome) {
        case (_, .known): "🔸 \(Markdown.word(result.status)) (known)"
        case (_, .fixed): "❗ \(Markdown.word(result.status)) (fixed)"
        case (.pass, _): "✅ pass"
        case (.fail, _): "❌ fail"
        case (.warn, _): "⚠️ warn"
        case (.notApplicable, _): "n/a"
        }
    }
}

/// Escaping and small forms shared by the markdown renderings.
enum Markdown {
    static func word(_ status: ConformanceStatus) -> String { status == .notApplicable ? "n/a" : status.rawValue }

    /// Text inside a table cell: one line, no column break.
    static func cell(_ text: String) -> String {
        inline(text).replacingOccurrences(of: "|", with: "\\|")
    }

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
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;").replacingOccurrences(of: ">", with: "&gt;")
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
