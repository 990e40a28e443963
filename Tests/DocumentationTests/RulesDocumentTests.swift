import ConformanceCommand
import ConformanceKit
import Foundation
import ReferenceAuth
import Testing

@Suite("docs/RULES.md")
struct RulesDocumentTests {
    @Test("is the catalogue as the command renders it, with the reference's defects")
    func upToDate() async throws {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
            "../../docs/RULES.md"
        ).standardized
        let committed = try String(contentsOf: url, encoding: .utf8)
        let rendered = await ConformanceCommand.run(
            subject: ReferenceSubject(), variants: Defect.variants, arguments: ["catalogue", "--markdown"]
        ).output
        guard committed != rendered else { return }
        let old = committed.split(separator: "\n", omittingEmptySubsequences: false)
        let new = rendered.split(separator: "\n", omittingEmptySubsequences: false)
        let line =
            zip(old, new).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? min(old.count, new.count)
        Issue.record(
            """
            docs/RULES.md has drifted from the catalogue: regenerate it with `\(CatalogueMarkdown.regenerate)`.
            First difference at line \(line + 1):
              committed: \(line < old.count ? String(old[line]) : "(end of file)")
              rendered:  \(line < new.count ? String(new[line]) : "(end of file)")
            """)
    }
}
