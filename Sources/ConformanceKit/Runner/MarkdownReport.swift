import Foundation

/// The report as GitHub-flavoured markdown for a pull request: a summary line, a table of rules, then every
/// rule that failed, warned, is a known failure or passes while listed, with each check's message and
/// the failure's fields (expected, actual, location, issues, transcript) folded in `<details>`.
public struct MarkdownReport: Sendable {
    public let report: ConformanceReport

    public init(_ report: ConformanceReport) { self.report = report }

    public var rendered: String {
        var lines = [summary, "", "_\(Markdown.inline(report.judgedBy))_"]
        lines += ["", "| Rule | Level | Result | Title | Sources |", "|---|---|---|---|---|"]
        for result in report.results {
            let sources = result.sources.map { "[\(Markdown.cell(Markdown.label(of: $0)))](\($0.url.absoluteString))" }
                .joined(separator: ", ")
            lines.append(
                "| \(result.rule) | \(result.level) | \(label(result)) | \(Markdown.cell(result.title)) | \(sources) |")
        }
        let problems = report.results.filter {
            $0.status == .fail || $0.status == .warn || $0.status == .notJudged || $0.isFixed || !$0.fixedChecks.isEmpty
        }
        if !problems.isEmpty {
            lines += ["", "## Details"]
            for result in problems { lines += details(of: result) }
        }
        let notApplicable = notApplicableTable
        if !notApplicable.isEmpty { lines += ["", "## Not applicable", ""] + notApplicable }
        lines += ["", "**\(Markdown.inline(report.verdict.summary))**"]
        return lines.joined(separator: "\n")
    }

    /// The checks that were not applicable, grouped by why: `| Rules or checks | Why not applicable |`, one row per
    /// reason in the catalogue's order. Reasons that differ only after their first colon are one (a setting the server
    /// cannot take, whatever value each check asked), shown by the group's shortest message. A rule whose checks all
    /// share the reason is named alone (`PHONE-8`), otherwise each check by its ID. Empty when every check applied.
    /// The manual's table of what stays not applicable against the Auth Emulator is this table, from a run against a
    /// model of the emulator, so it is regenerated, never kept by hand.
    public var notApplicableTable: [String] {
        var heads: [String] = []
        var named: [String: [String]] = [:]
        var shortest: [String: String] = [:]
        for result in report.results {
            var checksByHead: [String: [CheckID]] = [:]
            var order: [String] = []
            for check in result.checks where check.status == .notApplicable {
                let message = check.message ?? ""
                let head = message.components(separatedBy: ": ").first ?? message
                if checksByHead[head] == nil { order.append(head) }
                checksByHead[head, default: []].append(check.id)
                if shortest[head].map({ message.count < $0.count }) ?? true { shortest[head] = message }
            }
            for head in order {
                let checks = checksByHead[head] ?? []
                if named[head] == nil { heads.append(head) }
                named[head, default: []] +=
                    checks.count == result.checks.count ? ["\(result.rule)"] : checks.map { "`\($0)`" }
            }
        }
        guard !heads.isEmpty else { return [] }
        return ["| Rules or checks | Why not applicable |", "|---|---|"]
            + heads.map { head in
                "| \((named[head] ?? []).joined(separator: ", ")) | \(Markdown.cell(shortest[head] ?? head)) |"
            }
    }

    /// `**Conformance of S**: ❌ fails · 3 rules in 0.25 s · MUST: 1 pass, 1 fail · SHOULD: 1 warn`, then the
    /// known and fixed rules when there are any.
    public var summary: String {
        var parts = ["**Conformance of \(Markdown.inline(report.subject))**: \(report.passed ? "✅ passes" : "❌ fails")"]
        parts.append(
            """
            \(report.results.count) rule\(report.results.count == 1 ? "" : "s") in \
            \(Markdown.seconds(report.durationSeconds)) s
            """)
        for level in [RequirementLevel.must, .should, .may] {
            let results = report.results.filter { $0.level == level }
            guard !results.isEmpty else { continue }
            let counts = [ConformanceStatus.pass, .fail, .warn, .notJudged, .notApplicable].compactMap {
                status -> String? in
                let count = results.count { $0.status == status }
                return count == 0 ? nil : "\(count) \(Markdown.word(status))"
            }
            parts.append("\(level): \(counts.joined(separator: ", "))")
        }
        if !report.knownFailures.isEmpty { parts.append("\(report.knownFailures.count) known") }
        let fixed = report.fixedRules.count + report.fixedChecks.count
        if fixed > 0 { parts.append("\(fixed) fixed") }
        return parts.joined(separator: " · ")
    }

    private func details(of result: RuleResult) -> [String] {
        var lines = ["", "### \(result.rule) [\(result.level)] \(label(result)): \(Markdown.inline(result.title))", ""]
        if let listed = result.expectedFailure {
            lines += [
                result.isFixed
                    ? "**\(Markdown.inline(ListedFailure.fixedNote(listed.reason)))**"
                    : "Known failure: \(Markdown.inline(listed.reason))\(Self.bugLink(listed))", "",
            ]
        }
        lines += ["Hint: \(Markdown.inline(result.hint))", ""]
        lines += result.sources.map { source in
            """
            - [\(Markdown.inline(source.title))](\(source.url.absoluteString))\
            \(source.section.map { ": \(Markdown.inline($0))" } ?? "")
            """
        }
        for check in result.checks where [.fail, .warn, .notJudged].contains(check.status) {
            let message = check.detailLines.joined(separator: "\n")
            let fence = Markdown.fence(for: message)
            let known =
                check.expectedFailure.map { listed in
                    " (known: \(Markdown.html(listed.reason))"
                        + (listed.bug.map { ", <a href=\"\(Markdown.html($0.absoluteString))\">bug</a>" } ?? "") + ")"
                } ?? ""
            lines += [
                "", "<details>",
                "<summary><code>\(check.id)</code> \(Markdown.html(check.name)): \(Markdown.word(check.status))\(known)"
                    + "</summary>", "", "\(fence)text", message, fence, "", "</details>",
            ]
        }
        for check in result.fixedChecks {
            lines += [
                "",
                "**`\(check.id)` \(Markdown.inline(check.name)): "
                    + "\(Markdown.inline(ListedFailure.fixedNote(check.expectedFailure?.reason ?? "")))**",
            ]
        }
        return lines
    }

    /// ` ([bug](URL))` after a known failure's reason, when its entry names the upstream bug.
    private static func bugLink(_ listed: ListedFailure) -> String {
        listed.bug.map { " ([bug](\($0.absoluteString.replacingOccurrences(of: ")", with: "%29"))))" } ?? ""
    }

    private func label(_ result: RuleResult) -> String {
        let fixed = result.isFixed || (result.status == .pass && !result.fixedChecks.isEmpty)
        return switch (result.status, result.isKnownFailure, fixed) {
        case (_, true, _): "🔸 \(Markdown.word(result.status)) (known)"
        case (_, _, true): "❗ \(Markdown.word(result.status)) (fixed)"
        case (.pass, _, _): "✅ pass"
        case (.fail, _, _): "❌ fail"
        case (.warn, _, _): "⚠️ warn"
        case (.notApplicable, _, _): "n/a"
        case (.notJudged, _, _): "⏸️ not judged"
        }
    }
}
