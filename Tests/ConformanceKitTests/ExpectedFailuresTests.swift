import ConformanceKit
import Foundation
import Testing

@Suite("The expected-failures list")
struct ExpectedFailuresTests {
    @Test("reads JSON and text alike")
    func bothForms() throws {
        let json = try ExpectedFailures(
            parsing: """
                {"expectedFailures": [{"rule": "PHONE-8", "reason": "codes live 15 minutes (#12)"}, {"rule": "MFA-7", \
                "reason": "legacy mask"}]}
                """)
        let text = try ExpectedFailures(
            parsing: """
                # known failures of our SDK
                PHONE-8   codes live 15 minutes (#12)

                  # the masking comes with the next release
                MFA-7 legacy mask\r
                """)
        #expect(json == text)
        #expect(text.reasons == ["PHONE-8": "codes live 15 minutes (#12)", "MFA-7": "legacy mask"])
    }

    @Test(
        "refuses what it cannot trust",
        arguments: [
            ("PHONE-8", ExpectedFailuresError.missingReason("PHONE-8")),
            (
                "# c\nphone-8 lower case",
                .malformedLine(
                    2, "\"phone-8\" is not a rule ID such as PHONE-8 or a check ID such as PHONE-8/exact-lifetime")
            ),
            (
                "PHONE-8/Exact_Lifetime a",
                .malformedLine(
                    1,
                    """
                    "PHONE-8/Exact_Lifetime" is not a rule ID such as PHONE-8 or a check ID such as \
                    PHONE-8/exact-lifetime
                    """)
            ), ("PHONE-8/exact-lifetime", .missingReason("PHONE-8/exact-lifetime")),
            ("PHONE-8/exact-lifetime a\nPHONE-8/exact-lifetime b", .duplicate("PHONE-8/exact-lifetime")),
            ("PHONE-8 a\nPHONE-8/exact-lifetime b", .duplicate("PHONE-8/exact-lifetime")),
            (
                #"{"expectedFailures": [{"rule": "PHONE-8", "check": "PHONE-8/exact-lifetime", "reason": "r"}]}"#,
                .malformedJSON("an entry names a rule or a check, not both")
            ), ("{", .malformedJSON("not valid JSON")),
            (
                #"{"expectedFailures": [{"rule": "PHONE-8", "reason": "r", "bug": "ftp://example.com/1"}]}"#,
                .malformedJSON(#""bug" is not an http or https URL"#)
            ), ("PHONE-8 a\nPHONE-8 b", .duplicate("PHONE-8")),
            (#"{"expectedFailures": [{"rule": "PHONE-8", "reason": " "}]}"#, .missingReason("PHONE-8")),
            (#"{"expectedFailures": [{"rule": "PHONE-8"}]}"#, .malformedJSON("missing \"reason\"")),
            (#"{"expected": []}"#, .malformedJSON("missing \"expectedFailures\"")),
        ])
    func refused(_ text: String, _ error: ExpectedFailuresError) {
        #expect(throws: error) { try ExpectedFailures(parsing: text) }
    }

    @Test("a line lists a whole rule or one check, in either form")
    func checkLines() throws {
        let text = try ExpectedFailures(
            parsing:
                "PHONE-8/exact-lifetime codes live 15 minutes (#12)\nMFA-7 legacy mask\nPHONE-5/no-lockout by design")
        let json = try ExpectedFailures(
            parsing: """
                {"expectedFailures": [{"check": "PHONE-8/exact-lifetime", "reason": "codes live 15 minutes (#12)"}, \
                {"rule": "MFA-7", "reason": "legacy mask"}, {"check": "PHONE-5/no-lockout", "reason": "by design"}]}
                """)
        #expect(text == json)
        #expect(text.reasons == ["MFA-7": "legacy mask"])
        #expect(
            text.checkReasons == [
                "PHONE-8/exact-lifetime": "codes live 15 minutes (#12)", "PHONE-5/no-lockout": "by design",
            ])
        #expect(text.expectedFailures.map(\.rule) == ["PHONE-8", "MFA-7", "PHONE-5"])
        #expect(try text.validated() == text)
        let encoded = try JSONEncoder().encode(text)
        #expect(try JSONDecoder().decode(ExpectedFailures.self, from: encoded) == text)
    }

    @Test("a check the catalogue does not have is refused, by its ID")
    func unknownCheck() throws {
        let list = try ExpectedFailures(parsing: "PHONE-8/exact-lifetime ok\nPHONE-8/exact-lifetim typo")
        #expect(throws: ExpectedFailuresError.unknownChecks(["PHONE-8/exact-lifetim"])) { try list.validated() }
        #expect(
            ExpectedFailuresError.unknownChecks(["PHONE-8/exact-lifetim"]).description.contains(
                "PHONE-8/exact-lifetim, which is not a check of the catalogue"))
        let unknownRule = try ExpectedFailures(parsing: "PHONE-99/exact-lifetime typo")
        #expect(throws: ExpectedFailuresError.unknownRules(["PHONE-99"])) { try unknownRule.validated() }
    }

    @Test(
        """
        a listed check's failure is known, and only that check's: another failing check of its rule fails the run; a \
        listed check that passes now is fixed
        """)
    func appliedToChecks() throws {
        func result(_ statuses: [ConformanceStatus]) -> RuleResult {
            RuleResult(
                rule: .phone8,
                checks: zip(Rule.phone8.checks, statuses).map { check, status in
                    CheckResult(id: check.id, name: check.name, status: status, message: status == .fail ? "m" : nil)
                })
        }
        let list = try ExpectedFailures(parsing: "PHONE-8/exact-lifetime codes live 15 minutes")
        func applied(_ statuses: [ConformanceStatus]) -> ConformanceReport {
            ConformanceReport(subject: "S", results: [result(statuses)], durationSeconds: 0).applying(list)
        }
        let known = applied([.fail, .pass, .pass])
        #expect(known.results[0].isKnownFailure && known.passed && known.knownFailures.count == 1)
        #expect(
            known.results[0].checks[0].expectedFailure
                == ListedFailure(reason: "codes live 15 minutes", outcome: .known))
        #expect(known.results[0].checks[1].expectedFailure == nil && known.results[0].expectedFailure == nil)
        #expect(ReportTable(known).rendered.contains("PHONE-8 MUST    FAIL (known)   "))
        #expect(
            ReportTable(known).rendered.contains(
                """
                  PHONE-8/exact-lifetime “\(Rule.phone8.checks[0].name)” [fail, known failure: codes live 15 \
                minutes]: m
                """))

        let another = applied([.fail, .fail, .pass])
        #expect(!another.results[0].isKnownFailure && !another.passed)
        #expect(another.unexpectedFailures.map(\.rule) == ["PHONE-8"])

        let fixed = applied([.pass, .pass, .pass])
        #expect(!fixed.passed && fixed.fixedChecks.map(\.id) == ["PHONE-8/exact-lifetime"] && fixed.fixedRules.isEmpty)
        #expect(
            fixed.verdict.summary == """
                FAILS: no unexpected failure; 1 listed check passes now (PHONE-8/exact-lifetime): remove it from the \
                list; 0 known failures
                """)
        #expect(fixed.verdict.fixedChecks == ["PHONE-8/exact-lifetime"])
        let table = ReportTable(fixed).rendered
        #expect(table.contains("PHONE-8 MUST    PASS (fixed)   "))
        #expect(
            table.contains(
                """
                  PHONE-8/exact-lifetime “\(Rule.phone8.checks[0].name)” [pass]: listed as an expected failure (codes \
                live 15 minutes), but it passes now: remove it from the list
                """))
        #expect(MarkdownReport(fixed).rendered.contains("❗ pass (fixed)"))
        #expect(JUnitReport(fixed).rendered.contains(#"name="PHONE-8/exact-lifetime listed as an expected failure""#))

        let notApplicable = applied([.notApplicable, .pass, .pass])
        #expect(notApplicable.passed && notApplicable.results[0].checks[0].expectedFailure?.outcome == .notApplicable)
    }

    @Test("a rule that is not in the catalogue is refused")
    func unknownRule() throws {
        let list = try ExpectedFailures(parsing: "PHONE-8 ok\nPHONE-99 typo")
        #expect(throws: ExpectedFailuresError.unknownRules(["PHONE-99"])) { try list.validated() }
        #expect(
            ExpectedFailuresError.unknownRules(["PHONE-99"]).description.hasSuffix(
                "PHONE-99, which is not in the catalogue"))
    }

    @Test(
        """
        a listed failure is known, a listed pass is fixed, a listed rule that does not apply stays, an unlisted \
        failure fails
        """)
    func applied() throws {
        let list = try ExpectedFailures(parsing: "PHONE-2 known\nPHONE-3 fixed since 2.1\nPHONE-4 not ours")
        let report = ConformanceReport(
            subject: "S",
            results: [
                RuleResult(
                    rule: .phone2, checks: [CheckResult(id: "PHONE-2/c", name: "c", status: .fail, message: "m")]),
                RuleResult(rule: .phone3, checks: [CheckResult(id: "PHONE-3/c", name: "c", status: .pass)]),
                RuleResult(rule: .phone4, checks: [CheckResult(id: "PHONE-4/c", name: "c", status: .notApplicable)]),
            ], durationSeconds: 0)
        let applied = report.applying(list)
        #expect(applied.results.map(\.expectedFailure?.outcome) == [.known, .fixed, .notApplicable])
        #expect(applied.results.map(\.status) == report.results.map(\.status))
        #expect(applied.unexpectedFailures.isEmpty && applied.fixedRules.map(\.rule) == ["PHONE-3"] && !applied.passed)
        #expect(report.applying(try ExpectedFailures(parsing: "PHONE-2 known")).passed)
        #expect(!report.applying(try ExpectedFailures(parsing: "PHONE-4 other")).passed)
    }

    @Test("the table marks known and fixed rules, and tells what to do with a fixed one")
    func table() throws {
        let report = ConformanceReport(
            subject: "S",
            results: [
                RuleResult(
                    rule: .phone2, checks: [CheckResult(id: "PHONE-2/c", name: "c", status: .fail, message: "m")]),
                RuleResult(rule: .phone3, checks: [CheckResult(id: "PHONE-3/c", name: "c", status: .pass)]),
            ], durationSeconds: 0.5
        ).applying(try ExpectedFailures(parsing: "PHONE-2 we refuse empty numbers late\nPHONE-3 was flaky"))
        let table = ReportTable(report).rendered
        #expect(table.contains("PHONE-2 MUST    FAIL (known)   "))
        #expect(table.contains("PHONE-3 MUST    PASS (fixed)   "))
        #expect(table.contains("2 rules: 1 pass, 1 fail, 0 warn, 0 n/a (1 known, 1 fixed) in 0.5 s"))
        #expect(
            table.contains(
                """
                PHONE-2 [MUST] FAIL (known): \(Rule.phone2.title)\n  known failure: we refuse empty numbers late\n  \
                PHONE-2/c “c” [fail]: m
                """))
        #expect(
            table.contains(
                """
                PHONE-3 [MUST] PASS (fixed): \(Rule.phone3.title)\n  listed as an expected failure (was flaky), but it \
                passes now: remove it from the list
                """))
    }
}

@Suite("The expected-failures list through Codable")
struct ExpectedFailuresCodableTests {
    @Test("decoding checks what parsing checks, and encoding gives the file's shape")
    func codable() throws {
        let duplicate =
            #"{"expectedFailures": [{"rule": "PHONE-8", "reason": "a"}, {"rule": "PHONE-8", "reason": "b"}]}"#
        #expect(throws: ExpectedFailuresError.duplicate("PHONE-8")) {
            try JSONDecoder().decode(ExpectedFailures.self, from: Data(duplicate.utf8))
        }
        let list = try ExpectedFailures([ExpectedFailure(rule: "MFA-7", reason: "legacy mask")])
        let encoded = try JSONEncoder().encode(list)
        let object = try #require(try JSONSerialization.jsonObject(with: encoded) as? [String: [[String: String]]])
        #expect(object == ["expectedFailures": [["rule": "MFA-7", "reason": "legacy mask"]]])
        #expect(try ExpectedFailures(parsing: String(decoding: encoded, as: UTF8.self)) == list)
    }
}
