import ConformanceKit
import Foundation
import ReferenceAuth

/// `swift run conformance [--json] [--defects | --defect NAME] [--watchdog SECONDS]`
struct Arguments {
    var json = false
    var defects = false
    var defect: Defect?
    var watchdog = Duration.seconds(10)

    static let usage = """
        usage: conformance [--json] [--defects | --defect NAME] [--watchdog SECONDS]

          (no flags)     run the whole rule catalogue against ReferenceAuth and print the conformance table
          --json         print the machine-readable report instead of the table
          --defects      run the catalogue against every defect of ReferenceAuth and show which rules caught it
          --defect NAME  run the catalogue against ReferenceAuth with one defect, to see how a failure reads
          --watchdog     real seconds a single check may take before it is failed as hung (default 10)

        Exit status: 0 when every MUST rule passes (with --defects: when every defect is caught by one of
        its own rules), 1 otherwise, 64 for a usage error.
        """

    init(_ arguments: [String]) throws(UsageError) {
        var remaining = arguments[...]
        while let argument = remaining.popFirst() {
            switch argument {
            case "--json": json = true
            case "--defects": defects = true
            case "--defect":
                guard let name = remaining.popFirst(), let defect = Defect(rawValue: name) else {
                    throw UsageError("--defect needs one of: \(Defect.allCases.map(\.rawValue).joined(separator: ", "))")
                }
                self.defect = defect
            case "--watchdog":
                guard let value = remaining.popFirst(), let seconds = Double(value), seconds > 0, seconds.isFinite else {
                    throw UsageError("--watchdog needs a positive number of seconds")
                }
                watchdog = .milliseconds(Int64(seconds * 1000))
            case "-h", "--help": throw UsageError(nil)
            default: throw UsageError("unknown argument \"\(argument)\"")
            }
        }
    }
}

struct UsageError: Error {
    let message: String?
    init(_ message: String?) { self.message = message }
}

struct DefectReport: Codable {
    let defects: [DefectFinding]
}

func printJSON(_ value: some Encodable) {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    print(String(decoding: (try? encoder.encode(value)) ?? Data("{}".utf8), as: UTF8.self))
}

func defectTable(_ findings: [DefectFinding]) -> String {
    let width = max(6, findings.map(\.name.count).max() ?? 0)
    let pad = { (text: String, width: Int) in text + String(repeating: " ", count: max(0, width - text.count)) }
    var lines = [pad("DEFECT", width) + "  " + pad("RULES", 18) + "  RESULT      CAUGHT BY"]
    for finding in findings {
        let rules = finding.rules.map(\.rawValue).joined(separator: ", ")
        let caught = finding.caughtBy.map(\.rawValue).joined(separator: ", ")
        lines.append(pad(finding.name, width) + "  " + pad(rules, 18) + "  " + pad(finding.isCaught ? "caught" : "NOT CAUGHT", 10) + "  " + caught)
    }
    let missed = findings.filter { !$0.isCaught }.count
    lines.append("")
    lines.append("\(findings.count) defects: \(findings.count - missed) caught by one of their own rules, \(missed) not caught")
    return lines.joined(separator: "\n")
}

let arguments: Arguments
do {
    arguments = try Arguments(Array(CommandLine.arguments.dropFirst()))
} catch {
    if let message = error.message {
        FileHandle.standardError.write(Data("conformance: \(message)\n\n\(Arguments.usage)\n".utf8))
        exit(64)
    }
    print(Arguments.usage)
    exit(0)
}

let options = ConformanceRunner.Options(watchdog: arguments.watchdog)
if arguments.defects {
    let findings = await (try DefectAudit(options: options)).run(Defect.variants, against: RuleCatalogue.all)
    if arguments.json { printJSON(DefectReport(defects: findings)) } else { print(defectTable(findings)) }
    exit(findings.allSatisfy(\.isCaught) ? 0 : 1)
} else {
    let subject = ReferenceSubject(defects: arguments.defect.map { [$0] } ?? [])
    let report = await (try ConformanceRunner(subject: subject, options: options)).run()
    if arguments.json { printJSON(report) } else { print(ReportTable(report).rendered) }
    exit(report.failedMustRules.isEmpty ? 0 : 1)
}
