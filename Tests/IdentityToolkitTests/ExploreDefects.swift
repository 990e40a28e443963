import ConformanceKit
import Foundation
import IdentityToolkitSubject
import ReferenceAuth
import Testing

@Test func exploreDefects() async throws {
    let variants = Defect.allCases.map { defect in
        AuditVariant(name: defect.rawValue, rules: defect.rules, summary: defect.summary, subject: httpSubject(defects: [defect]).0)
    }
    let findings = await (try DefectAudit(options: ConformanceRunner.Options(watchdog: .seconds(3)))).run(variants)
    for finding in findings where !finding.isCaught { print("UNCAUGHT \(finding.name) \(finding.rules)") }
    print("UNCAUGHT TOTAL \(findings.filter { !$0.isCaught }.count) of \(findings.count)")
}
