import Foundation

/// Reading and writing JSON bodies (the Identity Toolkit API's) with the library's JSON value.
extension FixtureValue {
    package subscript(key: String) -> FixtureValue? {
        if case .object(let object) = self { return object[key] }
        return nil
    }

    package var stringValue: String? {
        switch self {
        case .string(let value): value
        case .number(let value): value.rounded() == value ? String(Int(value)) : String(value)
        case .bool(let value): String(value)
        default: nil
        }
    }

    package var boolValue: Bool? {
        switch self {
        case .bool(let value): value
        case .string(let value): value == "true" ? true : value == "false" ? false : nil
        default: nil
        }
    }

    package var arrayValue: [FixtureValue] {
        if case .array(let values) = self { return values }
        return []
    }

    /// An object of the fields that have a value.
    package static func fields(_ fields: [String: FixtureValue?]) -> FixtureValue {
        .object(fields.compactMapValues { $0 })
    }

    package static func text(_ value: String?) -> FixtureValue? { value.map { .string($0) } }

    package var encoded: Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        return (try? encoder.encode(self)) ?? Data("{}".utf8)
    }
}
