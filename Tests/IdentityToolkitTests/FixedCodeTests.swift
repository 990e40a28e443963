import ConformanceKit
import IdentityToolkitSubject
import ReferenceAuth
import Testing

/// A production project has no text outbox, but its console's test numbers sign in with fixed codes. Declared with
/// their codes, the numbers the multi-factor checks text let those checks run on the fixed codes: the suite delivers
/// each verification's code itself, as the text the server does not send. The phone rules, which judge the texts,
/// stay not applicable.
@Suite("A server whose test numbers are the multi-factor checks' numbers is judged on multi-factor without texts")
struct FixedCodeTests {
    /// The multi-factor checks' numbers, each a test number with a code of its own.
    static let numbers = PhoneNumbers.fixedCodeNumbers.sorted().enumerated().map { index, number in
        TestPhoneNumber(number, code: String(123_450 + index))
    }

    static func results(
        _ rules: [RuleID], defects: Set<Defect> = [], numbers: [TestPhoneNumber] = numbers, declaring: Bool = true
    ) async throws -> [CheckResult] {
        let subject = try await TestPhoneNumberTests.subject(defects: defects, numbers: numbers, declaring: declaring)
        #expect(subject.capabilities.fixedCodeNumbers == (declaring ? PhoneNumbers.fixedCodeNumbers : []))
        let report = await (try ConformanceRunner(subject: subject, options: .overHTTP)).run(RuleCatalogue.rules(rules))
        return report.results.flatMap(\.checks)
    }

    static var multiFactorRules: [RuleID] { RuleCatalogue.all.filter { $0.flow == .multiFactor }.map(\.id) }

    @Test("declared, every multi-factor check that needs no clock and no other flow is judged and passes")
    func declared() async throws {
        let checks = try await Self.results(Self.multiFactorRules + ["PHONE-3"])
        let failures = checks.filter { $0.status == .fail || $0.status == .warn || $0.status == .notJudged }
        #expect(failures.isEmpty, "\(failures.map { "\($0.id): \($0.message ?? "")" })")
        let multiFactor = checks.filter { $0.id.rule.rawValue.hasPrefix("MFA-") }
        for check in multiFactor where check.status == .notApplicable {
            let message = check.message ?? ""
            #expect(
                message.contains("time on the world's clock") || message.contains("does not declare the oauth flow")
                    || message.contains("does not declare the apple flow"), "\(check.id): \(message)")
        }
        #expect(multiFactor.filter { $0.status == .pass }.count >= 30, "\(multiFactor.map(\.status))")
        // The phone rules judge the texts themselves: without a text outbox they stay not applicable.
        let phone = checks.filter { $0.id.rule == "PHONE-3" }
        #expect(!phone.isEmpty && phone.allSatisfy { $0.status == .notApplicable })
    }

    @Test("with a config API the suite sets the test numbers itself: multi-factor is judged with nothing declared")
    func configAPI() async throws {
        let fake = HooklessServer()
        let (subject, findings) = try await fake.subject.preflighted()
        #expect(findings.configAPI && !findings.textOutbox, "\(findings)")
        #expect(subject.capabilities.fixedCodeNumbers == PhoneNumbers.fixedCodeNumbers)
        let report = await (try ConformanceRunner(subject: subject, options: .overHTTP)).run(
            RuleCatalogue.rules(Self.multiFactorRules))
        let checks = report.results.flatMap(\.checks)
        let failures = checks.filter { $0.status == .fail || $0.status == .warn || $0.status == .notJudged }
        #expect(failures.isEmpty, "\(failures.map { "\($0.id): \($0.message ?? "")" })")
        #expect(checks.filter { $0.status == .pass }.count >= 30, "\(checks.map(\.status))")
        // The test numbers were set through the config API, with the suite's codes.
        #expect(
            fake.server.requests.contains { request in
                request.method == "PATCH" && request.url.path.hasSuffix("/config")
                    && String(decoding: request.body, as: UTF8.self).contains(PhoneNumbers.uk)
            })
    }

    @Test("one code for every test number, as consoles are often set, judges the same")
    func oneCodeForAll() async throws {
        let same = PhoneNumbers.fixedCodeNumbers.sorted().map { TestPhoneNumber($0, code: "123456") }
        let checks = try await Self.results(["MFA-3", "MFA-11"], numbers: same)
        let failures = checks.filter { $0.status == .fail || $0.status == .warn }
        #expect(failures.isEmpty, "\(failures.map { "\($0.id): \($0.message ?? "")" })")
    }

    @Test("undeclared, the multi-factor checks are not applicable and say which numbers to declare")
    func undeclared() async throws {
        let check = try #require(try await Self.results(["MFA-10"], declaring: false).first)
        #expect(check.status == .notApplicable, "\(check.status)")
        #expect(
            check.message?.contains("--test-phone-number") == true && check.message?.contains(PhoneNumbers.uk) == true,
            "\(check.message ?? "")")
    }

    @Test(
        "a planted flaw of multi-factor fails its check on the fixed codes",
        arguments: [
            (Defect.resolveAcceptsWrongCode, "MFA-10/wrong-code-refused" as CheckID),
            (.resolvesWithFirstFactorVerification, "MFA-11/first-factor-code"),
            (.masksOnlyMiddleDigits, "MFA-7/masked-by-country-code"),
            (.enrollmentVerificationsReusable, "MFA-3/verification-single-use"),
        ])
    func plantedFlaw(_ defect: Defect, caughtBy check: CheckID) async throws {
        let result = try #require(try await Self.results([check.rule], defects: [defect]).first { $0.id == check })
        #expect(result.status == .fail, "\(defect.rawValue): \(result.status) \(result.message ?? "")")
    }
}
