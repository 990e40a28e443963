import ConformanceKit
import Foundation
import ReferenceTestSupport
import Testing

/// Every check has a short stable identifier, unique within its rule: the name defects, variants, known-failures files
/// and reports use, so that a check's sentence can change without touching any of them.
@Suite("Check IDs")
struct CheckIDTests {
    /// Every check of the catalogue, with its rule.
    static let checks = RuleCatalogue.all.flatMap { rule in rule.checks.map { (rule: rule.id, id: $0.id) } }

    @Test("every check's ID is its rule's ID and a well-formed identifier")
    func wellFormed() {
        for (rule, id) in Self.checks {
            #expect(id.rule == rule, "\(id) is a check of \(rule)")
            #expect(
                CheckID.isWellFormed(identifier: id.identifier),
                """
                \(id): an identifier is lowercase words of letters and digits joined by single hyphens, at most \
                \(CheckID.maximumIdentifierLength) characters
                """)
            #expect(CheckID(parsing: id.description) == id, "\(id) does not read back")
        }
    }

    @Test("no two checks of the catalogue share an ID")
    func unique() {
        let ids = Self.checks.map(\.id)
        let repeated = Dictionary(grouping: ids, by: \.self).filter { $0.value.count > 1 }.keys.sorted()
        #expect(repeated.isEmpty, "shared IDs: \(repeated.map(\.description).joined(separator: ", "))")
    }

    @Test("an identifier holds no data value, such as a phone number or a code")
    func noData() {
        for (_, id) in Self.checks { #expect(id.identifier.firstMatch(of: /[0-9]{4,}/) == nil, "\(id) holds a number") }
    }

    @Test(
        "well-formed identifiers",
        arguments: [
            ("exact-lifetime", true), ("one-second-before", true), ("fresh-128-bit-states", true), ("a", true),
            ("Exact-lifetime", false), ("exact_lifetime", false), ("exact--lifetime", false), ("-exact", false),
            ("exact-", false), ("", false), ("exact lifetime", false), (String(repeating: "a", count: 33), false),
        ])
    func identifiers(_ identifier: String, _ wellFormed: Bool) {
        #expect(CheckID.isWellFormed(identifier: identifier) == wellFormed)
    }

    @Test("written RULE/identifier: parsed, printed, a literal, and one JSON string")
    func written() throws {
        let id = try #require(CheckID(parsing: "PHONE-8/exact-lifetime"))
        #expect(id.rule == "PHONE-8" && id.identifier == "exact-lifetime")
        #expect(id.description == "PHONE-8/exact-lifetime")
        #expect(id == "PHONE-8/exact-lifetime")
        for text in ["PHONE-8", "PHONE-8/", "phone-8/exact-lifetime", "PHONE-8/Exact", "/exact", "PHONE-8/a/b"] {
            #expect(CheckID(parsing: text) == nil, "\(text)")
        }
        let encoded = try JSONEncoder().encode([id])
        #expect(try JSONSerialization.jsonObject(with: encoded) as? [String] == ["PHONE-8/exact-lifetime"])
        #expect(try JSONDecoder().decode([CheckID].self, from: encoded) == [id])
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode([CheckID].self, from: Data(#"["PHONE-8"]"#.utf8))
        }
    }

    @Test("ordered as the catalogue lists them: its rules in order, each rule's checks in order")
    func order() {
        let ids = Self.checks.map(\.id)
        #expect(ids.shuffled().sorted() == ids)
        #expect(CheckID("PHONE-8/exact-lifetime") < "PHONE-8/one-second-before")
        #expect(CheckID("PHONE-2/empty-number") < "PHONE-10/french-sms")
        #expect(CheckID("AUTH-8/malformed-emails") < "AUTH-8/not-in-the-catalogue")
    }

    @Test("every check's result carries its ID, in the JSON report too")
    func resultsCarryTheID() async throws {
        let report = await (try ConformanceRunner(subject: NoFlowSubject())).run([Rule.phone8])
        #expect(report.results.first?.checks.map(\.id) == Rule.phone8.checks.map(\.id))
        let json = try #require(try JSONSerialization.jsonObject(with: JSONEncoder().encode(report)) as? [String: Any])
        let check = try #require(((json["results"] as? [[String: Any]])?.first?["checks"] as? [[String: Any]])?.first)
        #expect(check["id"] as? String == "PHONE-8/exact-lifetime")
        #expect(check["name"] as? String == Rule.phone8.checks.first?.name)
    }
}
