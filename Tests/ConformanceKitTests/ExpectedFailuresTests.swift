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
            ("# c\nphone-8 lower case", .malformedLine(2, "\"phone-8\" is not a rule ID such as PHONE-8")),
            ("PHONE-8 a\nPHONE-8 b", .duplicate("PHONE-8")),
            (#"{"expectedFailures": [{"rule": "PHONE-8", "reason": " "}]}"#, .missingReason("PHONE-8")),
            (#"{"expectedFailures": [{"rule": "PHONE-8"}]}"#, .malformedJSON("missing \"reason\"")),
            (#"{"expected": []}"#, .malformedJSON("missing \"expectedFailures\"")),
        ])
    func refused(_ text: String, _ error: ExpectedFailuresError) {
        #expect(throws: error) { try ExpectedFailures(parsing: text) }
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
                RuleResult(rule: .phone2, checks: [CheckResult(name: "c", status: .fail, message: "m")]),
                RuleResult(rule: .phone3, checks: [CheckResult(name: "c", status: .pass)]),
                RuleResult(rule: .phone4, checks: [CheckResult(name: "c", status: .notApplicable)]),
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
                RuleResult(rule: .phone2, checks: [CheckResult(name: "c", status: .fail, message: "m")]),
                RuleResult(rule: .phone3, checks: [CheckResult(name: "c", status: .pass)]),
            ], durationSeconds: 0.5
        ).applying(try ExpectedFailures(parsing: "PHONE-2 we refuse empty numbers late\nPHONE-3 was flaky"))
        let table = ReportTable(report).rendered
        #expect(table.contains("PHONE-2 MUST    FAIL (known)   "))
        #expect(table.contains("PHONE-3 MUST    PASS (fixed)   "))
        #expect(table.contains("2 rules: 1 pass, 1 fail, 0 warn, 0 n/a (1 known, 1 fixed) in 0.5 s"))
        #expect(
            table.contains(
                """
                PHONE-2 [MUST] FAIL (known): \(Rule.phone2.title)\n  known failure: we refuse empty numbers late\n  c \
                [fail]: m
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
