import ConformanceKit
import Foundation
import MockIdP
import ReferenceTestSupport
import Testing

/// Declares phone sign-in, but its client offers no facet at all.
private struct FacetlessSubject: ConformanceSubject {
    var name: String { "Facetless" }
    var capabilities: Capabilities { Capabilities(flows: [.phone]) }

    func makeBackend(
        configuration: ProjectConfiguration, world: World
    ) async throws(ConfigurationError) -> any AuthBackend { StubBackend(client: StubClient()) }
}

@Suite("Adapter mistakes are told apart from rule failures")
struct AdapterPreflightTests {
    @Test(
        """
        a declared flow whose facet is missing is an adapter error for each of its checks, named, before any check \
        runs
        """)
    func missingFacet() async throws {
        let report = await (try ConformanceRunner(subject: FacetlessSubject())).run(RuleCatalogue.rules(in: .phone))
        let checks = report.results.flatMap(\.checks)
        let applicable = RuleCatalogue.rules(in: .phone).flatMap(\.checks).filter { $0.requirements.isEmpty }.count
        #expect(checks.count == RuleCatalogue.rules(in: .phone).flatMap(\.checks).count && applicable > 0)
        #expect(checks.filter { $0.failure?.kind == .adapterError }.count >= applicable)
        // Not applicable, or not judged for want of a seam (the world's network or keychain): decided before the
        // adapter is asked for anything.
        let unmet: Set<ConformanceStatus> = [.notApplicable, .notJudged]
        #expect(checks.allSatisfy { $0.failure?.kind == .adapterError || unmet.contains($0.status) })
        let failed = checks.filter { !unmet.contains($0.status) }
        #expect(failed.count >= applicable)
        #expect(
            failed.allSatisfy {
                $0.message?.contains("declares the phone flow, but its client's `phone` facet is nil") == true
            })
        #expect(failed.allSatisfy { $0.failure?.transcript.isEmpty == true })
    }

    @Test("a check that needs time to pass is not applicable to a subject that keeps real time, with the reason")
    func requirementNotDeclared() async throws {
        struct RealTime: ConformanceSubject {
            var name: String { "RealTime" }
            var capabilities: Capabilities { Capabilities(flows: [.phone], runsOnWorldClock: false) }
            func makeBackend(
                configuration: ProjectConfiguration, world: World
            ) async throws(ConfigurationError) -> any AuthBackend { StubBackend(client: StubClient()) }
        }
        let result = await (try ConformanceRunner(subject: RealTime())).run(Rule.phone8)
        #expect(result.checks.map(\.status).contains(.notApplicable))
    }

    @Test("a failure is data in the JSON report: kind, expected, actual, location and transcript")
    func structuredFailure() throws {
        let failure = CheckResult.Failure(
            kind: .assertion, expected: "invalidPhoneNumber [17042]", actual: "success",
            location: CheckLocation(filePath: "/src/AuthConformance/Sources/ConformanceKit/X.swift", line: 7),
            transcript: ["#1 t+0s SMS to +16505550101"])
        let result = CheckResult(id: "PHONE-2/c", name: "c", status: .fail, message: "m", failure: failure)
        let json = try #require(try JSONSerialization.jsonObject(with: JSONEncoder().encode(result)) as? [String: Any])
        let fields = try #require(json["failure"] as? [String: Any])
        #expect(fields["kind"] as? String == "assertion")
        #expect(fields["expected"] as? String == "invalidPhoneNumber [17042]")
        #expect(fields["actual"] as? String == "success")
        #expect((fields["location"] as? [String: Any])?["line"] as? Int == 7)
        #expect(
            (fields["location"] as? [String: Any])?["filePath"] as? String
                == "/src/AuthConformance/Sources/ConformanceKit/X.swift")
        #expect(fields["issues"] as? [Any] != nil)
        #expect(fields["transcript"] as? [String] == ["#1 t+0s SMS to +16505550101"])
    }
}
