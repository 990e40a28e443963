import ConformanceKit
import Foundation
import Testing

#if canImport(FoundationXML)
    import FoundationXML
#endif

@Suite("What judged a run, in every format")
struct JudgedByTests {
    static let date = Date(timeIntervalSince1970: 1_767_225_600)  // 2026-01-01T00:00:00Z

    static func report(sentence: String = "fails", server: String? = "http://localhost:9099") -> ConformanceReport {
        ConformanceReport(
            subject: "S",
            results: [
                RuleResult(
                    rule: .phone2,
                    checks: [
                        CheckResult(id: "PHONE-2/one", name: sentence, status: .fail, message: "PHONE-2: no"),
                        CheckResult(id: "PHONE-2/two", name: "passes", status: .pass),
                    ])
            ], durationSeconds: 0.1, server: server, date: date)
    }

    @Test("the digest covers the rule and check IDs and their sentences, in catalogue order, nothing else")
    func digest() {
        let digest = Self.report().catalogueDigest
        #expect(digest.wholeMatch(of: #/sha256:[0-9a-f]{64}/#) != nil)
        #expect(Self.report(server: nil).catalogueDigest == digest)
        #expect(Self.report(sentence: "fails, reworded").catalogueDigest != digest)
        let reordered = ConformanceReport(
            subject: "T",
            results: [
                RuleResult(
                    rule: .phone2,
                    checks: [
                        CheckResult(id: "PHONE-2/two", name: "passes", status: .fail),
                        CheckResult(id: "PHONE-2/one", name: "fails", status: .pass),
                    ])
            ], durationSeconds: 9)
        #expect(reordered.catalogueDigest == digest, "the statuses, the order or the subject changed the digest")
    }

    @Test("the table's footer, the JSON, JUnit's properties and the markdown name the version, digest, server, date")
    func everyFormat() throws {
        let report = Self.report()
        let line =
            "Judged by AuthConformance 0.1.0, catalogue \(report.catalogueDigest), subject S, server "
            + "http://localhost:9099, 2026-01-01T00:00:00Z"
        #expect(report.judgedBy == line)
        let table = ReportTable(report).rendered.split(separator: "\n").map(String.init)
        #expect(table.suffix(2) == [line, report.verdict.summary])
        #expect(MarkdownReport(report).rendered.contains("_\(line)_"))
        let json = try #require(try JSONSerialization.jsonObject(with: JSONEncoder().encode(report)) as? [String: Any])
        #expect(json["schemaVersion"] as? Int == 1)
        #expect(json["suiteVersion"] as? String == "0.1.0")
        #expect(json["catalogueDigest"] as? String == report.catalogueDigest)
        #expect(json["server"] as? String == "http://localhost:9099")
        #expect(json["date"] as? String == "2026-01-01T00:00:00Z")
        let decoded = try JSONDecoder().decode(ConformanceReport.self, from: JSONEncoder().encode(report))
        #expect(decoded == report)
        let root = try #require(try XMLDocument(xmlString: JUnitReport(report).rendered, options: []).rootElement())
        let properties = try #require(root.elements(forName: "testsuite").first?.elements(forName: "properties").first)
        let named = Dictionary(
            uniqueKeysWithValues: properties.elements(forName: "property").compactMap { property in
                property.attribute(forName: "name")?.stringValue.map {
                    ($0, property.attribute(forName: "value")?.stringValue ?? "")
                }
            })
        #expect(
            named == [
                "suiteVersion": "0.1.0", "catalogueDigest": report.catalogueDigest, "subject": "S",
                "server": "http://localhost:9099", "date": "2026-01-01T00:00:00Z",
            ])
    }

    @Test("a subject in process names no server")
    func inProcess() {
        let report = Self.report(server: nil)
        #expect(!report.judgedBy.contains("server"))
        #expect(!JUnitReport(report).rendered.contains("name=\"server\""))
    }
}
