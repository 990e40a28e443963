import ConformanceKit
import Foundation
import Testing

@Suite("The report page (--html)")
struct HTMLReportTests {
    /// What a hostile subject could put in its name, a message, an answer and its transcript.
    static let hostile = #"<script>alert(1)</script>"><img src=x onerror=alert(2)>&amp;'"#
    static let token = "eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiJ1In0.c2lnbmF0dXJl"
    static let date = Date(timeIntervalSince1970: 1_767_225_600)  // 2026-01-01T00:00:00Z

    static let report = ConformanceReport(
        subject: "Hostile \(hostile)",
        results: [
            RuleResult(
                rule: .phone2,
                checks: [
                    CheckResult(
                        id: "PHONE-2/fails", name: "fails", status: .fail, message: "PHONE-2: \(hostile)",
                        failure: .init(
                            kind: .assertion, expected: "missingPhoneNumber", actual: "invalidPhoneNumber \(hostile)",
                            location: CheckLocation(filePath: "/elsewhere/PHONE-02.swift", line: 9),
                            transcript: ["#1 t+0s POST /v1/accounts:update {\"idToken\":\"\(token)\"}"])),
                    CheckResult(id: "PHONE-2/passes", name: "passes", status: .pass),
                ]),
            RuleResult(
                rule: .mfa7,
                checks: [CheckResult(id: "MFA-7/skipped", name: "n/a", status: .notApplicable, message: "no MFA")]),
        ], durationSeconds: 0.25, server: "http://127.0.0.1:9099", date: date)

    static let page = HTMLReport(report).rendered

    @Test("the page is self-contained: inline style, no script, nothing fetched; a viewport for phones")
    func selfContained() {
        let page = Self.page
        #expect(page.hasPrefix("<!DOCTYPE html>"))
        #expect(page.contains("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">"))
        #expect(page.contains("<style>"))
        for outside in ["<script", "<link", "@import", "url(", "<img", "src=\"", "<iframe"] {
            #expect(!page.contains(outside), "the page holds \(outside)")
        }
    }

    @Test("a hostile subject's strings show as written and never become markup")
    func escaped() {
        let page = Self.page
        #expect(page.contains("&lt;script&gt;alert(1)&lt;/script&gt;&quot;&gt;&lt;img src=x onerror=alert(2)&gt;"))
        #expect(page.contains("&amp;amp;&#39;"))
        #expect(!page.contains("<script>") && !page.contains("<img"))
    }

    @Test("a failing check is open with expected, actual, where, the rule's hint and sources, its transcript")
    func evidence() throws {
        let page = Self.page
        let start = try #require(page.range(of: "<details class=\"item status status-fail\" open>"))
        let end = try #require(page.range(of: "</details>", range: start.upperBound..<page.endIndex))
        let check = page[start.lowerBound..<end.upperBound]
        for part in [
            "<code>PHONE-2/fails</code>", "<dt>expected</dt><dd><pre>missingPhoneNumber</pre></dd>",
            "<dt>actual</dt><dd><pre>invalidPhoneNumber &lt;script&gt;", "PHONE-02.swift:9",
            "<strong>Hint:</strong> if this fails, check", "<a href=\"https://firebase.google.com/",
            "<ul class=\"transcript\">", "{&quot;idToken&quot;:&quot;&lt;JWT&gt;&quot;}",
        ] { #expect(check.contains(part), "no \(part) in \(check)") }
        #expect(!page.contains(Self.token), "a token is shown")
        #expect(page.contains("<div class=\"item status status-pass check\">"))
        #expect(page.contains("<details class=\"item status status-notApplicable\">"))
    }

    @Test("filters by status and flow are radio inputs the style sheet reads, without script")
    func filters() {
        let page = Self.page
        for id in ["status-all", "status-pass", "status-fail", "status-notApplicable", "flow-all", "flow-phone"] {
            #expect(page.contains("id=\"\(id)\""), "no input \(id)")
            #expect(page.contains("<label for=\"\(id)\">"), "no label for \(id)")
        }
        #expect(!page.contains("id=\"status-warn\""), "a status the report does not have is offered")
        #expect(page.contains("#status-fail:checked ~ main .row:not(.status-fail){display:none}"))
        #expect(page.contains("#flow-phone:checked ~ main .row:not(.flow-phone){display:none}"))
        #expect(page.contains("class=\"rule row is-fail flow-phone status-fail status-pass\""))
    }

    @Test("the page names what judged the run, its summary by flow and the verdict")
    func judged() {
        let page = Self.page
        #expect(page.contains("AuthConformance 0.1.0, catalogue \(Self.report.catalogueDigest)"))
        #expect(page.contains("server http://127.0.0.1:9099, 2026-01-01T00:00:00Z"))
        #expect(page.contains("<tr><th>phone</th><td class=\"count\">1</td><td class=\"count\">1</td>"))
        #expect(page.contains("<p class=\"verdict fails\">FAILS: 1 unexpected failure (PHONE-2)"))
    }

    @Test("a listed entry shows as known, fixed or not applied; a bug that is no http(s) URL is no link")
    func listed() throws {
        let report = Self.report.applying(
            try ExpectedFailures(
                parsing: "PHONE-2/fails known https://bugs.example/1\nPHONE-2/passes fixed\nMFA-7 not here"))
        let page = HTMLReport(report).rendered
        #expect(page.contains("Known failure: known (<a href=\"https://bugs.example/1\">upstream bug</a>)"))
        #expect(
            page.contains("<strong>listed as an expected failure (fixed), but it passes now: remove it from the list"))
        #expect(page.contains("Listed as an expected failure (not here); it did not apply"))
        #expect(page.contains("<span class=\"badge fail\">FAIL</span> <span class=\"badge known\">KNOWN</span>"))
        let result = RuleResult(rule: .phone2, checks: [CheckResult(id: "PHONE-2/x", name: "x", status: .fail)])
        let hostile = ConformanceReport(
            subject: "S", results: [result.listed(because: "r", bug: URL(string: "javascript:alert(1)"))],
            durationSeconds: 0)
        #expect(HTMLReport(hostile).rendered.contains("Known failure: r (upstream bug)"))
    }
}
