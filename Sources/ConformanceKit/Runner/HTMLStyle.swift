/// The pages' style sheet, inline in each page: the system's fonts, a colour and a word for each status (never the
/// colour alone), text that wraps at any width, and tables that scroll sideways on a phone rather than overflow.
enum HTMLStyle {
    /// A chosen filter's label.
    static let chosen = "background:#1f2937;color:#fff;border-color:#1f2937"

    static let base = """
        :root{color-scheme:light;--pass:#15803d;--fail:#b91c1c;--warn:#b45309;--notJudged:#6d28d9;\
        --notApplicable:#6b7280;--line:#e5e7eb}
        *{box-sizing:border-box}
        body{margin:0 auto;max-width:72rem;padding:1rem;font:15px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,\
        sans-serif;color:#111827;background:#fff;overflow-wrap:anywhere}
        h1{font-size:1.4rem;margin:.2rem 0}
        h2{font-size:1.1rem;margin:1.2rem 0 .4rem}
        code,pre{font:13px/1.4 ui-monospace,SFMono-Regular,Menlo,Consolas,monospace}
        pre{white-space:pre-wrap;margin:.2rem 0;padding:.4rem .6rem;background:#f9fafb;border:1px solid var(--line);\
        border-radius:4px}
        a{color:#1d4ed8}
        .judged{color:#4b5563;font-size:.85rem}
        .verdict{font-weight:600;padding:.5rem .7rem;border-radius:6px;border-left:6px solid var(--pass);\
        background:#f0fdf4}
        .verdict.fails{border-color:var(--fail);background:#fef2f2}
        .scroll{overflow-x:auto}
        table{border-collapse:collapse;margin:.3rem 0;overflow-wrap:normal}
        th,td{border:1px solid var(--line);padding:.25rem .5rem;text-align:left;vertical-align:top}
        th{background:#f3f4f6;white-space:nowrap}
        td.count{text-align:right}
        .filter{position:absolute;opacity:0;pointer-events:none}
        .filters{display:flex;flex-wrap:wrap;gap:.4rem 1.2rem;margin:.8rem 0;position:sticky;top:0;background:#fff;\
        padding:.4rem 0;border-bottom:1px solid var(--line)}
        .filters span{font-weight:600;margin-right:.2rem}
        .filters label{display:inline-block;border:1px solid #9ca3af;border-radius:999px;padding:.05rem .6rem;\
        margin:.1rem 0;cursor:pointer;font-size:.9rem}
        .rule{content-visibility:auto;contain-intrinsic-size:auto 12rem;border:1px solid var(--line);\
        border-left:6px solid var(--notApplicable);border-radius:6px;margin:.6rem 0;padding:.4rem .7rem}
        .rule h3{font-size:1rem;margin:.2rem 0}
        .rule.is-pass{border-left-color:var(--pass)}
        .rule.is-fail{border-left-color:var(--fail)}
        .rule.is-warn{border-left-color:var(--warn)}
        .rule.is-notJudged{border-left-color:var(--notJudged)}
        .badge{display:inline-block;border-radius:4px;padding:0 .4rem;color:#fff;font-size:.8rem;font-weight:600;\
        background:var(--notApplicable);white-space:nowrap}
        .badge.pass{background:var(--pass)}
        .badge.fail{background:var(--fail)}
        .badge.warn{background:var(--warn)}
        .badge.notJudged{background:var(--notJudged)}
        .badge.known{background:#92400e}
        details{border-top:1px solid var(--line);padding:.25rem 0}
        summary{cursor:pointer}
        dl{display:grid;grid-template-columns:max-content 1fr;gap:.15rem .6rem;margin:.3rem 0}
        dt{font-weight:600;color:#374151}
        dd{margin:0;min-width:0}
        .transcript{list-style:none;margin:.2rem 0;padding:.3rem .6rem;background:#f9fafb;\
        border:1px solid var(--line);border-radius:4px;font:12.5px/1.4 ui-monospace,SFMono-Regular,Menlo,Consolas,\
        monospace}
        .differs td{background:#fffbeb}
        @media (max-width:40rem){body{padding:.5rem;font-size:14px}dl{grid-template-columns:1fr}\
        dt{margin-top:.3rem}}
        """
}
