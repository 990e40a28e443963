import ConformanceCommand
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

@Suite("The command's expected failures against the reference")
struct ExpectedFailuresCommandTests {
    private func run(_ arguments: [String], listing list: String) async throws -> CommandOutcome {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("\(UUID().uuidString)-expected.txt")
        try Data(list.utf8).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        return await ConformanceCommand.run(
            subject: ReferenceSubject(), variants: Defect.variants,
            arguments: arguments + ["--expected-failures", url.path])
    }

    @Test("known: exit 0; fixed: exit 1 with what to do; unlisted: exit 1")
    func outcomes() async throws {
        let known = try await run(
            ["--defect", "sendsFourDigitCodes", "--rule", "PHONE-3"], listing: "PHONE-3 4 digits until v2")
        #expect(known.status == 0 && known.output.contains("PHONE-3 MUST    FAIL (known)"))
        let fixed = try await run(["--rule", "PHONE-3", "--markdown"], listing: "PHONE-3 4 digits until v2")
        #expect(fixed.status == 1)
        #expect(
            fixed.output.contains(
                "**listed as an expected failure (4 digits until v2), but it passes now: remove it from the list**"))
        let unlisted = try await run(
            ["--defect", "sendsFourDigitCodes", "--rule", "PHONE-3"], listing: "PHONE-8 not run here")
        #expect(unlisted.status == 1)
    }
}
