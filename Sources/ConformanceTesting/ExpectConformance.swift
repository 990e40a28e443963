@_exported import ConformanceKit
import Testing

extension Rule: CustomTestStringConvertible {
    /// `PHONE-1 [MUST] A phone number is accepted only in E.164 form, from any country`: the test name reads as the rule.
    public var testDescription: String { description }
}

/// Runs `rule`'s checks against `subject` and records what did not pass, with the rule ID and the evidence:
/// an error for a MUST or MAY rule, a warning for a SHOULD rule. A rule that does not apply to the subject
/// cancels the test case with the reason.
public func expectConformance(
    of subject: any ConformanceSubject, to rule: Rule, options: ConformanceRunner.Options = .init(),
    sourceLocation: SourceLocation = #_sourceLocation
) async throws {
    let result = await (try ConformanceRunner(subject: subject, options: options)).run(rule)
    for check in result.checks {
        switch check.status {
        case .pass:
            continue
        case .fail:
            Issue.record(Comment(rawValue: "\(check.name)\n\(check.message ?? "")"), sourceLocation: sourceLocation)
        case .warn:
            Issue.record(Comment(rawValue: "\(check.name)\n\(check.message ?? "")"), severity: .warning, sourceLocation: sourceLocation)
        case .notApplicable:
            continue
        }
    }
    if result.status == .notApplicable {
        try Test.cancel(Comment(rawValue: "not applicable: \(result.checks.first?.message ?? "")"), sourceLocation: sourceLocation)
    }
}
