import ConformanceKit
import Foundation
import Testing

#if canImport(FoundationXML)
    import FoundationXML
#endif

@Suite("The JUnit report")
struct JUnitReportTests {
    /// Characters XML must escape or cannot hold, in a check's name and its message.
    static let awkward = "a & b < c > d \"quoted\" 'single' ]]> tab\there \u{1B}[31mred\u{0} line\r\nbreak"

    static let report = ConformanceReport(
        subject: "S & <T>",
        results: [
            RuleResult(
                rule: .phone2,
                checks: [
                    CheckResult(
                        id: "PHONE-2/fails", name: "fails \(awkward)", status: .fail,
                        message: "PHONE-2: it went wrong: \(awkward)",
                        failure: .init(
                            kind: .hang, location: CheckLocation(filePath: "/elsewhere/PHONE-02.swift", line: 9),
                            waitingFor: "the <SMS>", transcript: ["#1 t+0s SMS to +1 <x>"]), durationSeconds: 0.0123),
                    CheckResult(id: "PHONE-2/passes", name: "passes", status: .pass, durationSeconds: 0.5),
                ]),
            RuleResult(
                rule: .phone17,
                checks: [
                    CheckResult(
                        id: "PHONE-17/limits", name: "limits", status: .warn, message: "PHONE-17: no limit",
                        durationSeconds: 1.0)
                ]),
            RuleResult(
                rule: .phone3,
                checks: [
                    CheckResult(
                        id: "PHONE-3/not-applicable", name: "n/a", status: .notApplicable,
                        message: "the subject does not declare the phone flow")
                ]),
            RuleResult(
                rule: .mfa7,
                checks: [
                    CheckResult(id: "MFA-7/masks", name: "masks", status: .fail, message: "MFA-7: shows all digits")
                ]),
            RuleResult(
                rule: .mfa8,
                checks: [CheckResult(id: "MFA-8/hints", name: "hints", status: .pass, durationSeconds: 0.002)]),
            RuleResult(
                rule: .auth1,
                checks: [CheckResult(id: "AUTH-1/typed", name: "typed", status: .pass, durationSeconds: 0.0004)]),
        ], durationSeconds: 1.25
    ).applying(try! ExpectedFailures(parsing: "MFA-7 masks \"the old way\" & more\nMFA-8 was flaky"))

    static func document() throws -> XMLElement {
        let document = try XMLDocument(xmlString: JUnitReport(report).rendered, options: [])
        return try #require(document.rootElement())
    }

