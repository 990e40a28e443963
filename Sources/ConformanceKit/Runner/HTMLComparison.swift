/// The comparison of runs as one page in the report page's style (``HTMLPage``): the runs, then one table, the rows
/// that differ first and marked, with a filter that shows only them.
package struct HTMLComparison: Sendable {
    package let comparison: RunComparison

    package init(_ comparison: RunComparison) { self.comparison = comparison }

    package var rendered: String {
        let title = "Comparison of \(comparison.reports.count) runs"
        var page = HTMLPage(
            title: title, filters: [.init(name: "rows", title: "Rows", choices: [("differ", "that differ")])])
        var body = [
            "<header>", "<h1>\(HTMLEscaping.text(title))</h1>",
            "<p class=\"verdict\(comparison.rows.contains(where: \.differs) ? " fails" : "")\">"
                + "\(HTMLEscaping.text(comparison.summary))</p>", "<ul class=\"runs\">",
        ]
        for (index, report) in comparison.reports.enumerated() {
            body.append(
                "<li><strong>\(RunComparison.column(index))</strong>: "
                    + "\(HTMLEscaping.text(RunComparison.describe(report)))</li>")
        }
        body += ["</ul>", "</header>"] + page.filterBar
        body += [
            "<main>", "<div class=\"scroll\">", "<table>",
            "<tr><th>rule or check</th>"
                + comparison.reports.indices.map { "<th>\(RunComparison.column($0))</th>" }.joined() + "</tr>",
        ]
        for row in comparison.rows {
            let cells = row.statuses.map { status in
                "<td><span class=\"badge \(status?.rawValue ?? "missing")\">"
                    + "\(HTMLEscaping.text(RunComparison.word(status).uppercased()))</span></td>"
            }
            let id = HTMLEscaping.text(row.id)
            body.append(
                "<tr class=\"row\(row.differs ? " rows-differ differs" : "")\"><td><code>\(id)</code> "
                    + "\(HTMLEscaping.text(row.name))</td>\(cells.joined())</tr>")
        }
        body += ["</table>", "</div>", "</main>"]
        page.body = body
        return page.rendered
    }
}
