import ConformanceFixtures
import ConformanceKit
import Foundation
import MockIdP
import Testing

/// `Fixtures/apple/id-tokens.json` and `Fixtures/apple/nonce.json`, read strictly from the bundle: their cases have
/// the issue's own shapes rather than the generic `input`/`valid` case, so `Fixture<Input>` does not read them. The
/// schema check of both files is `FixtureSchemaTests`'.
struct AppleFixtureFile<Case: Decodable & Sendable>: Decodable, Sendable {
    let fixture: String
    let version: Int
    let description: String
    let cases: [Case]

    static func load(_ name: String) throws -> AppleFixtureFile {
        guard let url = ConformanceFixtures.url(folder: "apple", name: name) else {
            throw FixtureError.notFound("apple/\(name).json")
        }
        return try JSONDecoder().decode(AppleFixtureFile.self, from: Data(contentsOf: url))
    }
}

/// One case of `apple/id-tokens.json`.
struct IDTokenCase: Decodable, Sendable, CustomTestStringConvertible {
    let id: String
    let summary: String
    let token: String
    let clientID: String
    let rawNonce: String?
    let now: Int
    let valid: Bool
    let reason: String?
    let rules: [RuleID]

    var testDescription: String { id }

    /// The key set every case is verified with: the public halves of the keys the mock Apple publishes, the first
    /// two of `test-keys.json` (the fixture's description says so).
    static let keySet = JSONWebKeySet(keys: Array(JSONWebKeySet.appleTestKeys.keys.prefix(2))).publicKeys

    static let fields: Set = ["id", "description", "token", "clientID", "rawNonce", "now", "valid", "reason", "rules"]

    init(from decoder: any Decoder) throws {
        try requireOnly(Self.fields, decoder: decoder)
        let container = try decoder.container(keyedBy: Keys.self)
        id = try container.decode(String.self, forKey: .id)
        summary = try container.decode(String.self, forKey: .description)
        token = try container.decode(String.self, forKey: .token)
        clientID = try container.decode(String.self, forKey: .clientID)
        guard container.contains(.rawNonce) else {
            throw StrictKeyError("case \(id): rawNonce must be present (null when none)")
        }
        rawNonce = try container.decodeNil(forKey: .rawNonce) ? nil : container.decode(String.self, forKey: .rawNonce)
        now = try container.decode(Int.self, forKey: .now)
        valid = try container.decode(Bool.self, forKey: .valid)
        reason = try container.decodeIfPresent(String.self, forKey: .reason)
        rules = try container.decode([RuleID].self, forKey: .rules)
    }

    /// The header of the token, for cases that parse.
    var header: JOSEHeader? { try? CompactJWS(token).header }

    /// The claims of the token, for cases that parse.
    var claims: AppleIdentityClaims? { (try? CompactJWS(token)).flatMap { AppleIdentityClaims(payload: $0.payload) } }

    var date: Date { Date(timeIntervalSince1970: TimeInterval(now)) }

    private enum Keys: String, CodingKey { case id, description, token, clientID, rawNonce, now, valid, reason, rules }
}

/// One case of `apple/nonce.json`.
struct NonceCase: Decodable, Sendable, CustomTestStringConvertible {
    let id: String
    let summary: String
    let input: String
    let sha256Hex: String
    let rules: [RuleID]

    var testDescription: String { id }

    init(from decoder: any Decoder) throws {
        try requireOnly(["id", "description", "input", "sha256Hex", "rules"], decoder: decoder)
        let container = try decoder.container(keyedBy: Keys.self)
        id = try container.decode(String.self, forKey: .id)
        summary = try container.decode(String.self, forKey: .description)
        input = try container.decode(String.self, forKey: .input)
        sha256Hex = try container.decode(String.self, forKey: .sha256Hex)
        rules = try container.decode([RuleID].self, forKey: .rules)
    }

    private enum Keys: String, CodingKey { case id, description, input, sha256Hex, rules }
}

struct StrictKeyError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// Refuses a case with a key outside `allowed`: another language's reader would not know what to do with it.
private func requireOnly(_ allowed: Set<String>, decoder: any Decoder) throws {
    let keys = try decoder.container(keyedBy: AnyKey.self).allKeys.map(\.stringValue)
    if let unknown = keys.first(where: { !allowed.contains($0) }) {
        throw StrictKeyError("unknown key \"\(unknown)\" in a case")
    }
}

private struct AnyKey: CodingKey {
    let stringValue: String
    let intValue: Int? = nil
    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
}
