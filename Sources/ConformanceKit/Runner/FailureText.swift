/// A failure's fields as lines of plain text, which the table, the JUnit report, the markdown report, the stress gate
/// and `expectConformance` show under the check's one-sentence message: what was expected and what happened, where,
/// what the check waited for, every recorded issue, and the end of the world's transcript. Each format renders the
/// ``CheckResult/Failure`` value, never another format's text.
extension CheckResult.Failure {
    /// How many of the transcript's last entries the text shows; the JSON report holds them all.
    static let shownTranscriptEntries = 20

    package var lines: [String] {
        var lines = Self.fieldLines(expected: expected, actual: actual, location: location)
        if let waitingFor { lines.append("waiting for: \(waitingFor)") }
        for (index, issue) in issues.enumerated() {
            lines.append("issue \(index + 1) of \(issues.count): \(issue.message)")
            lines += Self.fieldLines(expected: issue.expected, actual: issue.actual, location: issue.location).map {
                "  " + $0
            }
        }
        // A check stopped before it ran (an adapter error found first, a worker that died) has no world to show.
        if !transcript.isEmpty || (kind != .adapterError && kind != .crash) {
            lines.append(kind == .crash ? "it printed:" : "world transcript:")
            lines += transcriptLines.map { "  " + $0 }
        }
        return lines
    }

    /// The transcript's last entries, numbered as the world numbered them.
    package var transcriptLines: [String] {
        guard !transcript.isEmpty else { return ["(nothing crossed the boundary)"] }
        let shown = transcript.suffix(Self.shownTranscriptEntries)
        let skipped = transcript.count - shown.count
        return (skipped > 0 ? ["… \(skipped) earlier entries"] : []) + shown
    }

    private static func fieldLines(expected: String?, actual: String?, location: CheckLocation?) -> [String] {
        field("expected", expected) + field("actual", actual) + field("at", location?.description)
    }

    /// `name: value`, a value of several lines indented under its first.
    private static func field(_ name: String, _ value: String?) -> [String] {
        guard let value else { return [] }
        let parts = value.split(separator: "\n", omittingEmptySubsequences: false)
        return ["\(name): \(parts[0])"] + parts.dropFirst().map { "  \($0)" }
    }
}

extension CheckResult {
    /// The message, then the failure's fields indented under it: the text every plain-text format shows for a check.
    package var detailLines: [String] { [message ?? ""] + (failure?.lines ?? []).map { "  " + $0 } }

    /// `PHONE-8/exact-lifetime “a code used at exactly its lifetime …”`: how every plain-text format names a check,
    /// by its ID, which never changes, and its sentence, which may.
    package var label: String { "\(id) “\(name)”" }

    /// The check's line in a rule's details: its label and status, whether it is listed, then its message (or, for a
    /// listed check that passes now, what to do), with the failure's fields under it.
    package var statusLines: [String] {
        var lines = detailLines
        switch expectedFailure?.outcome {
        case .known: lines[0] = "\(label) [\(status), known failure: \(expectedFailure?.described ?? "")]: \(lines[0])"
        case .fixed: lines = ["\(label) [\(status)]: " + ListedFailure.fixedNote(expectedFailure?.reason ?? "")]
        case .notApplicable, nil: lines[0] = "\(label) [\(status)]: \(lines[0])"
        }
        return lines
    }
}
