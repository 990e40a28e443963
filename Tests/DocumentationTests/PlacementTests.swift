import Foundation
import Testing

/// Where the manual says something is, it is: "`Symbol` in `Module`", "`Symbol` (in `Module`)", "`Symbol` in
/// `Sources/…`" and "`Symbol` (`Sources/…`)" name a module, folder or file that declares the symbol, and every file
/// or folder of the package a document names in backticks exists.
@Suite("The manual places each symbol and file where it is")
struct PlacementTests {
    private static let sources = DocumentationTests.root.appendingPathComponent("Sources")

    /// The package's modules: the folders of `Sources`.
    static let modules = Set((try? FileManager.default.contentsOfDirectory(atPath: sources.path)) ?? [])

    /// The Swift text of a module's folder, of a folder under `Sources` or of one file.
    static func swiftText(of place: String) -> String {
        let url = DocumentationTests.root.appendingPathComponent(
            place.hasPrefix("Sources/") ? place : "Sources/" + place)
        if url.pathExtension == "swift" { return (try? String(contentsOf: url, encoding: .utf8)) ?? "" }
        var texts: [String] = []
        let enumerator = FileManager.default.enumerator(atPath: url.path)
        while let file = enumerator?.nextObject() as? String {
            if file.hasSuffix(".swift") {
                texts.append((try? String(contentsOf: url.appendingPathComponent(file), encoding: .utf8)) ?? "")
            }
        }
        return texts.joined(separator: "\n")
    }

    /// Whether `place` declares `symbol` (its last component, for `Type.member`).
    static func declares(_ place: String, _ symbol: String) -> Bool {
        let name = symbol.split(separator: ".").last.map(String.init) ?? symbol
        let declaration = try! Regex(
            #"\b(struct|class|enum|actor|protocol|typealias|func|var|let|case)\s+"# + name + #"\b"#)
        return swiftText(of: place).contains(declaration)
    }

    /// Each symbol a text places, and where: a module of the package or a path under `Sources`.
    static func placements(in text: String) -> [(symbol: String, place: String)] {
        let inPlace = /`([A-Za-z_][\w.]*)`,? \(?in `([^`]+)`/
        let inParentheses = /`([A-Za-z_][\w.]*)` \(`(Sources\/[^`]+)`[,)]/
        let found =
            text.matches(of: inPlace).map { (symbol: String($0.output.1), place: String($0.output.2)) }
            + text.matches(of: inParentheses).map { (symbol: String($0.output.1), place: String($0.output.2)) }
        return found.filter { modules.contains($0.place) || $0.place.hasPrefix("Sources/") }
    }

    /// Each path of the package a text names in backticks (not a pattern such as `Rules/<Flow>/…`).
    static func paths(in text: String) -> [String] {
        text.matches(of: /`((?:Sources|Tests|Examples|Fixtures|docs|schemas|api|\.ci)\/[^`\s]*)`/).map {
            String($0.output.1)
        }.filter { !$0.contains(/[<*…{]/) }
    }

    @Test("every symbol a document places in a module, folder or file is declared there")
    func symbols() {
        var placed = 0
        for (path, text) in DocumentationTests.documents {
            for (symbol, place) in Self.placements(in: text) {
                placed += 1
                #expect(
                    Self.declares(place, symbol), "\(path) places `\(symbol)` in `\(place)`, which does not declare it")
            }
        }
        #expect(placed >= 4)
    }

    @Test("every file and folder of the package a document names exists")
    func files() {
        for (path, text) in DocumentationTests.documents {
            let missing = Self.paths(in: text).filter {
                !FileManager.default.fileExists(atPath: DocumentationTests.root.appendingPathComponent($0).path)
            }
            #expect(missing.isEmpty, "\(path) names \(missing), which the package does not have")
        }
    }

    @Test("a symbol placed in the wrong module, and a file that is not there, are caught")
    func wrongPlacesFail() {
        let text = "`IdentityToolkitServer` (in `ReferenceAuth`) and `HTTP1Client` in `PlainHTTPClient`"
        let placements = Self.placements(in: text)
        #expect(placements.map(\.symbol) == ["IdentityToolkitServer", "HTTP1Client"])
        #expect(placements.map { Self.declares($0.place, $0.symbol) } == [false, true])
        #expect(Self.declares("IdentityToolkitServer", "IdentityToolkitServer"))
        #expect(Self.paths(in: "`Tests/LoopbackHTTPTests/HTTP1ClientTests.swift`, `Sources/<Module>`").count == 1)
    }
}
