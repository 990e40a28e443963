import ConformanceKit
import ReferenceAuth
import Testing

extension Defect: CustomTestStringConvertible {
    package var testDescription: String { "\(rawValue) → \(rules.map(\.rawValue).joined(separator: ", "))" }
}

extension ConformanceRunner.Options {
    /// A defect that makes the reference hang (a listener never called, a party waited for forever) is found the
    /// moment nothing can run; the short quiet limit is for variants that work outside the check's tasks, and a
    /// check that keeps moving never reaches it, however loaded the machine.
    package static let forDefects = ConformanceRunner.Options(watchdog: .seconds(3))
}

/// The defect self-test every flow's test target runs: a check the defect names fails the way it names (an
/// assertion, or a hang for a defect whose fault is one); a failure of any other check or kind is no catch.
package func expectCaught(_ defect: Defect, sourceLocation: SourceLocation = #_sourceLocation) async throws {
    #expect(!defect.catches.isEmpty, "\(defect) names no check that must catch it", sourceLocation: sourceLocation)
    let finding = await (try DefectAudit(options: .forDefects)).run(defect)
    #expect(
        finding.isCaught, "\(defect) (\(defect.summary)) was not caught: \(finding.miss ?? "")",
        sourceLocation: sourceLocation)
}
