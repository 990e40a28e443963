import ConformanceKit

/// What the stress gate found: every check whose status was not the same in every run.
package struct StressReport: Sendable, Hashable, Encodable {
    package struct Difference: Sendable, Hashable, Encodable {
        /// The check, by its ID: `PHONE-8/exact-lifetime`.
        package let check: CheckID
        /// The check's sentence.
        package let name: String
        /// How many runs gave each status.
        package let statuses: [ConformanceStatus: Int]
        /// The result of the first run (in run order) that did not pass: its message and its failure's fields.
        package let example: CheckResult?
        /// That run, counting from 1.
        package let exampleRun: Int?

        package init(
            check: CheckID, name: String, statuses: [ConformanceStatus: Int], example: CheckResult?, exampleRun: Int?
        ) {
            self.check = check
            self.name = name
            self.statuses = statuses
            self.example = example
            self.exampleRun = exampleRun
        }

        /// The check's rule.
        package var rule: RuleID { check.rule }

        /// `{"check", "name", "statuses", "example"}`: the run is in the text only.
        private enum CodingKeys: String, CodingKey { case check, name, statuses, example }
    }

    package let subject: String
    package let runs: Int
    package let parallel: Int
    /// The size of the catalogue that was run.
    package let rules: Int
    package let checks: Int
    package let differences: [Difference]
    /// The version of the JSON's shape, which `schemas/stress.schema.json` describes.
    package var schemaVersion = 1

    package init(subject: String, runs: Int, parallel: Int, rules: Int, checks: Int, differences: [Difference]) {
        self.subject = subject
        self.runs = runs
        self.parallel = parallel
        self.rules = rules
        self.checks = checks
        self.differences = differences
    }

    /// `{"schemaVersion", "runs", "parallel", "differences"}`: the subject and the catalogue's size are in the text
    /// only.
    private enum CodingKeys: String, CodingKey { case schemaVersion, runs, parallel, differences }

    /// `200 runs, 4 at once: 0 differing results (36 rules, 52 checks)`.
    package var summary: String {
        "\(counted(runs, "run")), \(parallel) at once: \(counted(differences.count, "differing result")) "
            + "(\(counted(rules, "rule")), \(counted(checks, "check")))"
    }

    /// Each difference with its counts and its first non-passing result (message and failure's fields), then the
    /// summary as the last line.
    package var rendered: String {
        var lines = ["Stress gate of \(subject): the catalogue \(runs) times, \(parallel) at once", ""]
        for difference in differences {
            let counts = [ConformanceStatus.pass, .fail, .warn, .notJudged, .notApplicable].compactMap { status in
                difference.statuses[status].map { "\($0) \(status)" }
            }
            lines.append("\(difference.check) “\(difference.name)”: \(counts.joined(separator: ", "))")
            if let example = difference.example {
                lines.append("  first run that did not pass (run \(difference.exampleRun ?? 0)):")
                lines.append(contentsOf: example.detailLines.map { "    \($0)" })
            }
            lines.append("")
        }
        lines.append(summary)
        return lines.joined(separator: "\n")
    }

    private func counted(_ count: Int, _ noun: String) -> String { "\(count) \(noun)\(count == 1 ? "" : "s")" }
}

/// Lets `statuses` encode as a JSON object keyed by status (`{"pass": 3, "fail": 1}`) instead of an array.
