import Foundation

/// The run's report as one page (`--html FILE`), in the manner of Autobahn|Testsuite's report and the OpenID
/// conformance suite's logs: what judged the run and its verdict, a summary by flow, filters by status and by flow,
/// then every rule with its checks by ID, colour and status. Each check that failed, warned or was not judged is open,
/// with its message, expected and actual, where it failed, its issues, the rule's hint and sources, and the end of its
/// transcript (tokens shown as `<JWT>`); the JSON report holds the whole transcript. Everything a subject wrote is
/// escaped (``HTMLEscaping``).
package struct HTMLReport: Sendable {
    package let report: ConformanceReport

    package init(_ report: ConformanceReport) { self.report = report }

    package var rendered: String {
        let verdict = HTMLEscaping.text(report.verdict.summary)
        var page = HTMLPage(title: "Conformance of \(report.subject)", filters: filters)
        var body = [
            "<header>", "<h1>Conformance of \(HTMLEscaping.text(report.subject))</h1>",
            "<p class=\"judged\">\(HTMLEscaping.text(report.judgedBy))</p>",
            "<p class=\"verdict\(report.passed ? "" : " fails")\">\(verdict)</p>", "</header>",
        ]
        body += summary
        body += page.filterBar
        body.append("<main>")
        for result in report.results { body += rule(result) }
        body.append("</main>")
        body.append("<footer><p class=\"verdict\(report.passed ? "" : " fails")\">\(verdict)</p></footer>")
        page.body = body
        return page.rendered
    }

    private static let statuses: [ConformanceStatus] = [.pass, .fail, .warn, .notJudged, .notApplicable]

    private var flows: [Flow] {
        var flows: [Flow] = []
        for result in report.results where !flows.contains(result.flow) { flows.append(result.flow) }
        return flows
    }

    /// By the checks' status, and by flow, each choice only when the report has it.
    private var filters: [HTMLPage.Filter] {
        let present = Set(report.results.flatMap { $0.checks.map(\.status) })
        return [
            HTMLPage.Filter(
                name: "status", title: "Checks",
                choices: Self.statuses.filter(present.contains).map { ($0.rawValue, Markdown.word($0)) }),
            HTMLPage.Filter(name: "flow", title: "Flow", choices: flows.map { ($0.rawValue, $0.rawValue) }),
        ]
    }

    /// One row per flow: its rules, and its checks by status; then the totals.
    private var summary: [String] {
        var lines = [
            "<section class=\"summary\">", "<h2>By flow</h2>", "<div class=\"scroll\">", "<table>",
            "<tr><th>flow</th><th>rules</th>" + Self.statuses.map { "<th>\(Markdown.word($0))</th>" }.joined()
                + "</tr>",
        ]
        func row(_ name: String, _ results: [RuleResult]) -> String {
            let checks = results.flatMap(\.checks)
            return "<tr><th>\(HTMLEscaping.text(name))</th><td class=\"count\">\(results.count)</td>"
                + Self.statuses.map { status in "<td class=\"count\">\(checks.count { $0.status == status })</td>" }
                .joined() + "</tr>"
        }
        for flow in flows { lines.append(row(flow.rawValue, report.results.filter { $0.flow == flow })) }
        lines.append(row("all", report.results))
        return lines + [
            "</table>", "</div>", "<p>Checks by status; a rule is as bad as its worst check.</p>", "</section>",
        ]
    }

    private func rule(_ result: RuleResult) -> [String] {
        let classes =
            ["rule", "row", "is-\(result.status.rawValue)", "flow-\(result.flow.rawValue)"]
            + Set(result.checks.map(\.status)).map { "status-\($0.rawValue)" }.sorted()
        var lines = [
            "<section class=\"\(classes.joined(separator: " "))\" id=\"\(HTMLEscaping.text(result.rule.rawValue))\">",
            "<h3>\(badge(result.status, known: result.isKnownFailure)) <code>\(HTMLEscaping.text(result.rule.rawValue))"
                + "</code> [\(result.level.rawValue)] \(HTMLEscaping.text(result.title))</h3>",
        ]
        if let listed = result.expectedFailure { lines.append(note(listed)) }
        for check in result.checks { lines += self.check(check, of: result) }
        return lines + ["</section>"]
    }

    private func check(_ check: CheckResult, of result: RuleResult) -> [String] {
        let classes = "item status status-\(check.status.rawValue)"
        let known =
            check.expectedFailure?.outcome == .known
            || (result.isKnownFailure && (check.status == .fail || check.status == .warn))
        let label =
            "\(badge(check.status, known: known)) <code>\(HTMLEscaping.text(check.id.description))</code> "
            + HTMLEscaping.text(check.name)
        let opened = [.fail, .warn, .notJudged].contains(check.status) || check.expectedFailure?.outcome == .fixed
        guard opened || check.message != nil else { return ["<div class=\"\(classes) check\">\(label)</div>"] }
        var lines = ["<details class=\"\(classes)\"\(opened ? " open" : "")>", "<summary>\(label)</summary>"]
        if let listed = check.expectedFailure { lines.append(note(listed)) }
        if let message = check.message { lines.append("<p>\(HTMLEscaping.text(message))</p>") }
        if let failure = check.failure {
            lines += fields(
                expected: failure.expected, actual: failure.actual, at: failure.location,
                waitingFor: failure.waitingFor, kind: failure.kind)
            if !failure.issues.isEmpty {
                lines.append("<ol class=\"issues\">")
                for issue in failure.issues {
                    lines.append("<li>\(HTMLEscaping.text(issue.message))")
                    lines += fields(expected: issue.expected, actual: issue.actual, at: issue.location)
                    lines.append("</li>")
                }
                lines.append("</ol>")
            }
        }
        if opened {
            lines.append("<p><strong>Hint:</strong> \(HTMLEscaping.text(result.hint))</p>")
            lines.append("<ul class=\"sources\">")
            lines += result.sources.map { source in
                "<li>" + HTMLEscaping.link(source.url.absoluteString, source.title)
                    + (source.section.map { ": " + HTMLEscaping.text($0) } ?? "") + "</li>"
            }
            lines.append("</ul>")
        }
        if let failure = check.failure, !failure.transcript.isEmpty || failure.kind != .adapterError {
            lines.append(
                failure.kind == .crash ? "<p><strong>It printed:</strong></p>" : "<p><strong>Transcript:</strong></p>")
            lines.append("<ul class=\"transcript\">")
            lines += failure.transcriptLines.map { "<li>\(HTMLEscaping.text(TokenMask.masked($0)))</li>" }
            lines.append("</ul>")
        }
        return lines + ["</details>"]
    }

    private func fields(
        expected: String?, actual: String?, at location: CheckLocation?, waitingFor: String? = nil,
        kind: CheckResult.Failure.Kind? = nil
    ) -> [String] {
        let named: [(String, String?, Bool)] = [
            ("expected", expected, true), ("actual", actual, true), ("at", location?.description, false),
            ("waiting for", waitingFor, false), ("kind", kind.map(\.rawValue), false),
        ]
        let shown = named.compactMap { name, value, preformatted in
            value.map { value in
                let text = HTMLEscaping.text(value)
                return "<dt>\(name)</dt><dd>\(preformatted ? "<pre>\(text)</pre>" : "<code>\(text)</code>")</dd>"
            }
        }
        return shown.isEmpty ? [] : ["<dl>"] + shown + ["</dl>"]
    }

    /// A listed rule's or check's line: a known failure with its reason and upstream bug, a fixed one to remove, or
    /// one that did not apply.
    private func note(_ listed: ListedFailure) -> String {
        let bug = listed.bug.map { " (" + HTMLEscaping.link($0.absoluteString, "upstream bug") + ")" } ?? ""
        let reason = HTMLEscaping.text(listed.reason) + bug
        return switch listed.outcome {
        case .fixed:
            "<p class=\"listed\"><strong>\(HTMLEscaping.text(ListedFailure.fixedNote(listed.reason)))</strong></p>"
        case .known: "<p class=\"listed\">Known failure: \(reason)</p>"
        case .notApplicable: "<p class=\"listed\">Listed as an expected failure (\(reason)); it did not apply</p>"
        }
    }

    private func badge(_ status: ConformanceStatus, known: Bool) -> String {
        let word = Markdown.word(status).uppercased()
        return "<span class=\"badge \(status.rawValue)\">\(word)</span>"
            + (known ? " <span class=\"badge known\">KNOWN</span>" : "")
    }
}
