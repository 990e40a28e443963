import Testing

extension Rule: CustomTestStringConvertible {
    /// `PHONE-1 [MUST] A phone number is accepted only in E.164 form, from any country`: the test name reads as the
    /// rule.
    public var testDescription: String { description }
}

/// Runs `rule`'s checks against `subject` and records what did not pass, with the rule ID, the evidence and the rule's
/// hint: an error for a MUST rule, a warning for a SHOULD rule. A rule that does not apply to the subject cancels
/// the test case with the reason.
///
/// `knownIssues` lists rules known to fail, with why (`["PHONE-8": "codes live 15 minutes until 2.0"]`): their
/// failures are recorded as known issues, and a listed rule that passes fails the test until it is removed from
/// the list, so that the list never outlives the bugs. A listed ID that is not in the catalogue fails too.
///
/// Warnings and cancellation need Swift Testing 6.3; with an older toolchain a SHOULD that is not met and a
/// rule that does not apply are printed instead.
///
/// ```swift
/// import ConformanceTesting
/// import Testing
///
/// @Test(arguments: RuleCatalogue.all)
/// func conformance(_ rule: Rule) async throws {
///     try await expectConformance(
///         of: MyAuthSubject(), to: rule, knownIssues: ["PHONE-8": "codes live 15 minutes until 2.0 (#41)"])
/// }
/// ```
public func expectConformance(
    of subject: any ConformanceSubject, to rule: Rule, knownIssues: [RuleID: String] = [:],
    options: ConformanceRunner.Options = .init(), sourceLocation: SourceLocation = #_sourceLocation
) async throws {
    let unknown = knownIssues.keys.filter { $0 != rule.id && RuleCatalogue.rule($0) == nil }.sorted()
    if !unknown.isEmpty {
        Issue.record(
            "knownIssues names \(unknown.map(\.rawValue).joined(separator: ", ")), which the catalogue does not have",
            sourceLocation: sourceLocation)
    }
    let result = await (try ConformanceRunner(subject: subject, options: options)).run(rule)
    for issue in ConformanceIssue.issues(of: result, knownIssue: knownIssues[rule.id]) {
        switch issue {
        case .failure(let comment): Issue.record(Comment(rawValue: comment), sourceLocation: sourceLocation)
        case .warning(let comment):
            #if compiler(>=6.3)
                Issue.record(Comment(rawValue: comment), severity: .warning, sourceLocation: sourceLocation)
            #else
                print("warning: \(rule.id) \(comment)")
            #endif
        case .known(let reason, let comments):
            withKnownIssue(Comment(rawValue: "\(rule.id): \(reason)"), sourceLocation: sourceLocation) {
                for comment in comments { Issue.record(Comment(rawValue: comment), sourceLocation: sourceLocation) }
            }
        case .notApplicable(let reason):
            #if compiler(>=6.3)
                try Test.cancel(Comment(rawValue: reason), sourceLocation: sourceLocation)
            #else
                print("\(rule.id) \(reason)")
            #endif
        }
    }
}
