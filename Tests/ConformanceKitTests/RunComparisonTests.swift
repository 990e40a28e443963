import ConformanceKit
import Foundation
import Testing

@Suite("Runs side by side (compare)")
struct RunComparisonTests {
    static func report(
        _ subject: String, _ statuses: [ConformanceStatus], server: String? = nil, extra: Bool = false
    ) -> ConformanceReport {
        var results = [
            RuleResult(
                rule: .phone2,
                checks: [
                    CheckResult(id: "PHONE-2/one", name: "one", status: statuses[0]),
                    CheckResult(id: "PHONE-2/two", name: "two", status: statuses[1]),
                ])
        ]
        if extra {
            results.append(RuleResult(rule: .phone3, checks: [CheckResult(id: "PHONE-3/x", name: "x", status: .pass)]))
        }
        return ConformanceReport(
            subject: subject, results: results, durationSeconds: 0, server: server,
            date: Date(timeIntervalSince1970: 1_767_225_600))
    }

    static let comparison = RunComparison([
        report("Emulator", [.pass, .pass], server: "http://127.0.0.1:9099", extra: true),
        report("Serve", [.pass, .fail], server: "http://127.0.0.1:8080"), report("Ours", [.pass, .pass]),
    ])

    @Test("rules and checks are rows, runs columns; the rows that differ come first, a missing row differs")
    func rows() {
        #expect(Self.comparison.rows.map(\.id) == ["PHONE-2", "PHONE-2/two", "PHONE-3", "PHONE-3/x", "PHONE-2/one"])
        #expect(Self.comparison.rows.map(\.differs) == [true, true, true, true, false])
        #expect(Self.comparison.rows[2].statuses == [.pass, nil, nil])
        #expect(
            Self.comparison.summary
                == "4 of 5 rows differ between 3 runs (the runs were judged by different checks: their digests differ)")
    }

    @Test("the table names each run (subject, server, date) and shows a missing row as —")
    func table() {
        let table = Self.comparison.table
        #expect(
            table.hasPrefix("Comparison of 3 runs\n\nA: Emulator, server http://127.0.0.1:9099, 2026-01-01T00:00:00Z"))
        #expect(table.contains("C: Ours, in process, 2026-01-01T00:00:00Z, AuthConformance 0.1.0, sha256:"))
        #expect(table.contains("\nPHONE-2/two   pass       fail       pass\n"))
        #expect(table.contains("\nPHONE-3/x     pass       —          —\n"))
    }

    @Test("markdown and the page show the same rows, the page with a filter for the rows that differ")
    func formats() {
        let markdown = Self.comparison.markdown
        #expect(markdown.contains("| Rule or check | A | B | C |"))
        #expect(markdown.contains("| **`PHONE-2/two`** | pass | fail | pass |"))
        #expect(markdown.contains("| `PHONE-2/one` | pass | pass | pass |"))
        let page = HTMLComparison(Self.comparison).rendered
        #expect(page.contains("<tr class=\"row rows-differ differs\"><td><code>PHONE-2/two</code> two</td>"))
        #expect(page.contains("#rows-differ:checked ~ main .row:not(.rows-differ){display:none}"))
        #expect(!page.contains("<script"))
    }

    @Test("a hostile subject's name is escaped on the page")
    func escaped() {
        let page = HTMLComparison(
            RunComparison([Self.report("<b>x</b>", [.pass, .pass]), Self.report("y", [.pass, .pass])])
        ).rendered
        #expect(page.contains("&lt;b&gt;x&lt;/b&gt;") && !page.contains("<b>x"))
    }
}
