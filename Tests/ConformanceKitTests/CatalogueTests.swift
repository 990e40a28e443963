import Foundation
import ConformanceKit
import Testing

@Suite("The rule catalogue")
struct CatalogueTests {
    @Test("IDs are unique, well-formed and in order")
    func ids() {
        let ids = RuleCatalogue.all.map(\.id)
        #expect(Set(ids).count == ids.count)
        #expect(ids.allSatisfy { $0.rawValue.wholeMatch(of: /[A-Z]+-[1-9][0-9]*/) != nil })
        #expect(RuleCatalogue.phone.map(\.id) == (1...19).map { RuleID(rawValue: "PHONE-\($0)") })
    }

    @Test("every rule has checks, a title, a statement and a source")
    func complete() {
        for rule in RuleCatalogue.all {
            #expect(!rule.checks.isEmpty, "\(rule.id) has no check")
            #expect(!rule.title.isEmpty && rule.title.count <= 96, "\(rule.id) title")
            #expect(!rule.statement.isEmpty && !rule.source.isEmpty, "\(rule.id)")
            #expect(!rule.title.lowercased().contains("should"), "\(rule.id): titles state what is, not what should be")
            let names = rule.checks.map(\.name)
            #expect(Set(names).count == names.count, "\(rule.id) has two checks of the same name")
        }
    }
}

@Suite("The README")
struct ReadmeTests {
    @Test("lists every rule of the catalogue")
    func listsEveryRule() throws {
        let readme = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../README.md")
        let text = try String(contentsOf: readme, encoding: .utf8)
        let missing = RuleCatalogue.all.filter { !text.contains("| \($0.id) | \($0.level) |") }.map(\.id)
        #expect(missing.isEmpty, "README.md does not list \(missing)")
    }
}
