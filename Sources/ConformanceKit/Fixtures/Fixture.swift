import ConformanceFixtures
import Foundation

/// A fixture file: language-neutral test vectors (`Fixtures/<folder>/<name>.json`), checked against the
/// same constraints as `Fixtures/fixture.schema.json` when loaded.
public struct Fixture<Input: Decodable & Sendable>: Sendable {
    public let fixture: String
    public let version: Int
    public let description: String
    public let cases: [FixtureCase<Input>]

    /// Loads a bundled fixture, e.g. `Fixture<String>.load("phone", "e164")`.
    public static func load(_ folder: String, _ name: String) throws(FixtureError) -> Fixture {
        guard let url = ConformanceFixtures.url(folder: folder, name: name) else {
            throw .notFound("\(folder)/\(name).json")
        }
        let data: Data
        do { data = try Data(contentsOf: url) } catch {
            throw .unreadable("\(folder)/\(name).json", reason: "\(error)")
        }
        return try decode(data, path: "\(folder)/\(name).json")
    }

    /// Decodes and validates fixture JSON; `path` names the file in errors.
    public static func decode(_ data: Data, path: String) throws(FixtureError) -> Fixture {
        let file: FixtureFileJSON<Input>
        do { file = try JSONDecoder().decode(FixtureFileJSON<Input>.self, from: data) } catch let error
            as FixtureProblem
        { throw .malformed(path, reason: error.reason) } catch let DecodingError.dataCorrupted(context) {
            throw .malformed(
                path,
                reason: "not valid JSON: \(context.debugDescription) \(context.underlyingError.map { "\($0)" } ?? "")")
        } catch let DecodingError.keyNotFound(key, context) {
            throw .malformed(path, reason: "missing \"\(key.stringValue)\" at \(context.codingPath.rendered)")
        } catch let DecodingError.typeMismatch(_, context), let DecodingError.valueNotFound(_, context) {
            throw .malformed(path, reason: "wrong type at \(context.codingPath.rendered): \(context.debugDescription)")
        } catch { throw .malformed(path, reason: "\(error)") }
        var seen = Set<String>()
        for fixtureCase in file.cases where !seen.insert(fixtureCase.id).inserted {
            throw .malformed(path, reason: "case id \"\(fixtureCase.id)\" appears more than once")
        }
        return Fixture(fixture: file.fixture, version: file.version, description: file.description, cases: file.cases)
    }
}

/// One test vector.
public struct FixtureCase<Input: Decodable & Sendable>: Sendable, Decodable, CustomStringConvertible {
    public enum Expectation: Sendable, Hashable {
        case valid
        case invalid
        /// Either outcome conforms; the implementation declares which it chose.
        case implementationDefined
    }

    public let id: String
    public let description: String
    public let input: Input
    public let expectation: Expectation
    public let rules: [RuleID]
    public let reason: String?
    public let comment: String?
    /// What a conforming implementation produces from the input beyond accepting or rejecting it, in the shape
    /// the fixture's description gives (`oauth/custom-parameters`: what reaches the provider); most have none.
    public let expected: FixtureValue?

    public init(from decoder: any Decoder) throws {
        let keys = try decoder.container(keyedBy: AnyKey.self).allKeys.map(\.stringValue)
        let allowed: Set = ["id", "description", "input", "valid", "rules", "reason", "comment", "expected"]
        if let unknown = keys.first(where: { !allowed.contains($0) }) {
            throw FixtureProblem("unknown key \"\(unknown)\" in a case")
        }
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(String.self, forKey: .id)
        description = try container.decode(String.self, forKey: .description)
        input = try container.decode(Input.self, forKey: .input)
        rules = try container.decode([RuleID].self, forKey: .rules)
        reason = try container.decodeIfPresent(String.self, forKey: .reason)
        comment = try container.decodeIfPresent(String.self, forKey: .comment)
        expected = try container.decodeIfPresent(FixtureValue.self, forKey: .expected)
        if let valid = try? container.decode(Bool.self, forKey: .valid) {
            expectation = valid ? .valid : .invalid
        } else if try container.decode(String.self, forKey: .valid) == "implementation-defined" {
            expectation = .implementationDefined
        } else {
            throw FixtureProblem("case \"\(id)\": \"valid\" must be true, false or \"implementation-defined\"")
        }
        guard id.range(of: #"^[a-z0-9]+(-[a-z0-9]+)*$"#, options: .regularExpression) != nil, id.count <= 80 else {
            throw FixtureProblem("case id \"\(id)\" is not lowercase words joined by dashes (at most 80 characters)")
        }
        guard (1...150).contains(description.count) else {
            throw FixtureProblem("case \"\(id)\": description must have 1 to 150 characters")
        }
        guard !rules.isEmpty,
            rules.allSatisfy({ $0.rawValue.range(of: #"^[A-Z]+-[0-9]+$"#, options: .regularExpression) != nil })
        else { throw FixtureProblem("case \"\(id)\": rules must be a non-empty list of rule IDs such as PHONE-1") }
        guard expectation != .invalid || reason != nil else {
            throw FixtureProblem("case \"\(id)\": an invalid case needs a reason")
        }
    }

    private enum CodingKeys: String, CodingKey { case id, description, input, valid, rules, reason, comment, expected }
}

public enum FixtureError: Error, Sendable, Hashable, CustomStringConvertible {
    case notFound(String)
    case unreadable(String, reason: String)
    case malformed(String, reason: String)

    public var description: String {
        switch self {
        case .notFound(let path): "fixture \(path) is not in the fixture bundle"
        case .unreadable(let path, let reason): "fixture \(path) cannot be read: \(reason)"
        case .malformed(let path, let reason): "fixture \(path) is malformed: \(reason)"
        }
    }
}

private struct FixtureFileJSON<Input: Decodable & Sendable>: Decodable {
    let fixture: String
    let version: Int
    let description: String
    let cases: [FixtureCase<Input>]

    init(from decoder: any Decoder) throws {
        let keys = try decoder.container(keyedBy: AnyKey.self).allKeys.map(\.stringValue)
        let allowed: Set = ["$schema", "fixture", "version", "description", "cases"]
        if let unknown = keys.first(where: { !allowed.contains($0) }) {
            throw FixtureProblem("unknown top-level key \"\(unknown)\"")
        }
        let container = try decoder.container(keyedBy: CodingKeys.self)
        _ = try container.decode(String.self, forKey: .schema)
        fixture = try container.decode(String.self, forKey: .fixture)
        version = try container.decode(Int.self, forKey: .version)
        description = try container.decode(String.self, forKey: .description)
        cases = try container.decode([FixtureCase<Input>].self, forKey: .cases)
        guard fixture.range(of: #"^[a-z0-9-]+/[a-z0-9-]+$"#, options: .regularExpression) != nil else {
            throw FixtureProblem("\"fixture\" must look like folder/name, not \"\(fixture)\"")
        }
        guard version >= 1 else { throw FixtureProblem("\"version\" must be at least 1") }
        guard !cases.isEmpty else { throw FixtureProblem("\"cases\" must not be empty") }
    }

    private enum CodingKeys: String, CodingKey { case schema = "$schema", fixture, version, description, cases }
}

private struct FixtureProblem: Error {
    let reason: String
    init(_ reason: String) { self.reason = reason }
}

private struct AnyKey: CodingKey {
    let stringValue: String
    let intValue: Int? = nil
    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
}

extension [any CodingKey] {
    fileprivate var rendered: String {
        isEmpty ? "the top level" : map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
    }
}
