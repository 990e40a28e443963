import Foundation

/// A JSON value as a fixture case holds it, for the fields whose shape each fixture defines (`expected`).
public indirect enum FixtureValue: Sendable, Hashable, Codable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([FixtureValue])
    case object([String: FixtureValue])

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Double.self) {
            self = .number(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode([FixtureValue].self) {
            self = .array(value)
        } else {
            self = .object(try container.decode([String: FixtureValue].self))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case .bool(let value): try container.encode(value)
        case .number(let value): try container.encode(value)
        case .string(let value): try container.encode(value)
        case .array(let value): try container.encode(value)
        case .object(let value): try container.encode(value)
        }
    }

    /// The value read as `Value`, the type a fixture's description gives its shape.
    public func decoded<Value: Decodable>(as type: Value.Type) throws(FixtureValueMismatch) -> Value {
        do { return try JSONDecoder().decode(Value.self, from: JSONEncoder().encode(self)) } catch {
            throw FixtureValueMismatch(expectedType: "\(Value.self)", reason: "\(error)")
        }
    }
}

/// A fixture value that does not have the shape of the type it is read as.
public struct FixtureValueMismatch: Error, Sendable, Hashable, CustomStringConvertible {
    public let expectedType: String
    public let reason: String

    public var description: String { "not a \(expectedType): \(reason)" }
}
