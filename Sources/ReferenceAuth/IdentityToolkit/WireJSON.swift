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

    /// A body as the server reads it: a JSON object, or the fields of a form.
    static func body(_ data: Data, contentType: String?) -> FixtureValue {
        if contentType?.contains("application/x-www-form-urlencoded") == true {
            var fields: [String: FixtureValue] = [:]
            for pair in String(decoding: data, as: UTF8.self).split(separator: "&") {
                let parts = pair.split(separator: "=", maxSplits: 1).map { String($0).replacingOccurrences(of: "+", with: " ").removingPercentEncoding ?? String($0) }
                fields[parts[0]] = .string(parts.count > 1 ? parts[1] : "")
            }
            return .object(fields)
        }
        return (try? JSONDecoder().decode(FixtureValue.self, from: data)) ?? .object([:])
    }

    var encoded: Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        return (try? encoder.encode(self)) ?? Data("{}".utf8)
    }
}
