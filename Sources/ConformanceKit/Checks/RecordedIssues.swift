/// Record and continue, for a check that loops over cases (swift-testing's `#expect` beside `#require`): a failed
/// expectation inside ``record(_:)`` is kept as an issue of its own (its message, expected, actual and line) and the
/// check goes on to the next case; ``finish(_:filePath:line:)`` then fails the check with every issue, so a subject
/// that breaks three cases learns of all three in one run. Anything else a case throws (an adapter error, a check
/// that does not apply) still stops the check.
package struct RecordedIssues: Sendable {
    package private(set) var issues: [CheckResult.Issue] = []

    package init() {}

    package var isEmpty: Bool { issues.isEmpty }

    package var count: Int { issues.count }

    /// Runs `body`; a ``CheckFailure`` it throws is recorded (with the issues it carries) instead of ending the check.
    package mutating func record(_ body: () async throws -> Void) async throws {
        do { try await body() } catch let failure as CheckFailure {
            issues.append(failure.issue)
            issues += failure.issues
        }
    }

    /// Fails the check with `message` and every recorded issue, if any was recorded.
    package func finish(
        _ message: @autoclosure () -> String, filePath: String = #filePath, line: Int = #line
    ) throws(CheckFailure) {
        guard !issues.isEmpty else { return }
        throw CheckFailure(message(), issues: issues, filePath: filePath, line: line)
    }
}

/// Runs `body` for every case, recording each broken case and continuing (``RecordedIssues``); then fails with all
/// of them, in one sentence counting them: `3 of 9 forged identity tokens went wrong`. `what` names the cases, plural.
package func expectEveryCase<Case>(
    _ cases: some Collection<Case>, _ what: @autoclosure () -> String, filePath: String = #filePath, line: Int = #line,
    _ body: (Case) async throws -> Void
) async throws {
    var recorded = RecordedIssues()
    var broken = 0
    for item in cases {
        let before = recorded.count
        try await recorded.record { try await body(item) }
        if recorded.count > before { broken += 1 }
    }
    try recorded.finish("\(broken) of \(cases.count) \(what()) went wrong", filePath: filePath, line: line)
}
