import Foundation

/// Runs side by side (`conformance compare A.json B.json …`), in the manner of wpt.fyi and Autobahn|Testsuite's
/// agents: every rule and every check of any run as a row, each run as a column (its subject, server and date), the
/// rows whose status differs between runs first. A rule or check a run did not judge shows as missing there (and so
/// differs).
package struct RunComparison: Sendable {
    /// One rule (``check`` nil) or one check, and its status in each run, nil where the run has no such row.
    package struct Row: Sendable, Hashable {
        package let rule: RuleID
        package let check: CheckID?
        /// The rule's title or the check's sentence, from the first run that has it.
        package let name: String
        package let statuses: [ConformanceStatus?]

        /// `PHONE-8` or `PHONE-8/exact-lifetime`.
        package var id: String { check?.description ?? rule.rawValue }
        package var differs: Bool { Set(statuses.map { $0?.rawValue ?? "" }).count > 1 }
    }

    package let reports: [ConformanceReport]
    /// The rows that differ, then the others, each part in catalogue order (a rule, then its checks).
    package let rows: [Row]

    package init(_ reports: [ConformanceReport]) {
        self.reports = reports
        var order: [RuleID] = []
        var results: [RuleID: [RuleResult?]] = [:]
        for (index, report) in reports.enumerated() {
            for result in report.results {
                if results[result.rule] == nil {
                    order.append(result.rule)
                    results[result.rule] = Array(repeating: nil, count: reports.count)
                }
                results[result.rule]?[index] = result
            }
        }
        var rows: [Row] = []
        for rule in order.sorted() {
            let inRuns = results[rule] ?? []
            let first = inRuns.compactMap(\.self).first
            rows.append(Row(rule: rule, check: nil, name: first?.title ?? "", statuses: inRuns.map { $0?.status }))
            var checks: [CheckID] = []
            var names: [CheckID: String] = [:]
            for check in inRuns.compactMap(\.self).flatMap(\.checks) where names[check.id] == nil {
                checks.append(check.id)
                names[check.id] = check.name
            }
            for check in checks {
                let statuses = inRuns.map { result in result?.checks.first { $0.id == check }?.status }
                rows.append(Row(rule: rule, check: check, name: names[check] ?? "", statuses: statuses))
            }
        }
        self.rows = rows.filter(\.differs) + rows.filter { !$0.differs }
    }

    /// Whether the runs were judged by different checks (their ``ConformanceReport/catalogueDigest``s differ): rows
    /// can differ because the checks did.
    package var checksDiffer: Bool { Set(reports.map(\.catalogueDigest)).count > 1 }

    /// A run's column heading: `A`, `B`, … (after `Z`: `R27`, …).
    package static func column(_ index: Int) -> String {
        index < 26 ? String(UnicodeScalar(UInt8(65 + index))) : "R\(index + 1)"
    }

    /// What a column is: `ReferenceAuth, server http://127.0.0.1:9099, 2026-01-31T12:00:00Z, AuthConformance 0.1.0`.
    package static func describe(_ report: ConformanceReport) -> String {
        [
            report.subject, report.server.map { "server \($0)" } ?? "in process",
            ConformanceReport.timestamp(report.date), "AuthConformance \(report.suiteVersion)", report.catalogueDigest,
        ].joined(separator: ", ")
    }

    /// The status as every comparison writes it, `—` where the run has no such row.
    package static func word(_ status: ConformanceStatus?) -> String { status.map(Markdown.word) ?? "—" }

    /// `3 of 120 rows differ`, and a warning when the runs were judged by different checks.
    package var summary: String {
        let differing = rows.count(where: \.differs)
        return "\(differing) of \(rows.count) rows differ between \(reports.count) runs"
            + (checksDiffer ? " (the runs were judged by different checks: their digests differ)" : "")
    }

    /// The comparison as a plain-text table.
    package var table: String {
        let idWidth = max(13, rows.map(\.id.count).max() ?? 0)
        let width = 11
        var lines = ["Comparison of \(reports.count) runs", ""]
        for (index, report) in reports.enumerated() { lines.append("\(Self.column(index)): \(Self.describe(report))") }
        lines.append("")
        let heads = reports.indices.map { Self.column($0).padding(toLength: width, withPad: " ", startingAt: 0) }
        lines.append(
            ("RULE OR CHECK".padding(toLength: idWidth, withPad: " ", startingAt: 0) + " " + heads.joined())
                .trimmingTrailingSpaces)
        lines.append(String(repeating: "-", count: idWidth + 1 + width * reports.count))
        for row in rows {
            let cells = row.statuses.map { Self.word($0).padding(toLength: width, withPad: " ", startingAt: 0) }
            lines.append(
                (row.id.padding(toLength: idWidth, withPad: " ", startingAt: 0) + " " + cells.joined())
                    .trimmingTrailingSpaces)
        }
        return (lines + ["", summary]).joined(separator: "\n")
    }

    /// The comparison as GitHub-flavoured markdown: the runs, then one table.
    package var markdown: String {
        var lines = ["**Comparison of \(reports.count) runs**: \(Markdown.inline(summary))", ""]
        for (index, report) in reports.enumerated() {
            lines.append("- **\(Self.column(index))**: \(Markdown.inline(Self.describe(report)))")
        }
        lines += [
            "", "| Rule or check | " + reports.indices.map(Self.column).joined(separator: " | ") + " |",
            "|---|" + String(repeating: "---|", count: reports.count),
        ]
        for row in rows {
            let id = row.differs ? "**`\(row.id)`**" : "`\(row.id)`"
            lines.append("| \(id) | " + row.statuses.map(Self.word).joined(separator: " | ") + " |")
        }
        return lines.joined(separator: "\n")
    }
}

extension String { fileprivate var trimmingTrailingSpaces: String { String(reversed().drop { $0 == " " }.reversed()) } }
