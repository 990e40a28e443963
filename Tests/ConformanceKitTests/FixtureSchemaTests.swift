import Foundation
import ReferenceTestSupport
import Testing

@Suite("Every fixture file is valid under Fixtures/fixture.schema.json")
struct FixtureSchemaTests {
    static let fixtures = FixtureFiles.folder
    static var files: [String] { FixtureFiles.all }
    static func load(_ path: String) throws -> JSONValue { try FixtureFiles.load(path) }

    @Test("the fixture files are found")
    func found() {
        #expect(Self.files.contains("phone/e164.json") && Self.files.contains("mfa/phone-hint-mask.json"))
        #expect(Self.files.contains("email-link/links.json") && Self.files.contains("oauth/custom-parameters.json"))
        #expect(Self.files.contains("apple/id-tokens.json") && Self.files.contains("apple/nonce.json"))
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
             {"id": "a", "description": "d", "input": {}, "valid": true, "rules": ["OAUTH-2"], "expected": \
             {"rejected": false, "dropped": {}}},
             {"id": "b", "description": "d", "input": 1, "valid": true, "rules": ["OAUTH-2"], "expected": null}]}
            """
        #expect(validator.errors(in: try JSONDecoder().decode(JSONValue.self, from: Data(file.utf8))).isEmpty)
    }

    @Test("the validator refuses what the schema forbids")
    func refuses() throws {
        let validator = JSONSchemaSubset(root: try Self.load("fixture.schema.json"))
        let bad = """
            {"$schema": "../fixture.schema.json", "fixture": "phone/x", "version": 0, "description": "d", "extra": 1,
             "cases": [{"id": "Bad Id", "description": "", "input": 1, "valid": false, "rules": ["PHONE-1", \
             "PHONE-1"]}]}
            """
        let errors = validator.errors(in: try JSONDecoder().decode(JSONValue.self, from: Data(bad.utf8))).joined(
            separator: "\n")
        for expected in [
            "unexpected property extra", "$.version: less than", "does not match", "shorter than 1",
            "missing required reason", "not unique",
        ] { #expect(errors.contains(expected), "no error \"\(expected)\" in:\n\(errors)") }
    }

    @Test("apple/id-tokens and apple/nonce cases have their own shape, and only there")
    func appleShapes() throws {
        let validator = JSONSchemaSubset(root: try Self.load("fixture.schema.json"))
        func errors(_ fixture: String, _ cases: String) throws -> String {
            let file =
                #"{"$schema": "../fixture.schema.json", "fixture": "\#(fixture)", "version": 1, "description": "d", "#
                + #""cases": [\#(cases)]}"#
            return validator.errors(in: try JSONDecoder().decode(JSONValue.self, from: Data(file.utf8))).joined(
                separator: "\n")
        }
        let token =
            #"{"id": "a", "description": "d", "token": "x.y.z", "clientID": "com.example", "#
            + #""rawNonce": null, "now": 1, "valid": true, "rules": ["APPLE-5"]}"#
        let nonce =
            #"{"id": "a", "description": "d", "input": "", "#
            + #""sha256Hex": "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855", "rules": ["APPLE-2"]}"#
        #expect(try errors("apple/id-tokens", token).isEmpty)
        #expect(try errors("apple/nonce", nonce).isEmpty)
        let badToken = token.replacingOccurrences(of: #""valid": true"#, with: #""valid": false"#).replacingOccurrences(
            of: #""now": 1"#, with: #""now": 1.5"#)
        let tokenErrors = try errors("apple/id-tokens", badToken)
        for expected in ["$.cases[0]: missing required reason", "$.cases[0].now: not of type integer"] {
            #expect(tokenErrors.contains(expected), "no error \"\(expected)\" in:\n\(tokenErrors)")
        }
        #expect(
            try errors(
                "apple/id-tokens",
                badToken.replacingOccurrences(of: #""valid": false"#, with: #""valid": false, "reason": "nonceWrong""#)
            ).contains("$.cases[0].reason: not one of the enum's values"))
        #expect(
            try errors("apple/nonce", nonce.replacingOccurrences(of: "e3b0", with: "E3B0")).contains(
                "$.cases[0].sha256Hex: \"E3B0"))
        #expect(try errors("apple/nonce", token).contains("$.cases[0]: missing required sha256Hex"))
        #expect(try errors("phone/e164", token).contains("$.cases[0]: missing required input"))
        #expect(try errors("phone/e164", nonce).contains("$.cases[0]: unexpected property sha256Hex"))
    }
}
