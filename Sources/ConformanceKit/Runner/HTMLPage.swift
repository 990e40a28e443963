/// The shell every page of the command shares (the run's report, the comparison of runs): one self-contained HTML
/// document, its style inline, with no script and nothing fetched from elsewhere (no font, image or style sheet), so
/// that it opens from disk, offline, and reads at a phone's width. The filters are radio inputs before the content,
/// which the style sheet reads with `:checked ~`: they work without script.
struct HTMLPage {
    /// One group of filters: `status` or `flow`, and its choices (value, label); `all` comes first and is chosen.
    struct Filter {
        let name: String
        let title: String
        let choices: [(value: String, label: String)]
    }

    let title: String
    let filters: [Filter]
    /// The page's content, after the filters' inputs: already escaped HTML.
    var body: [String] = []

    var rendered: String {
        var lines = [
            "<!DOCTYPE html>", "<html lang=\"en\">", "<head>", "<meta charset=\"utf-8\">",
            "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">",
            "<title>\(HTMLEscaping.text(title))</title>", "<style>", HTMLStyle.base, filterStyle, "</style>", "</head>",
            "<body>",
        ]
        for filter in filters {
            for (index, choice) in ([(value: "all", label: "all")] + filter.choices).enumerated() {
                lines.append(
                    "<input class=\"filter\" type=\"radio\" name=\"\(filter.name)\" "
                        + "id=\"\(filter.name)-\(choice.value)\"\(index == 0 ? " checked" : "")>")
            }
        }
        lines += body
        lines += ["</body>", "</html>"]
        return lines.joined(separator: "\n")
    }

    /// The filters' choices as labels, one row per group, for the place in the page where they show.
    var filterBar: [String] {
        guard !filters.isEmpty else { return [] }
        var lines = ["<nav class=\"filters\" aria-label=\"filters\">"]
        for filter in filters {
            let labels = ([(value: "all", label: "all")] + filter.choices).map { choice in
                "<label for=\"\(filter.name)-\(choice.value)\">\(HTMLEscaping.text(choice.label))</label>"
            }
            lines.append("<div><span>\(HTMLEscaping.text(filter.title))</span> \(labels.joined(separator: " "))</div>")
        }
        return lines + ["</nav>"]
    }

    /// For each choice but `all`: the rows (`.row`) without its class, and within them the items (`.item`) without
    /// it, are hidden while it is checked, and its label is marked. A row carries `NAME-VALUE` for every value of its
    /// items, an item `NAME-VALUE` for its own.
    private var filterStyle: String {
        var rules: [String] = []
        for filter in filters {
            rules.append("#\(filter.name)-all:checked ~ nav label[for=\"\(filter.name)-all\"]{\(HTMLStyle.chosen)}")
            for choice in filter.choices {
                let id = "\(filter.name)-\(choice.value)"
                rules.append("#\(id):checked ~ main .row:not(.\(id)){display:none}")
                rules.append("#\(id):checked ~ main .item.\(filter.name):not(.\(id)){display:none}")
                rules.append("#\(id):checked ~ nav label[for=\"\(id)\"]{\(HTMLStyle.chosen)}")
            }
        }
        return rules.joined(separator: "\n")
    }
}