    @Test("the root is <testsuites> with the totals; one <testsuite> per area, in report order, with its own")
    func suites() throws {
        let root = try Self.document()
        #expect(root.name == "testsuites")
        #expect(
            attributes(of: root) == [
                "name": "Conformance of S & <T>", "tests": "8", "failures": "2", "errors": "0", "skipped": "2",
                "time": "1.250",
            ])
        let suites = root.elements(forName: "testsuite")
        #expect(suites.map { $0.attribute(forName: "name")?.stringValue } == ["phone", "mfa", "general"])
        #expect(
            attributes(of: suites[0]) == [
                "name": "phone", "tests": "4", "failures": "1", "errors": "0", "skipped": "1", "time": "1.512",
            ])
        #expect(
            attributes(of: suites[1]) == [
                "name": "mfa", "tests": "3", "failures": "1", "errors": "0", "skipped": "1", "time": "0.002",
            ])
        #expect(
            attributes(of: suites[2]) == [
                "name": "general", "tests": "1", "failures": "0", "errors": "0", "skipped": "0", "time": "0.000",
            ])
    }

    @Test("one <testcase> per check: classname the rule ID, name the check's ID, time its duration")
    func testCases() throws {
        let cases = try Self.document().elements(forName: "testsuite").flatMap { $0.elements(forName: "testcase") }
        #expect(
            cases.map { $0.attribute(forName: "classname")?.stringValue } == [
                "PHONE-2", "PHONE-2", "PHONE-17", "PHONE-3", "MFA-7", "MFA-8", "MFA-8", "AUTH-1",
            ])
        #expect(
            cases.map { $0.attribute(forName: "time")?.stringValue } == [
                "0.012", "0.500", "1.000", "0.000", "0.000", "0.002", "0.000", "0.000",
            ])
        #expect(
            cases.map { $0.attribute(forName: "name")?.stringValue } == [
                "PHONE-2/fails", "PHONE-2/passes", "PHONE-17/limits", "PHONE-3/not-applicable", "MFA-7/masks",
                "MFA-8/hints", JUnitReport.fixedTestCaseName, "AUTH-1/typed",
            ])
        #expect(cases[1].childCount == 0)
    }

    @Test(
        """
        a failed check has <failure message type> with the check's sentence, the message, the failure's fields, the \
        hint and the sources; XML-hostile text survives
        """)
    func failure() throws {
        let testCase = try #require(
            try Self.document().elements(forName: "testsuite")[0].elements(forName: "testcase").first)
        let shown = "a & b < c > d \"quoted\" 'single' ]]> tab\there \\u{1B}[31mred\\u{0} line\r\nbreak"
        #expect(testCase.attribute(forName: "name")?.stringValue == "PHONE-2/fails")
        let failure = try #require(testCase.elements(forName: "failure").first)
        #expect(failure.attribute(forName: "type")?.stringValue == "hang")
        #expect(failure.attribute(forName: "message")?.stringValue == "PHONE-2: it went wrong: \(shown)")
        let text = try #require(failure.stringValue)
        #expect(
            text.hasPrefix(
                """
                fails \(shown)\n\nPHONE-2: it went wrong: \(shown)\n  at: /elsewhere/PHONE-02.swift:9\n  waiting for: \
                the <SMS>\n  world \
                transcript:\n    #1 t+0s SMS to +1 <x>\n\nhint: \(Rule.phone2.hint)\n
                """))
        #expect(testCase.attribute(forName: "file")?.stringValue == "/elsewhere/PHONE-02.swift")
        #expect(testCase.attribute(forName: "line")?.stringValue == "9")
        #expect(text.hasSuffix("source: \(Rule.phone2.sources.last!)"))
    }

    @Test("a SHOULD not met passes, with a warning property and the message in <system-out>")
    func warning() throws {
        let testCase = try #require(
            try Self.document().elements(forName: "testsuite")[0].elements(forName: "testcase").dropFirst(2).first)
        #expect(testCase.elements(forName: "failure").isEmpty && testCase.elements(forName: "skipped").isEmpty)
        let property = try #require(testCase.elements(forName: "properties").first?.elements(forName: "property").first)
        #expect(attributes(of: property) == ["name": "warning", "value": "PHONE-17: no limit"])
        #expect(
            testCase.elements(forName: "system-out").first?.stringValue?.hasPrefix(
                "warning (SHOULD not met): limits\n\nPHONE-17: no limit\n\nhint: ") == true)
    }

    @Test(
        """
        not applicable and known failures are <skipped message>; a fixed rule adds a failed testcase that says to \
        remove it
        """)
    func skippedAndListed() throws {
        let suites = try Self.document().elements(forName: "testsuite")
        let notApplicable = try #require(
            suites[0].elements(forName: "testcase").last?.elements(forName: "skipped").first)
        #expect(
            notApplicable.attribute(forName: "message")?.stringValue
                == "not applicable: the subject does not declare the phone flow")
        let cases = suites[1].elements(forName: "testcase")
        #expect(
            cases[0].elements(forName: "skipped").first?.attribute(forName: "message")?.stringValue
                == "known failure: masks \"the old way\" & more")
        #expect(
            cases[0].elements(forName: "system-out").first?.stringValue?.hasPrefix(
                "masks\n\nMFA-7: shows all digits\n\nhint: ") == true)
        #expect(cases[1].elements(forName: "failure").isEmpty)
        #expect(cases[2].attribute(forName: "name")?.stringValue == JUnitReport.fixedTestCaseName)
        let fixed = try #require(cases[2].elements(forName: "failure").first)
        #expect(fixed.attribute(forName: "type")?.stringValue == "fixed")
        #expect(
            fixed.attribute(forName: "message")?.stringValue
                == "MFA-8: listed as an expected failure (was flaky), but it passes now: remove it from the list")
    }

    @Test("an empty report is still a well-formed document")
    func empty() throws {
        let document = try XMLDocument(
            xmlString: JUnitReport(ConformanceReport(subject: "S", results: [], durationSeconds: 0)).rendered,
            options: [])
        #expect(
            document.rootElement().map(attributes(of:)) == [
                "name": "Conformance of S", "tests": "0", "failures": "0", "errors": "0", "skipped": "0",
                "time": "0.000",
            ])
    }

    private func attributes(of element: XMLElement) -> [String: String] {
        Dictionary(
            uniqueKeysWithValues: (element.attributes ?? []).compactMap { node in
                node.name.map { ($0, node.stringValue ?? "") }
            })
    }
}
