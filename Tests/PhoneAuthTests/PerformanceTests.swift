import ConformanceKit
import ReferenceAuth
import Testing

@Suite("The catalogue runs fast")
struct PerformanceTests {
    /// The budget is 0.5 s on a 2-core machine for the whole phone catalogue; the run is measured
    /// in the report. The bound here is generous because tests run in parallel with each other.
    @Test("the phone catalogue against the reference finishes in well under two seconds")
    func phoneCatalogue() async throws {
        let report = await (try ConformanceRunner(subject: ReferenceSubject())).run(RuleCatalogue.rules(in: .phone))
        #expect(report.failedMustRules.isEmpty)
        #expect(report.durationSeconds < 2, "took \(report.durationSeconds) s")
    }
}
