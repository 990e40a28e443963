import ConformanceKit
import Foundation
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

    @Test("every rule has checks, a title, a statement, sources and a hint")
    func complete() {
        for rule in RuleCatalogue.all {
            #expect(!rule.checks.isEmpty, "\(rule.id) has no check")
            #expect(!rule.title.isEmpty && rule.title.count <= 96, "\(rule.id) title")
            #expect(!rule.statement.isEmpty && !rule.sources.isEmpty && !rule.hint.isEmpty, "\(rule.id)")
            #expect(!rule.title.lowercased().contains("should"), "\(rule.id): titles state what is, not what should be")
            let names = rule.checks.map(\.name)
            #expect(Set(names).count == names.count, "\(rule.id) has two checks of the same name")
        }
    }
}

@Suite("Where the rules come from")
struct RuleSourcesTests {
    @Test("every rule cites at least one document by its https address, and each source is well-formed")
    func openable() {
        for rule in RuleCatalogue.all {
            #expect(!rule.sources.isEmpty, "\(rule.id) cites no source")
            for source in rule.sources {
                #expect(
                    source.url.scheme == "https" && source.url.host?.isEmpty == false,
                    "\(rule.id): \(source.url) is not an https address")
                #expect(!source.title.isEmpty, "\(rule.id): a source has no title")
                #expect(source.section.map { !$0.isEmpty } ?? true, "\(rule.id): \(source.title) has an empty section")
            }
            #expect(Set(rule.sources).count == rule.sources.count, "\(rule.id) cites a source twice")
        }
    }

    @Test("every hint is one line for an implementer: “if this fails, check …”")
    func hints() {
        for rule in RuleCatalogue.all {
            #expect(rule.hint.hasPrefix("if this fails, check "), "\(rule.id) hint: \(rule.hint)")
            #expect(!rule.hint.contains("\n"), "\(rule.id) hint spans several lines")
        }
    }

    @Test("no source or hint needs the Korean seed documents: no seed number, no Hangul")
    func readableByAVendor() {
        let seedNumbers: Set<Substring> = ["000", "001", "002", "003", "004"]
        for rule in RuleCatalogue.all {
            for text in [rule.hint] + rule.sources.flatMap({ [$0.title, $0.section ?? "", $0.url.absoluteString] }) {
                let numbers = text.split { !$0.isNumber }
                #expect(numbers.allSatisfy { !seedNumbers.contains($0) }, "\(rule.id) cites a seed number: \(text)")
                #expect(!text.unicodeScalars.contains { $0.isHangul }, "\(rule.id) has Hangul: \(text)")
            }
        }
    }

    @Test("a source reads as title, section and address, and keeps its fields through JSON")
    func source() throws {
        let source = RuleSource.firebasePhoneAuth(section: "Test with fictional phone numbers")
        #expect(
            source.description == "Authenticate with Firebase on Apple platforms using a Phone Number — "
                + "Test with fictional phone numbers: https://firebase.google.com/docs/auth/ios/phone-auth")
        #expect(
            RuleSource.ituE164().description == "\(RuleSource.ituE164().title): https://www.itu.int/rec/T-REC-E.164")
        let decoded = try JSONDecoder().decode(RuleSource.self, from: JSONEncoder().encode(source))
        #expect(decoded == source)
    }
}

extension Unicode.Scalar {
    /// Hangul syllables and jamo: text only a Korean reader can follow.
    fileprivate var isHangul: Bool {
        [0x1100...0x11FF, 0x3130...0x318F, 0xA960...0xA97F, 0xAC00...0xD7AF, 0xD7B0...0xD7FF].contains {
            $0.contains(value)
        }
    }
}
