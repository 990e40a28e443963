import ConformanceKit
import ReferenceAuth
import Testing

extension Defect: CustomTestStringConvertible {
    public var testDescription: String { "\(rawValue) → \(rules.map(\.rawValue).joined(separator: ", "))" }
}

extension ConformanceRunner.Options {
    /// A defect that makes the subject hang (a listener never called, a party waited for forever) is caught by
    /// the watchdog; a short one keeps the self-test quick. A reference that passes is never near it.
    public static let forDefects = ConformanceRunner.Options(watchdog: .seconds(3))
}

/// The defect self-test every flow's test target runs: the defect is caught by one of its own rules.
public func expectCaught(_ defect: Defect, sourceLocation: SourceLocation = #_sourceLocation) async throws {
    let finding = await (try DefectAudit(options: .forDefects)).run(defect)
    #expect(
        finding.isCaught, "\(defect) (\(defect.summary)) was not caught by \(defect.rules); caught by \(finding.caughtBy)", sourceLocation: sourceLocation)
}
