import ConformanceKit
import ConformanceTesting
import Foundation
import ReferenceAuth
import Testing

/// The reference's defects that make a check hang are found without any real time counted, and the hang reads the
/// same in every format: the table's message, the JSON, JUnit and `expectConformance`.
@Suite("Hanging defects are found at once and reported as hangs")
struct HangReportTests {
    /// The defects whose fault is a hang, as they declare it.
    static let hanging = Defect.allCases.filter { $0.catches.contains { $0.kind == .hang } }

    /// A quiet limit of an hour: a hang found by real time would hold the test for that long.
    private static let noRealTime = ConformanceRunner.Options(watchdog: .seconds(3600))

    @Test("the list is not empty")
    func someHang() { #expect(Self.hanging.count >= 5) }

    @Test("hang", arguments: hanging)
    func hang(_ defect: Defect) async throws {
        let runner = try ConformanceRunner(subject: ReferenceSubject(defects: [defect]), options: Self.noRealTime)
        let report = await runner.run(RuleCatalogue.rules(defect.rules))
        let meant = Set(defect.catches.map(\.check))
        let hung = report.results.flatMap { result in
            result.checks.filter { $0.failure?.kind == .hang && meant.contains($0.id) }.map { (result, $0) }
        }
        let (result, check) = try #require(hung.first, "\(defect) made no check hang")
        let message = try #require(check.message)
        #expect(message.contains("the check can no longer move while waiting for "), "\(message)")
        #expect(check.failure?.waitingFor?.isEmpty == false)

        let json = String(decoding: try JSONEncoder().encode(report), as: UTF8.self)
        #expect(json.contains(#""kind":"hang""#) && json.contains(#""waitingFor":"#))
        #expect(JUnitReport(report).rendered.contains(#"type="hang""#))
        let issues = ConformanceIssue.issues(of: result, knownIssue: nil)
        #expect(
            issues.contains {
                if case .failure(let comment) = $0 { comment.contains("can no longer move") } else { false }
            })
    }
}
