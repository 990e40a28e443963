import ConformanceKit
import Foundation
import Testing

@Suite("Fixture files are validated when loaded")
struct FixtureLoaderTests {
    static let header =
        #""$schema": "../fixture.schema.json", "fixture": "phone/sample", "version": 1, "description": "d""#
    static let goodCase =
        #"{"id": "a-case", "description": "d", "input": "+16505550101", "valid": true, "rules": ["PHONE-1"]}"#

    @Test("a well-formed fixture loads")
    func wellFormed() throws {
        let fixture = try Fixture<String>.decode(
            Data("{\(Self.header), \"cases\": [\(Self.goodCase)]}".utf8), path: "sample.json")
        #expect(fixture.cases.map(\.id) == ["a-case"])
    }

    @Test("a case's optional expected output is kept as JSON and read in the fixture's own shape")
    func expectedOutput() throws {
        struct Output: Decodable, Equatable {
            let rejected: Bool
            let dropped: [String: String]
        }
        let withExpected = Self.goodCase.replacingOccurrences(
            of: #""valid": true"#, with: #""valid": true, "expected": {"rejected": false, "dropped": {"login": "é"}}"#)
        let fixture = try Fixture<String>.decode(
            Data(
                """
                {\(Self.header), \"cases\": [\(withExpected), \
                \(Self.goodCase.replacingOccurrences(of: "a-case", with: "b-case"))]}
                """.utf8), path: "sample.json")
        let expected = try #require(fixture.cases[0].expected)
        #expect(expected == .object(["rejected": .bool(false), "dropped": .object(["login": .string("é")])]))
        #expect(try expected.decoded(as: Output.self) == Output(rejected: false, dropped: ["login": "é"]))
        #expect(throws: FixtureValueMismatch.self) { try expected.decoded(as: [String].self) }
        #expect(fixture.cases[1].expected == nil)
    }

    @Test(
        "a malformed fixture is refused with a clear reason",
        arguments: [
            ("not JSON", "{", "not valid JSON"),
            ("no cases", "{\(header), \"cases\": []}", "\"cases\" must not be empty"),
            (
                "missing version", #"{"$schema": "s", "fixture": "a/b", "description": "d", "cases": []}"#,
                "missing \"version\""
            ),
            ("unknown key", "{\(header), \"extra\": 1, \"cases\": [\(goodCase)]}", "unknown top-level key \"extra\""),
            ("duplicate id", "{\(header), \"cases\": [\(goodCase), \(goodCase)]}", "appears more than once"),
            (
                "invalid without reason",
                "{\(header), \"cases\": [\(goodCase.replacingOccurrences(of: "true", with: "false"))]}",
                "needs a reason"
            ),
            (
                "bad id", "{\(header), \"cases\": [\(goodCase.replacingOccurrences(of: "a-case", with: "A Case"))]}",
                "not lowercase words"
            ),
            (
                "bad valid",
                "{\(header), \"cases\": [\(goodCase.replacingOccurrences(of: "true", with: "\"maybe\""))]}",
                "must be true, false"
            ),
            (
                "bad rule", "{\(header), \"cases\": [\(goodCase.replacingOccurrences(of: "PHONE-1", with: "phone1"))]}",
                "rule IDs"
            ),
            (
                "wrong input type",
                "{\(header), \"cases\": [\(goodCase.replacingOccurrences(of: "\"+16505550101\"", with: "42"))]}",
                "wrong type"
            ),
        ])
    func malformed(_ name: String, _ json: String, _ expected: String) {
        #expect { _ = try Fixture<String>.decode(Data(json.utf8), path: "sample.json") } throws: { error in
            guard case .malformed("sample.json", let reason) = error as? FixtureError else { return false }
            return reason.contains(expected)
        }
    }

    @Test("a missing fixture is named")
    func missing() {
        #expect(throws: FixtureError.notFound("phone/nope.json")) { try Fixture<String>.load("phone", "nope") }
    }
}
