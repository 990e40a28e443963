/// The human-readable conformance table: one row per rule, then the details of what did not pass.
public struct ReportTable: Sendable {
    public let report: ConformanceReport
    public var statementWidth = 96

    public init(_ report: ConformanceReport) { self.report = report }

    public var rendered: String {
        let idWidth = max(4, report.results.map(\.rule.rawValue.count).max() ?? 0)
        var lines = ["Conformance of \(report.subject)", ""]
        lines.append(row("RULE", "LEVEL", "RESULT", "STATEMENT", idWidth: idWidth))
        lines.append(String(repeating: "-", count: idWidth + 24 + statementWidth))
        for result in report.results {
            lines.append(
                row(result.rule.rawValue, result.level.rawValue, label(result), clipped(result.title), idWidth: idWidth)
            )
        }
        lines.append("")
        let counted = [ConformanceStatus.pass, .fail, .warn, .notJudged, .notApplicable].compactMap { status in
            status == .notJudged && report.count(status) == 0
                ? nil : "\(report.count(status)) \(label(status).lowercased())"
        }
        let listed = report.results.contains {
            $0.expectedFailure != nil || $0.checks.contains { $0.expectedFailure != nil }
        }
        let fixed = report.fixedRules.count + report.fixedChecks.count
        let known = listed ? " (\(report.knownFailures.count) known, \(fixed) fixed)" : ""
        lines.append(
            """
            \(report.results.count) rules: \(counted.joined(separator: ", "))\(known) in \
            \(formatted(report.durationSeconds)) s
            """)
        let problems = report.results.filter {
            $0.status == .fail || $0.status == .warn || $0.status == .notJudged || $0.isFixed || !$0.fixedChecks.isEmpty
        }
        if !problems.isEmpty {
            lines.append("")
            lines.append("Details")
            for result in problems {
                lines.append("")
                lines.append("\(result.rule) [\(result.level)] \(label(result)): \(result.title)")
                if let listed = result.expectedFailure {
                    lines.append(
                        "  "
                            + (result.isFixed
                                ? ListedFailure.fixedNote(listed.reason) : "known failure: \(listed.described)"))
                    if result.isFixed { continue }
                }
                lines.append(
                    contentsOf: result.summary.split(separator: "\n", omittingEmptySubsequences: false).map {
                        "  \($0)"
                    })
                lines.append("  hint: \(result.hint)")
                lines.append(contentsOf: result.sources.map { "  source: \($0)" })
            }
        }
        lines += ["", report.judgedBy, report.verdict.summary]
        return lines.joined(separator: "\n")
    }

    private func row(_ id: String, _ level: String, _ status: String, _ statement: String, idWidth: Int) -> String {
        [pad(id, idWidth), pad(level, 7), pad(status, 14), statement].joined(separator: " ")
    }

    private func pad(_ text: String, _ width: Int) -> String {
        text.count >= width ? text : text + String(repeating: " ", count: width - text.count)
    }

    private func clipped(_ text: String) -> String {
        text.count <= statementWidth ? text : String(text.prefix(statementWidth - 1)) + "…"
    }

    /// `FAIL`, or `FAIL (known)` for a listed rule that failed (or one whose every failed check is listed),
    /// `PASS (fixed)` for a listed rule, or a rule with a listed check, that passes now.
    private func label(_ result: RuleResult) -> String {
        if result.isKnownFailure { return "\(label(result.status)) (known)" }
        if result.isFixed || (result.status == .pass && !result.fixedChecks.isEmpty) {
            return "\(label(result.status)) (fixed)"
        }
        return label(result.status)
    }

    private func label(_ status: ConformanceStatus) -> String {
        switch status {
        case .pass: "PASS"
        case .fail: "FAIL"
        case .warn: "WARN"
        case .notApplicable: "N/A"
        case .notJudged: "NOT JUDGED"
        }
    }

    private func formatted(_ seconds: Double) -> String { String(Double(Int(seconds * 1000)) / 1000) }
}
