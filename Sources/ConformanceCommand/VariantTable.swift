import ConformanceKit

/// The human-readable audit: one row per variant, whether the check meant for it caught it, how, and which check;
/// for a variant not caught, what was expected and what failed instead.
package struct VariantTable: Sendable {
    package let findings: [VariantFinding]

    package init(_ findings: [VariantFinding]) { self.findings = findings }

    package var rendered: String {
        let width = max(7, findings.map(\.name.count).max() ?? 0)
        var lines = [pad("VARIANT", width) + "  " + pad("RULES", 18) + "  RESULT      KIND        CAUGHT BY"]
        for finding in findings {
            let rules = finding.rules.map(\.rawValue).joined(separator: ", ")
            let result = pad(finding.isCaught ? "caught" : "NOT CAUGHT", 10)
            let catches = finding.catches
            let kinds = Set(catches.map { $0.kind?.rawValue ?? $0.status.rawValue }).sorted().joined(separator: ", ")
            let caught = finding.miss ?? catches.map(\.check.description).joined(separator: "; ")
            lines.append(
                pad(finding.name, width) + "  " + pad(rules, 18) + "  " + result + "  " + pad(kinds, 10) + "  " + caught
            )
        }
        let missed = findings.count { !$0.isCaught }
        lines.append("")
        lines.append(
            """
            \(findings.count) variants: \(findings.count - missed) caught by the check meant for them, \(missed) not \
            caught
            """)
        return lines.joined(separator: "\n")
    }

    private func pad(_ text: String, _ width: Int) -> String {
        text + String(repeating: " ", count: max(0, width - text.count))
    }
}

/// The machine-readable audit (`audit --json`).
package struct VariantReport: Sendable, Hashable, Codable {
    /// The version of the JSON's shape, which `schemas/audit.schema.json` describes.
    package var schemaVersion = 1
    package let variants: [VariantFinding]

    package init(variants: [VariantFinding]) { self.variants = variants }
}
