import ConformanceCommand
import ConformanceKit
import Foundation
import ReferenceTestSupport
import Testing

/// A subject that crashes the process still gets its report: the checks it crashed in are `crash`, with the signal
/// and the runtime's message, and every other rule is judged. `crashing-subject` (Examples/CrashingSubject) is the
/// reference whose `signOut()` resumes its continuation twice. The whole catalogue runs in the long version
/// (``LongTests``); `swift test` runs the rules the expectations name and a rule of each other flow.
@Suite("When the subject crashes")
struct CrashReportTests {
    /// The rules of the short version's whole-catalogue runs: AUTH-3 signs out, PHONE-1 and PHONE-2 never do.
    static let rules =
        LongTests.inFull
        ? RuleCatalogue.all
        : RuleCatalogue.rules(["AUTH-3", "PHONE-1", "PHONE-2", "MFA-1", "LINK-1", "OAUTH-1", "APPLE-1"])
    static let ruleArguments = LongTests.inFull ? [] : rules.flatMap { ["--rule", $0.id.rawValue] }

    @Test("the JSON report has every rule: the checks that sign out are crash, the others judged")
    func json() async throws {
        let (output, status) = try await run(["--json"] + Self.ruleArguments)
        #expect(status == 1)
        let report = try JSONDecoder().decode(ConformanceReport.self, from: Data(output.utf8))
        #expect(report.results.map(\.rule) == Self.rules.map(\.id))
        let signOut = try #require(report.results.first { $0.rule == "AUTH-3" }?.checks.first)
        #expect(signOut.failure?.kind == .crash)
        #expect(signOut.failure?.actual == "signal 4 (SIGILL)" || signOut.failure?.actual == "signal 5 (SIGTRAP)")
        #expect(
            signOut.failure?.transcript.contains { $0.contains("tried to resume its continuation more than once") }
                == true)
        #expect(
            report.results.first { $0.rule == "PHONE-1" }?.status == .pass,
            "a rule that never signs out is judged as usual")
        #expect(report.results.first { $0.rule == "PHONE-2" }?.status == .pass)
    }

    @Test("the JUnit report names the crash as the failure's type")
    func junit() async throws {
        let (output, _) = try await run(["--junit", "--rule", "AUTH-3", "--rule", "PHONE-2"])
        #expect(output.contains(#"type="crash""#))
        #expect(
            output.contains(#"<testsuite name="phone" tests="1" failures="0""#), "PHONE-2 is judged beside the crash")
    }

    @Test(
        "a late second resume is blamed on the checks it belongs to, run after run, and on no other", arguments: 1...2)
    func lateResume(run number: Int) async throws {
        // In the short version the rules of the whole-catalogue runs and PHONE-10, whose checks the resume belongs to.
        let rules = LongTests.inFull ? [] : Self.ruleArguments + ["--rule", "PHONE-10"]
        let (output, status) = try await run(["--variant", "languageCodeResumesAgainLate", "--json"] + rules)
        #expect(status == 1)
        let report = try JSONDecoder().decode(ConformanceReport.self, from: Data(output.utf8))
        let failed = report.results.flatMap(\.checks).filter { $0.status == .fail || $0.status == .warn }.map(\.id)
        #expect(failed == ["PHONE-10/french-sms", "PHONE-10/german-sms"], "run \(number)")
        #expect(
            report.results.flatMap(\.checks).filter { $0.status == .fail }.allSatisfy { $0.failure?.kind == .crash })
    }

    @Test("the variant audit of a variant that crashes prints the whole audit, the crash as its catch")
    func auditOfCrashingVariant() async throws {
        let (output, status) = try await run(["audit"])
        #expect(status == 0)
        #expect(output.contains("languageCodeResumesAgainLate"))
        #expect(output.contains("1 caught by the check meant for them, 0 not caught"))
    }

    /// Worker results travel on a channel of the command's own, so a subject that prints on every call (half lines,
    /// lines that look like results) gets exactly the verdicts of a quiet one, and what it printed reaches standard
    /// error, not the report.
    @Test("a subject that prints on every call, to standard output and error, is judged as the quiet reference is")
    func printingSubject() async throws {
        let (printed, status) = try await run(
            ["--json"] + Self.ruleArguments, environment: ["CRASHING_SUBJECT": "printing"])
        #expect(status == 0, "the printing reference passes as the reference does")
        let report = try JSONDecoder().decode(ConformanceReport.self, from: Data(printed.utf8))
        #expect(report.subject == "PrintingSubject")
        #expect(report.results.map(\.rule) == Self.rules.map(\.id))
        let (silent, _) = try await run(["--json"] + Self.ruleArguments, environment: ["CRASHING_SUBJECT": "quiet"])
        let quiet = try JSONDecoder().decode(ConformanceReport.self, from: Data(silent.utf8))
        let verdicts = { (report: ConformanceReport) in report.results.flatMap(\.checks).map { "\($0.id) \($0.status)" }
        }
        #expect(verdicts(report) == verdicts(quiet))
    }

    /// `HangingSubject`'s `signOut()` never returns and blocks every later call in its process, so that in one worker
    /// every check after the first sign-out would hang too: each hang retires its worker, and the next check runs in a
    /// new one.
    @Test("a check that hangs retires its worker: only the checks that sign out hang, the next ones are judged")
    func hangRetiresTheWorker() async throws {
        let (output, status) = try await run(
            ["--rule", "AUTH-3", "--rule", "AUTH-8", "--json"], environment: ["CRASHING_SUBJECT": "hanging"])
        #expect(status == 1)
        let report = try JSONDecoder().decode(ConformanceReport.self, from: Data(output.utf8))
        #expect(report.subject == "HangingSubject")
        let checks = report.results.flatMap(\.checks)
        let hung = checks.filter { $0.failure?.kind == .hang }.map(\.id.description)
        let signsOut = [
            "AUTH-3/three-listeners", "AUTH-3/sign-out-during-refresh", "AUTH-3/sign-out-refresh-answer-held",
            "AUTH-8/email-in-use",
        ]
        #expect(Set(hung).isSubset(of: Set(signsOut)) && hung.contains("AUTH-8/email-in-use"), "\(hung)")
        for judged in ["AUTH-8/weak-password", "AUTH-8/malformed-emails"] {
            #expect(
                checks.first { $0.id.description == judged }?.status == .pass, "\(judged) is judged in a new worker")
        }
    }

    @Test("a dead worker's checks are split in order into parts whose sizes differ by one at most")
    func parts() {
        for total in 0...20 {
            let checks = Array(0..<total)
            for count in 1...8 {
                let parts = checks.parts(count)
                #expect(parts.flatMap { $0 } == checks, "\(total) in \(count)")
                #expect(parts.count == min(count, total), "\(total) in \(count)")
                let sizes = parts.map(\.count)
                #expect((sizes.max() ?? 0) - (sizes.min() ?? 0) <= 1 && !sizes.contains(0), "\(total) in \(count)")
            }
        }
    }

    /// What the command printed on standard output, and its exit status.
    private func run(_ arguments: [String], environment: [String: String?] = [:]) async throws -> (String, Int32) {
        let executable = try #require(
            BuiltExecutable("crashing-subject"), "the crashing-subject executable was not built beside the tests")
        let outcome = try await executable.run(arguments, environment: environment)
        return (outcome.output, outcome.status)
    }
}
