/// The human-readable audit: one row per variant, whether one of its own rules caught it, and which rules did.
public struct DefectTable: Sendable {
    public let findings: [DefectFinding]

    public init(_ findings: [DefectFinding]) { self.findings = findings }

    public var rendered: String {
        let width = max(6, findings.map(\.name.count).max() ?? 0)
        var lines = [pad("DEFECT", width) + "  " + pad("RULES", 18) + "  RESULT      CAUGHT BY"]
        for finding in findings {
            let rules = finding.rules.map(\.rawValue).joined(separator: ", ")
            let caught = finding.caughtBy.map(\.rawValue).joined(separator: ", ")
            let result = pad(finding.isCaught ? "caught" : "NOT CAUGHT", 10)
            lines.append(pad(finding.name, width) + "  " + pad(rules, 18) + "  " + result + "  " + caught)
        }
        let missed = findings.count { !$0.isCaught }
        lines.append("")
        lines.append("\(findings.count) defects: \(findings.count - missed) caught by one of their own rules, \(missed) not caught")
        return lines.joined(separator: "\n")
    }

    private func pad(_ text: String, _ width: Int) -> String {
        text + String(repeating: " ", count: max(0, width - text.count))
    }
}

/// The machine-readable audit (`--defects --json`).
public struct DefectReport: Sendable, Hashable, Codable {
    public let defects: [DefectFinding]

    public init(defects: [DefectFinding]) { self.defects = defects }
}
