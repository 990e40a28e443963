import ConformanceKit
import Testing

/// Expects every check of `other` (a run over HTTP, or against a served server) to have the in-process reference's
/// verdict in `inProcess`, or to be not applicable with a message that contains one of `reasons`, and returns how many
/// checks applied. `run` names the other run in failure messages.
@discardableResult
package func expectInProcessVerdicts(
    _ other: ConformanceReport, _ inProcess: ConformanceReport, notApplicableFor reasons: [String],
    run: String = "over HTTP", sourceLocation: SourceLocation = #_sourceLocation
) -> Int {
    var applicable = 0
    for (result, expected) in zip(other.results, inProcess.results) {
        for (check, reference) in zip(result.checks, expected.checks) {
            if check.status != .notApplicable { applicable += 1 }
            guard check.status != reference.status else { continue }
            #expect(
                check.status == .notApplicable && reasons.contains { check.message?.contains($0) == true },
                "\(check.id): \(check.status) \(run), \(reference.status) in process: \(check.message ?? "")",
                sourceLocation: sourceLocation)
        }
    }
    return applicable
}
