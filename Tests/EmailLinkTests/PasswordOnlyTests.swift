import ConformanceKit
import MockIdP
import ReferenceAuth
import Testing

/// The password rules apply to any subject that offers password sign-in: one that declares only
/// `.password` is judged on AUTH-5, AUTH-7 and AUTH-8, and declarations written before `Flow.password` existed
/// (`.multiFactor`, `.emailLink`) imply it.
@Suite("A password-only subject is judged on the password rules")
struct PasswordOnlyTests {
    /// The reference, declaring email and password sign-in only.
    struct PasswordOnlySubject: ConformanceSubject {
        let reference = ReferenceSubject()
        var name: String { "the reference, password only" }
        var capabilities: Capabilities {
            var capabilities = reference.capabilities
            capabilities.flows = [.password]
            return capabilities
        }

        func makeBackend(
            configuration: ProjectConfiguration, world: World
        ) async throws(ConfigurationError) -> any AuthBackend {
            try await reference.makeBackend(configuration: configuration, world: world)
        }
    }

    @Test("AUTH-5, AUTH-7 and AUTH-8 apply and pass; only AUTH-7's check of a second factor is not applicable")
    func passwordRulesApply() async throws {
        let report = await (try ConformanceRunner(subject: PasswordOnlySubject())).run([.auth5, .auth7, .auth8])
        for result in report.results {
            #expect(result.status == .pass, "\(result.summary)")
            let notApplicable = result.checks.filter { $0.status == .notApplicable }.map(\.id.description)
            #expect(notApplicable == (result.rule.rawValue == "AUTH-7" ? ["AUTH-7/refresh-keeps-factors"] : []))
        }
    }

    @Test("multiFactor and emailLink imply password; phone, OAuth and Apple do not")
    func implied() {
        #expect(Capabilities(flows: [.multiFactor]).implements(.password))
        #expect(Capabilities(flows: [.emailLink]).implements(.password))
        #expect(Capabilities(flows: [.password]).implements(.password))
        #expect(!Capabilities(flows: [.phone, .oauth, .apple]).implements(.password))
        #expect(!Capabilities(flows: [.password]).implements(.multiFactor))
    }
}
