import ConformanceKit
import Foundation
import Testing

/// Rules with fixed text, so the expected rendering does not move when the catalogue's wording does.
private func rule(_ id: RuleID, _ level: RequirementLevel, _ title: String) -> Rule {
    Rule(
        id, level, flow: .phone, title: title, statement: "The statement of \(id).",
        sources: [RuleSource(title: "Guide", url: URL(string: "https://example.com/docs/guide")!, section: "Codes")],
        hint: "if this fails, check \(id)", checks: [])
}

@Suite("The markdown report")
struct MarkdownReportTests {
    @Test("a hand-built report renders to the exact text")
    func exact() throws {
        let report = ConformanceReport(
            subject: "Acme",
            results: [
                RuleResult(
                    rule: rule("T-1", .must, "Codes have 6 digits | always"),
                    checks: [
                        CheckResult(id: "T-1/one-sms", name: "one SMS", status: .pass),
                        CheckResult(
                            id: "T-1/a-short-code", name: "a <short> code", status: .fail,
                            message: "T-1: the SMS holds ``` 1234",
                            failure: .init(
                                kind: .assertion, expected: "a 6-digit code", actual: "\"1234\"",
                                transcript: ["#1 t+0s SMS to +1"])),
                    ]),
                RuleResult(
                    rule: rule("T-2", .should, "Requests are limited"),
                    checks: [CheckResult(id: "T-2/limits", name: "limits", status: .warn, message: "T-2: no limit")]),
                RuleResult(
                    rule: rule("T-3", .must, "Masks +1******1234"),
                    checks: [
                        CheckResult(id: "T-3/not-applicable", name: "n/a", status: .notApplicable, message: "no flow")
                    ]),
                RuleResult(
                    rule: rule("T-4", .must, "Known"),
                    checks: [CheckResult(id: "T-4/k", name: "k", status: .fail, message: "T-4: known")]),
                RuleResult(
                    rule: rule("T-5", .must, "Fixed"), checks: [CheckResult(id: "T-5/f", name: "f", status: .pass)]),
            ], durationSeconds: 0.256, date: Date(timeIntervalSince1970: 1_767_225_600)
        ).applying(try ExpectedFailures(parsing: "T-4 waits for v2\nT-5 was flaky"))
        let expected = #"""
            **Conformance of Acme**: ❌ fails · 5 rules in 0.26 s · MUST: 1 pass, 2 fail, 1 n/a · SHOULD: 1 warn · 1 \#
            known · 1 fixed

            _Judged by AuthConformance 0.1.0, catalogue \#(report.catalogueDigest), subject Acme, 2026-01-01T00:00:00Z_

            | Rule | Level | Result | Title | Sources |
            |---|---|---|---|---|
            | T-1 | MUST | ❌ fail | Codes have 6 digits \| always | [guide](https://example.com/docs/guide) |
            | T-2 | SHOULD | ⚠️ warn | Requests are limited | [guide](https://example.com/docs/guide) |
            | T-3 | MUST | n/a | Masks +1\*\*\*\*\*\*1234 | [guide](https://example.com/docs/guide) |
            | T-4 | MUST | 🔸 fail (known) | Known | [guide](https://example.com/docs/guide) |
            | T-5 | MUST | ❗ pass (fixed) | Fixed | [guide](https://example.com/docs/guide) |

            ## Details

            ### T-1 [MUST] ❌ fail: Codes have 6 digits | always

            Hint: if this fails, check T-1

            - [Guide](https://example.com/docs/guide): Codes

            <details>
            <summary><code>T-1/a-short-code</code> a &lt;short&gt; code: fail</summary>

            ````text
            T-1: the SMS holds ``` 1234
              expected: a 6-digit code
              actual: "1234"
              world transcript:
                #1 t+0s SMS to +1
            ````

            </details>

            ### T-2 [SHOULD] ⚠️ warn: Requests are limited

            Hint: if this fails, check T-2

            - [Guide](https://example.com/docs/guide): Codes

            <details>
            <summary><code>T-2/limits</code> limits: warn</summary>

            ```text
            T-2: no limit
            ```

            </details>

            ### T-4 [MUST] 🔸 fail (known): Known

            Known failure: waits for v2

            Hint: if this fails, check T-4

            - [Guide](https://example.com/docs/guide): Codes

            <details>
            <summary><code>T-4/k</code> k: fail</summary>

            ```text
            T-4: known
            ```

            </details>

            ### T-5 [MUST] ❗ pass (fixed): Fixed

            **listed as an expected failure (was flaky), but it passes now: remove it from the list**

            Hint: if this fails, check T-5

            - [Guide](https://example.com/docs/guide): Codes

            ## Not applicable

            | Rules or checks | Why not applicable |
            |---|---|
            | T-3 | no flow |

            **FAILS: 1 unexpected failure (T-1); 1 listed rule passes now (T-5): remove it from the list; 1 known \#
            failure**
            """#
        #expect(MarkdownReport(report).rendered == expected)
    }

    @Test("a run that passes says so, and counts only what occurred")
    func passing() {
        let report = ConformanceReport(
            subject: "Acme",
            results: [
                RuleResult(
                    rule: rule("T-1", .must, "One"), checks: [CheckResult(id: "T-1/c", name: "c", status: .pass)])
            ], durationSeconds: 0.05)
        #expect(MarkdownReport(report).summary == "**Conformance of Acme**: ✅ passes · 1 rule in 0.05 s · MUST: 1 pass")
        #expect(!MarkdownReport(report).rendered.contains("## Details"))
    }

    @Test(
        """
        the not-applicable table: one row per reason's head, shown by its shortest message; a rule named alone when \
        all its checks share the reason, its checks by ID otherwise
        """)
    func notApplicableTable() {
        func skipped(_ id: CheckID, _ reason: String) -> CheckResult {
            CheckResult(id: id, name: "\(id)", status: .notApplicable, message: reason)
        }
        let report = ConformanceReport(
            subject: "Acme",
            results: [
                RuleResult(
                    rule: rule("T-1", .must, "One"),
                    checks: [
                        skipped("T-1/a", "no clock"), skipped("T-1/b", "cannot set x: asked 3, keeps 5"),
                        CheckResult(id: "T-1/c", name: "c", status: .pass),
                    ]), RuleResult(rule: rule("T-2", .must, "Two"), checks: [skipped("T-2/a", "no clock")]),
                RuleResult(rule: rule("T-3", .must, "Three"), checks: [skipped("T-3/a", "cannot set x: asked 10")]),
            ], durationSeconds: 0.05)
        #expect(
            MarkdownReport(report).notApplicableTable == [
                "| Rules or checks | Why not applicable |", "|---|---|", "| `T-1/a`, T-2 | no clock |",
                "| `T-1/b`, T-3 | cannot set x: asked 10 |",
            ])
        #expect(
            MarkdownReport(ConformanceReport(subject: "Acme", results: [], durationSeconds: 0)).notApplicableTable
                .isEmpty)
    }
}
