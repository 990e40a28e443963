import ConformanceKit

/// What `expectConformance` records for one rule's result, decided apart from Swift Testing so that it can be
/// tested as a value.
package enum ConformanceIssue: Sendable, Hashable {
    /// A MUST not met: a failed test.
    case failure(String)
    /// A SHOULD not met: a warning.
    case warning(String)
    /// Failures of a rule listed in `knownIssues`, recorded as known with the reason.
    case known(reason: String, [String])
    /// The rule does not apply to the subject: the test is cancelled with the reason.
    case notApplicable(String)

    /// The issues of `result`; `knownIssue` is the reason the rule is listed as a known issue, if it is. A listed
    /// rule that passes is a failure that says to remove it from the list.
    package static func issues(of result: RuleResult, knownIssue: String?) -> [ConformanceIssue] {
        let problems = result.checks.filter { $0.status == .fail || $0.status == .warn }
        let comments = problems.map { ([$0.label] + $0.detailLines + [result.hint]).joined(separator: "\n") }
        if let reason = knownIssue {
            switch result.status {
            case .fail, .warn: return [.known(reason: reason, comments)]
            case .pass:
                return [
                    .failure(
                        """
                        \(result.rule) is listed as a known issue (\(reason)), but it passes now: remove it from the \
                        list
                        """)
                ]
            case .notApplicable, .notJudged: break
            }
        }
        var issues = zip(problems, comments).map { check, comment in
            check.status == .fail ? ConformanceIssue.failure(comment) : .warning(comment)
        }
        if result.status == .notApplicable {
            issues.append(.notApplicable("not applicable: \(result.checks.first?.message ?? "")"))
        }
        if result.status == .notJudged, let check = result.checks.first(where: { $0.status == .notJudged }) {
            issues.append(.notApplicable("not judged: \(check.message ?? "")"))
        }
        return issues
    }
}
