import ConformanceKit
import Foundation
import Testing

@Suite("An expected failure's upstream bug")
struct ExpectedFailureBugTests {
    static let bug = "https://github.com/firebase/firebase-ios-sdk/issues/41"

    @Test("a text line's last word, when an http(s) URL, is the bug; the rest is the reason")
    func textLine() throws {
        let list = try ExpectedFailures(
            parsing: """
                PHONE-8 codes live 15 minutes until 2.0 \(Self.bug)
                MFA-7/full-number-nowhere names the number http://bugs.example/43
                PHONE-2 the reason mentions https://example.com/docs mid-sentence
                PHONE-3 \(Self.bug)
                """)
        #expect(
            list.expectedFailures == [
                ExpectedFailure(rule: "PHONE-8", reason: "codes live 15 minutes until 2.0", bug: URL(string: Self.bug)),
                ExpectedFailure(
                    check: "MFA-7/full-number-nowhere", reason: "names the number",
                    bug: URL(string: "http://bugs.example/43")),
                ExpectedFailure(rule: "PHONE-2", reason: "the reason mentions https://example.com/docs mid-sentence"),
                ExpectedFailure(rule: "PHONE-3", reason: Self.bug, bug: URL(string: Self.bug)),
            ])
    }

    @Test("JSON takes an optional \"bug\", and writes it back")
    func json() throws {
        let text = #"{"expectedFailures": [{"rule": "PHONE-8", "reason": "slow", "bug": "\#(Self.bug)"}]}"#
        let list = try ExpectedFailures(parsing: text)
        #expect(list.expectedFailures == [ExpectedFailure(rule: "PHONE-8", reason: "slow", bug: URL(string: Self.bug))])
        let encoded = String(decoding: try JSONEncoder().encode(list.expectedFailures[0]), as: UTF8.self)
        #expect(encoded.contains(#""bug":"https:\/\/github.com\/firebase\/firebase-ios-sdk\/issues\/41""#))
    }

    @Test("every format shows the bug beside the known failure")
    func everyFormat() throws {
        let report = ConformanceReport(
            subject: "S",
            results: [
                RuleResult(
                    rule: .phone2,
                    checks: [CheckResult(id: "PHONE-2/one", name: "one", status: .fail, message: "PHONE-2: no")]),
                RuleResult(
                    rule: .phone3,
                    checks: [CheckResult(id: "PHONE-3/one", name: "one", status: .fail, message: "PHONE-3: no")]),
            ], durationSeconds: 0
        ).applying(try ExpectedFailures(parsing: "PHONE-2 slow codes \(Self.bug)\nPHONE-3/one wrong SMS \(Self.bug)"))
        #expect(report.results[0].expectedFailure?.bug == URL(string: Self.bug))
        #expect(report.results[1].checks[0].expectedFailure?.bug == URL(string: Self.bug))
        let table = ReportTable(report).rendered
        #expect(table.contains("known failure: slow codes (bug: \(Self.bug))"))
        #expect(table.contains("known failure: wrong SMS (bug: \(Self.bug))"))
        #expect(JUnitReport(report).rendered.contains("known failure: slow codes (bug: \(Self.bug))"))
        #expect(JUnitReport(report).rendered.contains("known failure: wrong SMS (bug: \(Self.bug))"))
        let markdown = MarkdownReport(report).rendered
        #expect(markdown.contains("Known failure: slow codes ([bug](\(Self.bug)))"))
        #expect(markdown.contains("(known: wrong SMS, <a href=\"\(Self.bug)\">bug</a>)"))
        let json = String(decoding: try JSONEncoder().encode(report), as: UTF8.self)
        #expect(json.contains(#""bug":"https:\/\/github.com\/firebase\/firebase-ios-sdk\/issues\/41""#))
        let page = HTMLReport(report).rendered
        #expect(page.contains("Known failure: slow codes (<a href=\"\(Self.bug)\">upstream bug</a>)"))
        #expect(page.contains("Known failure: wrong SMS (<a href=\"\(Self.bug)\">upstream bug</a>)"))
    }
}
