import ConformanceTesting
import CrashingSubject
import Testing

/// In Swift Testing, a subject that crashes fails the rule it crashed in, not the test process: each rule runs in
/// an exit test (a child process of the test binary), as the README shows ("When the subject crashes"). The
/// crashing subject resumes a continuation twice in `signOut()`.
@Suite("A crashing subject fails the rule it crashed in, and the other rules are still judged")
struct CrashInSwiftTestingTests {
    @Test(
        """
        AUTH-3, whose checks sign out, ends its own process with a failure; PHONE-1, which never signs out, passes in \
        its own
        """)
    func crashFailsItsRule() async {
        let crashed = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            try await expectConformance(of: CrashingSubject(), to: .auth3)
        }
        let printed = String(decoding: crashed?.standardErrorContent ?? [], as: UTF8.self)
        #expect(printed.contains("tried to resume its continuation more than once"), "the child printed: \(printed)")
        await #expect(processExitsWith: .success) { try await expectConformance(of: CrashingSubject(), to: .phone1) }
    }

    @Test("the README's pattern: the rule's ID crosses into the child process, which judges that rule alone")
    func ruleByIDInChildProcess() async {
        let id: RuleID = "PHONE-3"
        await #expect(processExitsWith: .success) { [id = id as RuleID] in
            let rule = try #require(RuleCatalogue.rule(id))
            try await expectConformance(of: CrashingSubject(), to: rule)
        }
    }
}
