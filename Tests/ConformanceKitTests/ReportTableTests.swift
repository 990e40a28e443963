import ConformanceKit
import Testing

@Suite("The conformance table")
struct ReportTableTests {
    @Test("a failed rule's details show its hint and where it comes from")
    func failedRuleDetails() {
        let report = ConformanceReport(
            subject: "S",
            results: [
                RuleResult(
                    rule: Rule.phone8, checks: [CheckResult(id: "PHONE-8/c", name: "c", status: .fail, message: "m")])
            ], durationSeconds: 0.25)
        let details = ReportTable(report).rendered.components(separatedBy: "\nDetails\n").last ?? ""
        #expect(details.contains("PHONE-8 [MUST] FAIL"))
        #expect(details.contains("\n  PHONE-8/c “c” [fail]: m\n"))
        #expect(details.contains("  hint: \(Rule.phone8.hint)"))
        for source in Rule.phone8.sources {
            #expect(details.contains("  source: \(source.title)"))
            #expect(details.contains(source.url.absoluteString))
            if let section = source.section { #expect(details.contains(section)) }
        }
    }

    @Test("a passing rule has no details, so no hint")
    func passingRule() {
        let report = ConformanceReport(
            subject: "S",
            results: [RuleResult(rule: Rule.phone8, checks: [CheckResult(id: "PHONE-8/c", name: "c", status: .pass)])],
            durationSeconds: 0.25)
        let table = ReportTable(report).rendered
        #expect(!table.contains("Details") && !table.contains(Rule.phone8.hint))
    }
}
