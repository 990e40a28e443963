import ConformanceKit
import ReferenceAuth
import Testing

/// Any flow makes the first user: a subject that offers only email link, GitHub and Apple (no phone, no password
/// multi-factor) is still judged on the rules about users, from a user of one of its flows.
@Suite("A subject offering only email link, GitHub and Apple")
struct AnyFlowFirstUserTests {
    @Test("the rules about users apply to it and pass; only the phone and multi-factor rules do not apply")
    func rulesAboutUsersApply() async throws {
        let subject = ReferenceSubject(variations: [.emailLinkGitHubAppleOnly])
        #expect(subject.capabilities.flows == [.emailLink, .oauth, .apple])
        let report = await (try ConformanceRunner(subject: subject)).run()
        let status = Dictionary(uniqueKeysWithValues: report.results.map { ($0.rule, $0.status) })
        for rule in ["AUTH-3", "AUTH-4", "OAUTH-9", "APPLE-9", "LINK-12"] {
            #expect(
                status[RuleID(rawValue: rule)] == .pass,
                "\(rule): \(report.results.first { $0.rule == RuleID(rawValue: rule) }?.summary ?? "not run")")
        }
        let notApplicable = Set(report.results.filter { $0.status == .notApplicable }.map(\.rule.rawValue))
        let phoneAndMFA = Set(
            RuleCatalogue.all.filter { $0.flow == .phone || $0.flow == .multiFactor }.map(\.id.rawValue))
        #expect(
            notApplicable == phoneAndMFA.union(Self.needPassword),
            "not applicable beyond phone and MFA: \(notApplicable.subtracting(phoneAndMFA).sorted())")
        let problems = report.results.filter { $0.status == .fail || $0.status == .warn }
        #expect(problems.isEmpty, "\(problems.map(\.summary).joined(separator: "\n\n"))")
    }

    /// Rules about passwords that would not apply: none, as `emailLink` implies `password` (its facets include
    /// `emailPassword`), so AUTH-5 and AUTH-8 apply too.
    static let needPassword: Set<String> = []
}
