import ConformanceKit
import Foundation
import Testing

@Suite("The README")
struct ReadmeTests {
    @Test("lists every rule of the catalogue")
    func listsEveryRule() throws {
        let readme = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
            "../../README.md")
        let text = try String(contentsOf: readme, encoding: .utf8)
        let missing = RuleCatalogue.all.filter { !text.contains("| \($0.id) | \($0.level) |") }.map(\.id)
        #expect(missing.isEmpty, "README.md does not list \(missing)")
    }
}
