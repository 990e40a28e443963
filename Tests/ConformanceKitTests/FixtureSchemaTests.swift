import Foundation
import Testing

@Suite("Every fixture file is valid under Fixtures/fixture.schema.json")
struct FixtureSchemaTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../Fixtures").standardized

    static var files: [String] {
        let folders = (try? FileManager.default.contentsOfDirectory(atPath: fixtures.path)) ?? []
        return folders.sorted().flatMap { folder in
            ((try? FileManager.default.contentsOfDirectory(atPath: fixtures.appendingPathComponent(folder).path)) ?? [])
                .filter { $0.hasSuffix(".json") }.sorted().map { "\(folder)/\($0)" }
        }
    }

    static func load(_ path: String) throws -> JSONValue {
        try JSONDecoder().decode(JSONValue.self, from: Data(contentsOf: fixtures.appendingPathComponent(path)))
    }

    @Test("the fixture files are found")
    func found() {
        #expect(Self.files.contains("phone/e164.json") && Self.files.contains("mfa/phone-hint-mask.json"))
        #expect(Self.files.contains("email-link/links.json") && Self.files.contains("oauth/custom-parameters.json"))
    }

    @Test("file", arguments: files)
    func valid(_ path: String) throws {
        let validator = JSONSchemaSubset(root: try Self.load("fixture.schema.json"))
        let errors = validator.errors(in: try Self.load(path))
        #expect(errors.isEmpty, "\(path):\n\(errors.prefix(20).joined(separator: "\n"))")
        guard case .object(let file) = try Self.load(path), case .string(let name)? = file["fixture"] else { return }
        #expect(name + ".json" == path, "\(path) names itself \(name)")
    }

    @Test("a case may carry an expected output of any shape")
    func expectedOutput() throws {
        let validator = JSONSchemaSubset(root: try Self.load("fixture.schema.json"))
        let file = """
            {"$schema": "../fixture.schema.json", "fixture": "oauth/x", "version": 1, "description": "d", "cases": [
             {"id": "a", "description": "d", "input": {}, "valid": true, "rules": ["OAUTH-2"], "expected": {"rejected": false, "dropped": {}}},
             {"id": "b", "description": "d", "input": 1, "valid": true, "rules": ["OAUTH-2"], "expected": null}]}
            """
        #expect(validator.errors(in: try JSONDecoder().decode(JSONValue.self, from: Data(file.utf8))).isEmpty)
    }

    @Test("the validator refuses what the schema forbids")
    func refuses() throws {
        let validator = JSONSchemaSubset(root: try Self.load("fixture.schema.json"))
        let bad = """
            {"$schema": "../fixture.schema.json", "fixture": "phone/x", "version": 0, "description": "d", "extra": 1,
             "cases": [{"id": "Bad Id", "description": "", "input": 1, "valid": false, "rules": ["PHONE-1", "PHONE-1"]}]}
            """
        let errors = validator.errors(in: try JSONDecoder().decode(JSONValue.self, from: Data(bad.utf8))).joined(separator: "\n")
        for expected in ["unexpected property extra", "$.version: less than", "does not match", "shorter than 1", "missing required reason", "not unique"] {
            #expect(errors.contains(expected), "no error \"\(expected)\" in:\n\(errors)")
        }
    }
}
