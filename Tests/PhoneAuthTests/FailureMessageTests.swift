import ConformanceKit
import ReferenceAuth
import Testing

/// A failure must say which rule, what the subject did, and what reached the outside world.
@Suite("Failure messages name the rule and show the evidence")
struct FailureMessageTests {
    private func failure(of ruleID: RuleID, with defect: Defect) async throws -> String {
        let rule = try #require(RuleCatalogue.rule(ruleID))
        let result = await (try ConformanceRunner(subject: ReferenceSubject(defects: [defect]))).run(rule)
        let failed = try #require(result.checks.first { $0.status == .fail || $0.status == .warn })
        return try #require(failed.message)
    }

    @Test("a 4-digit code is shown with the SMS text and the transcript")
    func fourDigitCode() async throws {
        let message = try await failure(of: "PHONE-3", with: .sendsFourDigitCodes)
        #expect(message.hasPrefix("PHONE-3: "))
        #expect(message.contains("4-digit code"))
        #expect(message.contains("world transcript:"))
        #expect(message.contains("SMS to +16505550101"))
    }

    @Test("a number without its + is named in the failure")
    func reformattedNumber() async throws {
        let message = try await failure(of: "PHONE-3", with: .sendsSMSToReformattedNumber)
        #expect(message.contains("\"16505550101\""))
    }

    @Test("a leaked party error is named as not an AuthError")
    func leakedError() async throws {
        let message = try await failure(of: "AUTH-1", with: .leaksPartyErrors)
        #expect(message.contains("PartyError"))
        #expect(message.contains("not an AuthError"))
    }

    @Test("a hang on a stalled carrier is reported with the virtual time waited")
    func hang() async throws {
        let message = try await failure(of: "AUTH-2", with: .waitsForeverForTheSMSCarrier)
        #expect(message.contains("still waiting"))
        #expect(message.contains("kept the caller waiting for 3600s"))
    }

    @Test("a SHOULD rule that is not met warns instead of failing")
    func shouldWarns() async throws {
        let rule = try #require(RuleCatalogue.rule("PHONE-17"))
        let result = await (try ConformanceRunner(subject: ReferenceSubject(defects: [.noVerificationRateLimit]))).run(rule)
        #expect(result.status == .warn)
    }
}
