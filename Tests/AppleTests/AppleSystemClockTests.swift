import ConformanceKit
import MockIdP
import ReferenceAuth
import Testing

/// A subject whose Apple verifier reads the system clock (vapor/jwt-kit's `AppleIdentityToken`) declares it; the
/// world's Apple then keeps real time, and only the checks that need Apple's time to move do not apply.
@Suite("An Apple verifier on the system clock")
struct AppleSystemClockTests {
    @Test("declared, it passes every Apple rule; only the check at the token's exp does not apply, and says why")
    func declared() async throws {
        let report = await (try ConformanceRunner(subject: ReferenceSubject(variations: [.appleVerifierOnSystemClock])))
            .run(RuleCatalogue.rules(in: .apple))
        for result in report.results { #expect(result.status == .pass, "\(result.rule): \(result.summary)") }
        let notApplicable = report.results.flatMap(\.checks).filter { $0.status == .notApplicable }
        #expect(notApplicable.map(\.id) == ["APPLE-5/exact-expiry"])
        #expect(notApplicable.allSatisfy { $0.message?.contains("system clock") == true })
    }

    @Test("undeclared, its tokens read as expired: the false failure the declaration removes")
    func undeclared() async throws {
        let result = await (try ConformanceRunner(subject: SystemClockVerifierUndeclared())).run(Rule.apple3)
        #expect(result.status == .fail)
        #expect(result.summary.contains("invalidCredential"), "\(result.summary)")
    }
}

/// The reference verifying Apple's tokens on the system clock without declaring it.
private struct SystemClockVerifierUndeclared: ConformanceSubject {
    let reference = ReferenceSubject(variations: [.appleVerifierOnSystemClock])

    var name: String { "ReferenceAuth verifying Apple tokens on the system clock, undeclared" }

    var capabilities: Capabilities {
        var capabilities = reference.capabilities
        capabilities.verifiesAppleTokensOnSystemClock = false
        return capabilities
    }

    func makeBackend(
        configuration: ProjectConfiguration, world: World
    ) async throws(ConfigurationError) -> any AuthBackend {
        try await reference.makeBackend(configuration: configuration, world: world)
    }
}
