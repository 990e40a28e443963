import ConformanceKit

/// The benchmark's figures: min, median and max real time of each row, in milliseconds.
package struct BenchmarkReport: Sendable, Hashable, Codable {
    package struct Row: Sendable, Hashable, Codable {
        /// A flow (`phone`, `mfa`, …), `catalogue`, `variant audit` or `variant matrix`.
        package let name: String
        package let rules: Int
        /// How many variants ran (the variant audit and matrix only).
        package let variants: Int?
        package let milliseconds: Spread

        package init(name: String, rules: Int, variants: Int?, milliseconds: Spread) {
            self.name = name
            self.rules = rules
            self.variants = variants
            self.milliseconds = milliseconds
        }

        /// Rounded to the microsecond: finer digits are noise.
        init(name: String, rules: Int, variants: Int?, times: [Duration]) {
            self.init(
                name: name, rules: rules, variants: variants,
                milliseconds: Spread(times.map { ($0.seconds * 1_000_000).rounded() / 1000 }))
        }
    }

    package struct Spread: Sendable, Hashable, Codable {
        package let min: Double
        package let median: Double
        package let max: Double

        package init(min: Double, median: Double, max: Double) {
            self.min = min
            self.median = median
            self.max = max
        }

        /// The spread of `values`; all zero when there are none.
        package init(_ values: [Double]) {
            let sorted = values.sorted()
            guard let first = sorted.first, let last = sorted.last else {
                self.init(min: 0, median: 0, max: 0)
                return
            }
            let middle = sorted.count / 2
            let median = sorted.count.isMultiple(of: 2) ? (sorted[middle - 1] + sorted[middle]) / 2 : sorted[middle]
            self.init(min: first, median: median, max: last)
        }
    }

    package let subject: String
    package let repeats: Int
    /// `debug` or `release`: debug figures say little about the suite's real speed.
    package let build: String
    package let rows: [Row]
    /// The size in bytes of the report page of the whole catalogue with every check failing (it must stay under
    /// 2 MB); nil in a report that did not render it.
    package var reportPageBytes: Int?
    /// The version of the JSON's shape, which `schemas/bench.schema.json` describes.
    package var schemaVersion = 1

    package init(subject: String, repeats: Int, build: String = BenchmarkReport.currentBuild, rows: [Row]) {
        self.subject = subject
        self.repeats = repeats
        self.build = build
        self.rows = rows
    }

    package static var currentBuild: String {
        #if DEBUG
            "debug"
        #else
            "release"
        #endif
    }

    package var rendered: String {
        let nameWidth = max(4, rows.map(\.name.count).max() ?? 0)
        var lines = ["Benchmark of \(subject): each row timed \(repeats) times, \(build) build", ""]
        lines.append(
            pad("AREA", nameWidth) + leftPad("RULES", 7) + leftPad("VARIANTS", 10) + leftPad("MIN ms", 11)
                + leftPad("MEDIAN ms", 11) + leftPad("MAX ms", 11))
        for row in rows {
            let spread = row.milliseconds
            lines.append(
                pad(row.name, nameWidth) + leftPad("\(row.rules)", 7) + leftPad(row.variants.map(String.init) ?? "", 10)
                    + leftPad(formatted(spread.min), 11) + leftPad(formatted(spread.median), 11)
                    + leftPad(formatted(spread.max), 11))
        }
        if let bytes = reportPageBytes {
            lines.append("")
            lines.append(
                "the report page with every check failing: \(bytes) bytes "
                    + (bytes < ReportPageBenchmark.budget ? "(under 2 MB)" : "(OVER 2 MB)"))
        }
        if build == "debug" {
            lines.append("")
            lines.append("(a debug build: `swift run -c release conformance bench` gives the figures that matter)")
        }
        return lines.joined(separator: "\n")
    }

    private func pad(_ text: String, _ width: Int) -> String {
        text + String(repeating: " ", count: Swift.max(0, width - text.count))
    }

    private func leftPad(_ text: String, _ width: Int) -> String {
        String(repeating: " ", count: Swift.max(0, width - text.count)) + text
    }

    /// One decimal: `12.3`.
    private func formatted(_ milliseconds: Double) -> String {
        let tenths = Int((milliseconds * 10).rounded())
        return "\(tenths / 10).\(tenths % 10)"
    }
}
