import ConformanceKit
import Foundation

/// The package's `Fixtures/` folder, for tests that read its files directly.
package enum FixtureFiles {
    package static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
        "../../Fixtures"
    ).standardized

    /// JSON files under `Fixtures/` that are not fixture files: the test-only Apple keys are a JWK Set, which
    /// AppleTests checks.
    static let notFixtures: Set = ["apple/test-keys.json"]

    package static var all: [String] {
        let folders = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return folders.sorted().flatMap { name in
            ((try? FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent(name).path)) ?? [])
                .filter { $0.hasSuffix(".json") }.sorted().map { "\(name)/\($0)" }
        }.filter { !notFixtures.contains($0) }
    }

    package static func load(_ path: String) throws -> JSONValue {
        try JSONDecoder().decode(JSONValue.self, from: Data(contentsOf: folder.appendingPathComponent(path)))
    }
}
