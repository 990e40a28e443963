import ConformanceKit
import Foundation

/// The help, generated from the grammar's declarations: what `conformance --help`, `conformance help [SUBCOMMAND]` and
/// `conformance SUBCOMMAND --help` print, and the usage line a usage error shows.
extension CommandGrammar {
    /// The help of the whole command (`topic` nil) or of one subcommand, naming the subject it runs against.
    package func help(_ topic: String? = nil, subject: String) -> String {
        guard let topic, let subcommand = subcommand(named: topic) else { return overview(subject: subject) }
        var text = usage(of: subcommand, prefix: "usage: ") + "\n\n"
        text += Self.wrapped(
            subcommand.summary + "." + (subcommand.discussion.isEmpty ? "" : " " + subcommand.discussion))
        text += "\nSubject: \(subject).\n\nOptions:\n" + optionList(options(of: subcommand.name), showing: nil)
        return text + "\n" + Self.wrapped("Exit status: " + subcommand.exitStatus)
    }

    /// What fits a screen: the version, how to name a subcommand, the subject, what each subcommand does, and where
    /// the rest is (`conformance help SUBCOMMAND`: its usage line, its options and how it exits).
    private func overview(subject: String) -> String {
        var text = "AuthConformance \(SuiteVersion.current)\n\n"
        text += "usage: conformance [SUBCOMMAND] [OPTIONS]   (\(subcommands.first?.name ?? "") when none is named)\n"
        text += "       conformance help SUBCOMMAND         (its options, usage and exit status)\n"
        text += "       conformance --version\n\nSubject: \(subject).\n\nSubcommands:\n"
        let width = (subcommands.map(\.name.count).max() ?? 0) + 4
        for subcommand in subcommands {
            text += Self.wrapped(
                subcommand.name.padding(toLength: width, withPad: " ", startingAt: 0) + subcommand.summary, indent: 2,
                hanging: width + 2)
        }
        let closing = """
            A server over HTTP: conformance --identity-toolkit URL --project ID (conformance help run). Exit status: \
            0 when the run passes, 1 when it does not, 64 for a usage error.
            """
        text += "\n" + Self.wrapped(closing)
        return text.hasSuffix("\n") ? String(text.dropLast()) : text
    }

    /// `usage: conformance audit [--matrix] [--json [FILE]] [--rule RULE-ID]…`, wrapped under the subcommand.
    func usage(of subcommand: Subcommand, prefix: String) -> String {
        let isDefault = subcommand.name == subcommands.first?.name
        let head = prefix + "conformance " + (isDefault ? "[\(subcommand.name)]" : subcommand.name)
        let units = options(of: subcommand.name).map { "[\($0.synopsis)]" + ($0.isRepeatable ? "…" : "") }
        // Packed a whole option at a time, so that no line breaks inside one.
        var lines = [head]
        for unit in units + (subcommand.operands.map { [$0] } ?? []) {
            if lines[lines.count - 1].count + 1 + unit.count > 120 {
                lines.append(String(repeating: " ", count: head.count + 1) + unit)
            } else {
                lines[lines.count - 1] += " " + unit
            }
        }
        return lines.joined(separator: "\n")
    }

    /// The options, each with its help; with `showing`, each says which subcommands take it.
    private func optionList(_ options: [CommandOption], showing subcommands: [String]?) -> String {
        var text = "  -h, --help            print this help\n"
        for option in options {
            let spelled = option.synopsis
            var help = option.help + (option.isRepeatable ? " (repeatable)" : "")
            if let subcommands, option.subcommands.count < subcommands.count {
                help = "[\(subcommands.filter(option.subcommands.contains).joined(separator: ", "))] " + help
            }
            let line =
                spelled.count <= 20
                ? "  " + spelled.padding(toLength: 22, withPad: " ", startingAt: 0) + help : "  \(spelled)\n" + help
            text += Self.wrapped(line, indent: 0, hanging: 24)
        }
        return text
    }

    /// `text` wrapped at 120 columns, its first line indented by `indent` and the others by `hanging`, each line
    /// (and the text) ending in a newline. A newline in `text` starts a line at the hanging indent.
    static func wrapped(_ text: String, indent: Int = 0, hanging: Int? = nil, width: Int = 120) -> String {
        let hanging = hanging ?? indent
        var lines: [String] = []
        for (index, paragraph) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            var line = String(repeating: " ", count: index == 0 ? indent : hanging)
            var fresh = true
            for word in paragraph.split(separator: " ", omittingEmptySubsequences: false) {
                if !fresh, line.count + 1 + word.count > width {
                    lines.append(line)
                    line = String(repeating: " ", count: hanging)
                    fresh = true
                }
                line += (fresh ? "" : " ") + word
                fresh = false
            }
            lines.append(line)
        }
        return lines.map { line in String(line.reversed().drop { $0 == " " }.reversed()) }.joined(separator: "\n")
            + "\n"
    }
}
