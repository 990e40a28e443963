import ConformanceCommand
import ConformanceKit
import Foundation
import ReferenceAuth
import Testing

/// What the manual measured (a benchmark's table, a time on a 2-core machine) names the commit it was measured at, and
/// the counts of a measured table (the rules and variants of each row) are the code's: a change of the catalogue or
/// of the defects fails here until the table is measured again. A count edited by hand would put the times of one
/// catalogue beside the size of another.
@Suite("Every measured figure names its commit; a measured table's counts are the code's")
struct MeasuredFiguresTests {
    /// A block the benchmark printed (its first line `Benchmark of …`) and the paragraph just before it.
    struct Table {
        let path: String
        let paragraph: String
        let lines: [Substring]
    }

    static func tables(in path: String, _ text: String) -> [Table] {
        text.ranges(of: "```\nBenchmark of ").compactMap { start in
            guard let end = text.range(of: "\n```", range: start.upperBound..<text.endIndex) else { return nil }
            let before = text[..<start.lowerBound].trimmingCharacters(in: .whitespacesAndNewlines)
            let paragraph = before.components(separatedBy: "\n\n").last ?? ""
            let block = text[text.index(start.lowerBound, offsetBy: 4)..<end.lowerBound]
            return Table(path: path, paragraph: paragraph, lines: block.split(separator: "\n"))
        }
    }

    /// The paragraphs that state what a machine measured: "On a 2-core Linux machine …", "on the 2-core machine above".
    static func measuredParagraphs(in text: String) -> [String] {
        text.components(separatedBy: "\n\n").filter { $0.contains(/[Oo]n (a|the) 2-core/) }
    }

    static func namesCommit(_ paragraph: String) -> Bool { paragraph.contains(/at commit\s+[0-9a-f]{7,40}\b/) }

    /// The rules and variants a benchmark row of that name counts, as the code has them now; nil for a row this test
    /// does not know.
    static func expectedCounts(of row: String) -> (rules: Int, variants: Int?)? {
        let all = RuleCatalogue.all.count
        if let flow = Flow.allCases.first(where: { row == $0.rawValue }) {
            return (RuleCatalogue.rules(in: flow).count, nil)
        }
        switch row {
        case "catalogue", "report page, every check failing": return (all, nil)
        case "variant audit", "variant matrix": return (all, Defect.allCases.count)
        case "serve start-up": return (0, nil)
        // `conformance serve --benchmark` runs the rules of the flows the HTTP subject judges the served server on:
        // every flow, each check given its GitHub and Apple on loopback.
        case "in process", "over HTTP, tenants", "over HTTP, one at a time", "HTTP subject, no sockets":
            return (all, nil)
        default: return nil
        }
    }

    /// Each row of `table` whose counts are not the code's, or that this test does not know.
    static func wrongRows(of table: Table) -> [String] {
        let header = table.lines.firstIndex { $0.hasPrefix("AREA ") }
        guard let header else { return ["no AREA header"] }
        let rows = table.lines[(header + 1)...].prefix { $0.contains(/\d+\.\d\s*$/) }
        guard !rows.isEmpty else { return ["no rows"] }
        return rows.compactMap { row in
            let columns = row.split(separator: /\s{2,}/).map(String.init)
            guard let expected = expectedCounts(of: columns[0]) else { return "\(row) (a row this test does not know)" }
            let variants = columns.count == 6 ? Int(columns[2]) : nil
            let counted = columns.count >= 5 && Int(columns[1]) == expected.rules && variants == expected.variants
            let said = "\(expected.rules) rules" + (expected.variants.map { ", \($0) variants" } ?? "")
            return counted ? nil : "\(row) (the code has \(said))"
        }
    }

    @Test("every benchmark table and every figure of a 2-core machine names the commit it was measured at")
    func commits() {
        var tables = 0
        for (path, text) in DocumentationTests.documents {
            for table in Self.tables(in: path, text) {
                tables += 1
                #expect(
                    Self.namesCommit(table.paragraph),
                    "\(path): the paragraph before \"\(table.lines[0])\" does not say \"at commit …\"")
            }
            for paragraph in Self.measuredParagraphs(in: text) {
                #expect(
                    Self.namesCommit(paragraph), "\(path): \"\(paragraph.prefix(80))…\" does not say \"at commit …\"")
            }
        }
        #expect(tables >= 2)
    }

    @Test("each benchmark table's rules and variants are the code's: a changed count means measuring it again")
    func counts() {
        for (path, text) in DocumentationTests.documents {
            for table in Self.tables(in: path, text) {
                let wrong = Self.wrongRows(of: table)
                #expect(
                    wrong.isEmpty,
                    """
                    \(path), "\(table.lines[0])": \(wrong); run the benchmark again \
                    (`swift run -c release conformance bench`, `conformance serve --benchmark`) and name its commit
                    """)
            }
        }
    }

    @Test("a table edited by hand, or measured at no commit, is caught")
    func staleTablesFail() throws {
        let all = RuleCatalogue.all.count
        let text = """
            On a machine, a release build gave:

            ```
            Benchmark of ReferenceAuth: each row timed 3 times, release build

            AREA           RULES  VARIANTS     MIN ms  MEDIAN ms     MAX ms
            phone             \(RuleCatalogue.rules(in: .phone).count + 1)                 15.3       15.7       20.6
            catalogue         \(all)                277.0      282.5      286.7
            variant audit     \(all)       \(Defect.allCases.count - 1)      742.6      765.7      979.3
            ```
            """
        let table = try #require(Self.tables(in: "sample", text).first)
        #expect(!Self.namesCommit(table.paragraph))
        #expect(Self.wrongRows(of: table).count == 2, "\(Self.wrongRows(of: table))")
        #expect(Self.namesCommit("On a 2-core machine (at commit\nf60ed18), the page was"))
        #expect(Self.measuredParagraphs(in: "On the 2-core machine above.\n\nA 2-core machine.").count == 1)
    }
}
