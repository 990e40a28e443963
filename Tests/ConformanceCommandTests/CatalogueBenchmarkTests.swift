import ConformanceCommand
import ConformanceKit
import Foundation
import ReferenceTestSupport
import Testing

/// The benchmark's shape only: how fast anything runs is never asserted in a unit test.
@Suite("The benchmark")
struct CatalogueBenchmarkTests {
    private let areas = Flow.allCases.filter { !RuleCatalogue.rules(in: $0).isEmpty }.map(\.rawValue)
    static let page = "report page, every check failing"

    @Test("bench --html FILE times the page of every check failing alone and writes it")
    func page() async throws {
        let outcome = await ConformanceCommand.run(
            subject: NoFlowSubject(), arguments: ["bench", "--runs", "1", "--html", "every-check-failing.html"])
        #expect(outcome.status == 0)
        #expect(outcome.output.contains("\n\(Self.page) ") && !outcome.output.contains("\ncatalogue "))
        let page = try #require(outcome.files.first { $0.path == "every-check-failing.html" }).contents
        // A size, not a time: the page of the whole catalogue with every check failing stays under 2 MB.
        #expect(page.utf8.count < 2_000_000, "the page with every check failing has \(page.utf8.count) bytes")
        #expect(outcome.output.contains("the report page with every check failing: \(page.utf8.count - 1) bytes"))
        let failing = page.components(separatedBy: "<details class=\"item status status-fail\" open>").count - 1
        #expect(failing == RuleCatalogue.all.map(\.checks.count).reduce(0, +))
    }

    @Test("one row per area with rules and one for the whole catalogue, and no variant matrix without variants")
    func rows() async throws {
        let report = await (try CatalogueBenchmark(repeats: 2)).run(subject: NoFlowSubject())
        #expect(report.rows.map(\.name) == areas + ["catalogue"])
        #expect(
            report.rows.map(\.rules) == areas.map { RuleCatalogue.rules(in: Flow(rawValue: $0)!).count } + [
                RuleCatalogue.all.count
            ])
        #expect(
            report.rows.allSatisfy {
                $0.milliseconds.min <= $0.milliseconds.median && $0.milliseconds.median <= $0.milliseconds.max
            })
        #expect(report.repeats == 2)
    }

    @Test("the command prints a row per area, the catalogue and, with variants, the variant audit and matrix; exit 0")
    func command() async {
        let variant = AuditVariant(name: "v", rules: ["PHONE-2"], summary: "", subject: NoFlowSubject())
        let outcome = await ConformanceCommand.run(
            subject: NoFlowSubject(), variants: [variant, variant], arguments: ["bench", "--runs", "1"])
        #expect(outcome.status == 0)
        let firstWords = outcome.output.split(separator: "\n").compactMap {
            $0.split(separator: " ").first.map(String.init)
        }
        for row in areas + ["catalogue"] { #expect(firstWords.contains(row), "no row \(row)") }
        #expect(outcome.output.split(separator: "\n").contains { $0.hasPrefix("variant matrix") && $0.contains(" 2 ") })
        #expect(
            outcome.output.split(separator: "\n").contains {
                $0.hasPrefix("variant audit") && $0.contains(" 1 ") && $0.contains(" 2 ")
            })
    }

    @Test("the JSON has the same rows")
    func json() async throws {
        let outcome = await ConformanceCommand.run(
            subject: NoFlowSubject(), arguments: ["bench", "--runs", "1", "--json"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(outcome.output.utf8)) as? [String: Any])
        #expect(object["repeats"] as? Int == 1)
        let rows = try #require(object["rows"] as? [[String: Any]])
        #expect(rows.compactMap { $0["name"] as? String } == areas + ["catalogue"])
        let spread = try #require(rows.first?["milliseconds"] as? [String: Double])
        #expect(Set(spread.keys) == ["min", "median", "max"])
    }

    @Test("the spread of odd and even counts")
    func spread() {
        #expect(BenchmarkReport.Spread([3, 1, 2]) == .init(min: 1, median: 2, max: 3))
        #expect(BenchmarkReport.Spread([4, 1, 3, 2]) == .init(min: 1, median: 2.5, max: 4))
        #expect(BenchmarkReport.Spread([]) == .init(min: 0, median: 0, max: 0))
    }
}
