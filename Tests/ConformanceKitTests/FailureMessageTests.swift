import ConformanceKit
import ReferenceAuth
import ReferenceTestSupport
import Testing

/// A failure must say which rule, what the subject did, and what reached the outside world: its message and its fields,
/// as the reports show them.
@Suite("Failure messages name the rule and show the evidence")
struct FailureMessageTests {
    /// The options are the default ones: a hanging reference is found the moment nothing of the check can run,
    /// also while the rest of the suite runs beside it.
    private func failure(of ruleID: RuleID, with defect: Defect) async throws -> String {
        try await failedCheck(of: ruleID, with: defect).detailLines.joined(separator: "\n")
    }

    /// The first check of the rule that the defect fails, with its fields.
    private func failedCheck(of ruleID: RuleID, with defect: Defect) async throws -> CheckResult {
        let rule = try #require(RuleCatalogue.rule(ruleID))
        let result = await (try ConformanceRunner(subject: ReferenceSubject(defects: [defect]))).run(rule)
        let failed = try #require(result.checks.first { $0.status == .fail || $0.status == .warn })
        #expect(
            failed.message?.contains("\n") == false,
            "the message is one sentence; the evidence is in the failure's fields")
        return failed
    }

    @Test("a 4-digit code is shown with the SMS text in the actual field, and the transcript")
    func fourDigitCode() async throws {
        let check = try await failedCheck(of: "PHONE-3", with: .sendsFourDigitCodes)
        #expect(check.message == "PHONE-3: the SMS to +16505550101 does not hold one 6-digit code")
        #expect(check.failure?.expected == "one 6-digit code (repeating it is fine)")
        #expect(
            check.failure?.actual == #"no 6-digit code in "0723 is your verification code for Conformance Demo." "#
                + #"(runs of digits: ["0723"])"#)
        let text = check.detailLines.joined(separator: "\n")
        #expect(text.contains("world transcript:"))
        #expect(text.contains("SMS to +16505550101"))
    }

    @Test("a number without its + is named in the failure")
    func reformattedNumber() async throws {
        let failure = try #require(try await failedCheck(of: "PHONE-3", with: .sendsSMSToReformattedNumber).failure)
        #expect(failure.expected == "exactly one SMS to +16505550101")
        #expect(failure.actual?.hasPrefix("none; unread besides: SMS to 16505550101 ") == true)
    }

    @Test("a generic error is named with its code")
    func genericError() async throws {
        let issues = try #require(
            try await failedCheck(of: "AUTH-1", with: .reportsPartyFailuresAsInternalErrors).failure?.issues)
        let issue = try #require(issues.first)
        #expect(issue.message.hasSuffix("failed with a generic error"))
        #expect(issue.expected == "a specific error of the taxonomy, with a message")
        #expect(issue.actual == "internalError [17999], no message")
    }

    @Test("a caller that sets no deadline is reported as a hang, with the stalled party and what the check waited for")
    func hang() async throws {
        let message = try await failure(of: "AUTH-2", with: .waitsForeverForTheSMSCarrier)
        #expect(
            message.contains(
                """
                the check can no longer move while waiting for verifyPhoneNumber with the SMS carrier stalled to give \
                up
                """))
        #expect(message.contains("the SMS carrier has been stalling since t+0s"))
    }

    @Test("a caller that waits twice the timeout is reported with the exact virtual time it waited")
    func lateTimeout() async throws {
        let failure = try #require(try await failedCheck(of: "AUTH-2", with: .waitsTwiceTheTimeout).failure)
        #expect(failure.expected == "networkError within 20s of virtual time")
        #expect(failure.actual == "networkError after 40s of virtual time")
    }

    @Test("a listener that is never called is named in the hang's failure")
    func silentListener() async throws {
        let message = try await failure(of: "AUTH-3", with: .notifiesOnlyFirstListener)
        #expect(message.contains("while waiting for ID-token listener 2 of 3 to hear the sign-in"))
    }

    @Test("a SHOULD rule that is not met warns instead of failing")
    func shouldWarns() async throws {
        let rule = try #require(RuleCatalogue.rule("PHONE-17"))
        let result = await (try ConformanceRunner(subject: ReferenceSubject(defects: [.noVerificationRateLimit]))).run(
            rule)
        #expect(result.status == .warn)
    }
}
