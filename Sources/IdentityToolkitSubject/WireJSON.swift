import ConformanceKit
import Foundation

/// Reading and writing the JSON bodies of the Identity Toolkit API with the library's JSON value.
extension FixtureValue {
    subscript(key: String) -> FixtureValue? {
        if case .object(let object) = self { return object[key] }
        return nil
    }

    var stringValue: String? {
        switch self {
        case .string(let value): value
        case .number(let value): value.rounded() == value ? String(Int(value)) : String(value)
        case .bool(let value): String(value)
        default: nil
        }
    }

    var boolValue: Bool? {
        switch self {
        case .bool(let value): value
        case .string(let value): value == "true" ? true : value == "false" ? false : nil
        default: nil
        }
    }

    var arrayValue: [FixtureValue] {
        if case .array(let values) = self { return values }
        return []
    }

    /// An object of the fields that have a value.
    static func fields(_ fields: [String: FixtureValue?]) -> FixtureValue { .object(fields.compactMapValues { $0 }) }

    static func text(_ value: String?) -> FixtureValue? { value.map { .string($0) } }

    var encoded: Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        return (try? encoder.encode(self)) ?? Data("{}".utf8)
    }
}
