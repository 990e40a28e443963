import ConformanceTesting
import Foundation
import ReferenceAuth
import Testing

@Suite("Known issues: expectConformance(of:to:knownIssues:)")
struct KnownIssueTests {
    @Test("a listed rule that fails is recorded as a known issue: the test passes")
    func known() async throws {
        try await expectConformance(
            of: ReferenceSubject(defects: [.sendsFourDigitCodes]), to: .phone3,
            knownIssues: ["PHONE-3": "4 digits until v2"])
        // What it recorded, as a value: the rule's failures, as known, with the reason.
        let result = await (try ConformanceRunner(subject: ReferenceSubject(defects: [.sendsFourDigitCodes]))).run(
            .phone3)
        let issues = ConformanceIssue.issues(of: result, knownIssue: "4 digits until v2")
        guard case .known(let reason, let comments)? = issues.first, issues.count == 1 else {
            Issue.record("expected one known issue, got \(issues)")
            return
        }
        #expect(reason == "4 digits until v2" && comments.contains { $0.contains("no 6-digit code") })
    }

    @Test("a listed rule that passes fails the test and says to remove it from the list")
    func fixed() async throws {
        try await withKnownIssue {
            try await expectConformance(
                of: ReferenceSubject(), to: .phone3, knownIssues: ["PHONE-3": "4 digits until v2"])
        } matching: { issue in
            issue.comments.contains {
                $0.rawValue == """
                    PHONE-3 is listed as a known issue (4 digits until v2), but it passes now: remove it from the \
                    list
                    """
            }
        }
    }

    @Test("a listed ID the catalogue does not have fails the test")
    func unknown() async throws {
        try await withKnownIssue {
            try await expectConformance(of: ReferenceSubject(), to: .phone2, knownIssues: ["PHONE-99": "typo"])
        } matching: { issue in
            issue.comments.contains { $0.rawValue == "knownIssues names PHONE-99, which the catalogue does not have" }
        }
    }

    @Test("what is recorded: every failed check as known, with the reason; an unlisted rule as before")
    func recorded() async throws {
        let result = await (try ConformanceRunner(subject: ReferenceSubject(defects: [.sendsFourDigitCodes]))).run(
            .phone3)
        let known = ConformanceIssue.issues(of: result, knownIssue: "4 digits")
        guard case .known(let reason, let comments) = try #require(known.first) else {
            Issue.record("not known: \(known)")
            return
        }
        #expect(known.count == 1 && reason == "4 digits" && comments.count == 2)
        #expect(comments.allSatisfy { $0.hasSuffix("\n" + Rule.phone3.hint) })
        let unlisted = ConformanceIssue.issues(of: result, knownIssue: nil)
        #expect(unlisted == comments.map(ConformanceIssue.failure))
    }
}
