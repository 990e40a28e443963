@_exported import ConformanceKit
import Testing

extension Rule: CustomTestStringConvertible {
    /// `PHONE-1 [MUST] A phone number is accepted only in E.164 form, from any country`: the test name reads as the rule.
    public var testDescription: String { description }
}

/// Runs `rule`'s checks against `subject` and records what did not pass, with the rule ID, the evidence and the rule's
/// hint: an error for a MUST rule, a warning for a SHOULD rule. A rule that does not apply to the subject cancels
/// the test case with the reason.
///
/// Warnings and cancellation need Swift Testing 6.3; with an older toolchain a SHOULD that is not met and a
/// rule that does not apply are printed instead.
public func expectConformance(
    of subject: any ConformanceSubject, to rule: Rule, options: ConformanceRunner.Options = .init(),
    sourceLocation: SourceLocation = #_sourceLocation
) async throws {
    let result = await (try ConformanceRunner(subject: subject, options: options)).run(rule)
    for check in result.checks where check.status == .fail || check.status == .warn {
        let comment = Comment(rawValue: "\(check.name)\n\(check.message ?? "")\n\(rule.hint)")
        if check.status == .fail {
            Issue.record(comment, sourceLocation: sourceLocation)
        } else {
            #if compiler(>=6.3)
                Issue.record(comment, severity: .warning, sourceLocation: sourceLocation)
            #else
                print("warning: \(rule.id) \(comment.rawValue)")
            #endif
        }
    }
    if result.status == .notApplicable {
        let reason = "not applicable: \(result.checks.first?.message ?? "")"
        #if compiler(>=6.3)
            try Test.cancel(Comment(rawValue: reason), sourceLocation: sourceLocation)
        #else
            print("\(rule.id) \(reason)")
        #endif
    }
}
